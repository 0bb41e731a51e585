import {
  Alert,
  Button,
  Field,
  HStack,
  Input,
  Link as ChakraLink,
  List,
  NativeSelect,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { Link } from 'wouter';
import { deliveryStatuses, type DeliveryReportRow } from '@nine/shared/schemas/delivery';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useNotify } from '../../../lib/toast.tsx';
import {
  useDeliveryReport,
  type DeliveryReportParams,
  type DeliveryStatus,
  type DeliveryType,
} from '../api/get-delivery-report.ts';
import { useUpdateDelivery } from '../api/update-delivery.ts';
import { formatTime } from '../../../lib/format.ts';

export interface DeliveryReportProps {
  title: string;
  locationId: number;
  params: DeliveryReportParams;
  onParams(params: DeliveryReportParams): void;
  orderHref(id: number): string;
  printHref(params: DeliveryReportParams): string;
  /** delivery_report change: without it the status shows as text. */
  canChange: boolean;
}

const deliveryTypes: readonly DeliveryType[] = ['delivery', 'pickup'];

/** The items of a run, one per line: quantity, name and SKU. */
export function RunItems({ row }: { row: DeliveryReportRow }) {
  const { t } = useAppTranslation();
  return (
    <List.Root variant="plain" gap="0.5">
      {row.items.map((item) => (
        <List.Item key={item.id}>
          {t('fulfilment:delivery.item', { quantity: item.quantity, name: item.name })}
          {item.sku !== null && ` (${item.sku})`}
        </List.Item>
      ))}
    </List.Root>
  );
}

/** reports/delivery-report (spec section 3): sort, no, type, scheduled, order, address, zip code, items; and the status select. */
export function DeliveryReport({
  title,
  locationId,
  params,
  onParams,
  orderHref,
  printHref,
  canChange,
}: DeliveryReportProps) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const query = useDeliveryReport(locationId, params);
  const update = useUpdateDelivery(locationId);
  const rows = query.data;

  const changeStatus = (row: DeliveryReportRow, status: DeliveryStatus) =>
    update.mutate(
      { id: row.id, body: { status } },
      {
        onSuccess: () =>
          notify({
            type: 'success',
            title: t('fulfilment:delivery.status_saved', {
              no: row.no,
              status: t(`fulfilment:delivery.statuses.${status}`),
            }),
          }),
      },
    );

  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Text as="h1" fontSize="2xl" fontWeight="semibold">
          {title}
        </Text>
        <Button asChild variant="outline" size="sm">
          <Link href={printHref(params)}>{t('fulfilment:delivery.print')}</Link>
        </Button>
      </HStack>

      <HStack gap="4" wrap="wrap" align="flex-end">
        <Field.Root width="auto">
          <Field.Label>{t('fulfilment:delivery.date')}</Field.Label>
          <Input
            type="date"
            value={params.date}
            onChange={(event) => {
              const date = event.currentTarget.value;
              if (/^\d{4}-\d{2}-\d{2}$/.test(date)) onParams({ ...params, date });
            }}
          />
        </Field.Root>
        <Field.Root width="auto">
          <Field.Label>{t('fulfilment:delivery.type_filter')}</Field.Label>
          <NativeSelect.Root width="40">
            <NativeSelect.Field
              value={params.type ?? ''}
              onChange={(event) => {
                const type = event.currentTarget.value as DeliveryType | '';
                const { type: _old, ...rest } = params;
                onParams(type === '' ? rest : { ...rest, type });
              }}
            >
              <option value="">{t('fulfilment:delivery.all')}</option>
              {deliveryTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`fulfilment:delivery.types.${type}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root width="auto">
          <Field.Label>{t('fulfilment:delivery.status_filter')}</Field.Label>
          <NativeSelect.Root width="40">
            <NativeSelect.Field
              value={params.status ?? ''}
              onChange={(event) => {
                const status = event.currentTarget.value as DeliveryStatus | '';
                const { status: _old, ...rest } = params;
                onParams(status === '' ? rest : { ...rest, status });
              }}
            >
              <option value="">{t('fulfilment:delivery.all')}</option>
              {deliveryStatuses.map((status) => (
                <option key={status} value={status}>
                  {t(`fulfilment:delivery.statuses.${status}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </HStack>

      {query.isError && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>{t('fulfilment:delivery.load_failed')}</Alert.Description>
        </Alert.Root>
      )}
      {query.isPending && <Text>{t('common:loading')}</Text>}
      {rows && rows.length === 0 && <Text color="fg.muted">{t('fulfilment:delivery.empty')}</Text>}
      {rows && rows.length > 0 && (
        <Table.ScrollArea borderWidth="1px" borderRadius="l2">
          <Table.Root size="sm" aria-label={t('fulfilment:delivery.table')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader textAlign="end">
                  {t('fulfilment:delivery.columns.sort')}
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('fulfilment:delivery.columns.no')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('fulfilment:delivery.columns.type')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('fulfilment:delivery.columns.scheduled')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('fulfilment:delivery.columns.order')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('fulfilment:delivery.columns.address')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('fulfilment:delivery.columns.zip_code')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('fulfilment:delivery.columns.items')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('fulfilment:delivery.columns.status')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row) => (
                <Table.Row key={row.id}>
                  <Table.Cell textAlign="end">{row.sort}</Table.Cell>
                  <Table.Cell textAlign="end">{row.no}</Table.Cell>
                  <Table.Cell>{t(`fulfilment:delivery.types.${row.type}`)}</Table.Cell>
                  <Table.Cell>{formatTime(row.scheduled)}</Table.Cell>
                  <Table.Cell>
                    <ChakraLink asChild colorPalette="blue" variant="underline">
                      <Link href={orderHref(row.order.id)}>{row.order.number}</Link>
                    </ChakraLink>
                    {row.customer !== null && (
                      <Text fontSize="xs" color="fg.muted">
                        {row.customer}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>{row.address}</Table.Cell>
                  <Table.Cell>{row.zip_code ?? ''}</Table.Cell>
                  <Table.Cell>
                    <RunItems row={row} />
                  </Table.Cell>
                  <Table.Cell>
                    {canChange ? (
                      <NativeSelect.Root
                        size="sm"
                        width="36"
                        disabled={update.isPending && update.variables.id === row.id}
                      >
                        <NativeSelect.Field
                          aria-label={t('fulfilment:delivery.status_for', { no: row.no })}
                          value={row.status}
                          onChange={(event) => changeStatus(row, event.currentTarget.value as DeliveryStatus)}
                        >
                          {deliveryStatuses.map((status) => (
                            <option key={status} value={status}>
                              {t(`fulfilment:delivery.statuses.${status}`)}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    ) : (
                      t(`fulfilment:delivery.statuses.${row.status}`)
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}
