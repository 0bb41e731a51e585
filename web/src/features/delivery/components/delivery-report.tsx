import {
  Button,
  Field,
  HStack,
  Input,
  Link as ChakraLink,
  List,
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link } from 'wouter';
import { deliveryStatuses, type DeliveryReportRow } from '@nine/shared/schemas/delivery';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { OptionSelect, SelectOptions } from '../../../components/list-filter-fields.tsx';
import { busyOnly, ListLoadState } from '../../../components/list-load-state.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useNotify } from '../../../lib/toast.tsx';
import {
  useDeliveryReport,
  type DeliveryReportParams,
  type DeliveryStatus,
  type DeliveryType,
} from '../api/get-delivery-report.ts';
import { useUpdateDelivery } from '../api/update-delivery.ts';
import { formatMoney, formatTime } from '../../../lib/format.ts';

export interface DeliveryReportProps {
  title: string;
  locationId: number;
  params: DeliveryReportParams;
  onParams(params: DeliveryReportParams): void;
  orderHref(id: number): string;
  printHref(params: DeliveryReportParams): string;
  /** delivery_report change: without it the status shows as text. */
  canChange: boolean;
  /** The location's currency symbol, for the delivery zone's fee. */
  currencySymbol?: string;
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
  currencySymbol = '$',
}: DeliveryReportProps) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const query = useDeliveryReport(locationId, params);
  const update = useUpdateDelivery(locationId);
  const rows = query.data;
  const statusOptions = deliveryStatuses.map((status) => ({
    value: status,
    label: t(`fulfilment:delivery.statuses.${status}`),
  }));

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

  const columns: DataTableColumn<DeliveryReportRow>[] = [
    { id: 'sort', title: t('fulfilment:delivery.columns.sort'), align: 'end', cell: (row) => row.sort },
    { id: 'no', title: t('fulfilment:delivery.columns.no'), align: 'end', cell: (row) => row.no },
    {
      id: 'type',
      title: t('fulfilment:delivery.columns.type'),
      cell: (row) => t(`fulfilment:delivery.types.${row.type}`),
    },
    {
      id: 'scheduled',
      title: t('fulfilment:delivery.columns.scheduled'),
      cell: (row) => formatTime(row.scheduled),
    },
    {
      id: 'order',
      title: t('fulfilment:delivery.columns.order'),
      cell: (row) => (
        <>
          <ChakraLink asChild colorPalette="blue" variant="underline">
            <Link href={orderHref(row.order.id)}>{row.order.number}</Link>
          </ChakraLink>
          {row.customer !== null && (
            <Text fontSize="xs" color="fg.muted">
              {row.customer}
            </Text>
          )}
        </>
      ),
    },
    { id: 'address', title: t('fulfilment:delivery.columns.address'), cell: (row) => row.address },
    { id: 'zip_code', title: t('fulfilment:delivery.columns.zip_code'), cell: (row) => row.zip_code ?? '' },
    {
      id: 'zone',
      title: t('fulfilment:delivery.columns.zone'),
      cell: (row) =>
        row.zone === null
          ? ''
          : t('fulfilment:delivery.zone_fee', {
              zone: row.zone,
              fee: formatMoney(row.fee_minor, currencySymbol),
            }),
    },
    { id: 'items', title: t('fulfilment:delivery.columns.items'), cell: (row) => <RunItems row={row} /> },
    {
      id: 'status',
      title: t('fulfilment:delivery.columns.status'),
      cell: (row) =>
        canChange ? (
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
              <SelectOptions options={statusOptions} />
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ) : (
          t(`fulfilment:delivery.statuses.${row.status}`)
        ),
    },
  ];

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
        <OptionSelect
          label={t('fulfilment:delivery.type_filter')}
          emptyLabel={t('fulfilment:delivery.all')}
          options={deliveryTypes.map((type) => ({
            value: type,
            label: t(`fulfilment:delivery.types.${type}`),
          }))}
          value={params.type}
          width="40"
          onChange={(value) => {
            const { type: _old, ...rest } = params;
            onParams(value === '' ? rest : { ...rest, type: value as DeliveryType });
          }}
        />
        <OptionSelect
          label={t('fulfilment:delivery.status_filter')}
          emptyLabel={t('fulfilment:delivery.all')}
          options={statusOptions}
          value={params.status}
          width="40"
          onChange={(value) => {
            const { status: _old, ...rest } = params;
            onParams(value === '' ? rest : { ...rest, status: value as DeliveryStatus });
          }}
        />
      </HStack>

      <ListLoadState
        query={query}
        rows={rows}
        failed={t('fulfilment:delivery.load_failed')}
        empty={t('fulfilment:delivery.empty')}
      />
      {rows && rows.length > 0 && (
        <DataTable<DeliveryReportRow>
          columns={columns}
          rows={rows}
          rowId={(row) => row.id}
          caption={t('fulfilment:delivery.table')}
          query={busyOnly(query)}
        />
      )}
    </Stack>
  );
}
