import {
  Alert,
  Button,
  Card,
  DataList,
  HStack,
  Heading,
  Link as ChakraLink,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import {
  repairCloseForm,
  repairProblemForm,
  type BarcodeMatch,
  type ScannedItem,
} from '@nine/shared/schemas/stock';
import {
  applyServerIssues,
  useSchemaForm,
  type FormSchema,
} from '../../../components/form/use-schema-form.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { formatDecimal } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useBarcodeLookup } from '../api/lookup-barcode.ts';
import { useMarkServiced } from '../api/mark-serviced.ts';
import { useOpenRepairLog } from '../api/open-repair-log.ts';
import { ScanField } from '../../../components/code-scan-field.tsx';
import { ItemStatusBadge } from '../components/item-status-badge.tsx';
import type { ScanEvent } from '../components/scan-event.ts';
import { DataListEntry } from '../../../components/data-list-entry.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';

export interface BarcodeScreenProps {
  title: string;
  locationId: number | null;
  /** The latest scan from the page's scanner (agent or keyboard wedge). */
  scan: ScanEvent | null;
  /** Whether the user may send items to maintenance and mark them serviced. */
  canMaintain: boolean;
  currencySymbol: string;
  /** Where a product opens, when that screen exists; null hides the action. */
  productHref(kind: 'rent' | 'sale', productId: number): string | null;
  orderHref(orderId: number): string;
  printHref: string;
}

type Form = 'maintenance' | 'damage' | 'available' | null;

interface RepairValues {
  problem?: string;
  work?: string;
  cost_minor?: number | null;
}

function RepairForm({
  item,
  form: kind,
  currencySymbol,
  onCancel,
  onSaved,
}: {
  item: ScannedItem;
  form: Exclude<Form, null>;
  currencySymbol: string;
  onCancel(): void;
  onSaved(message: string): void;
}) {
  const { t } = useAppTranslation();
  const open = useOpenRepairLog();
  const serviced = useMarkServiced();
  const available = kind === 'available';
  // Marking available closes the repair (work optional, an empty cost is none); otherwise a problem opens one.
  const schema = (available ? repairCloseForm : repairProblemForm) as FormSchema<
    RepairValues,
    { problem?: string; work?: string; cost_minor?: number }
  >;
  const form = useSchemaForm(schema, {
    defaultValues: available ? { work: '', cost_minor: null } : { problem: '' },
    messages: { cost_minor: 'stock:barcode.cost_invalid' },
  });
  // The first field takes the focus, as the scan's next step (the kit's textarea has no autoFocus).
  useEffect(() => form.setFocus(available ? 'work' : 'problem'), [available, form]);
  const busy = open.isPending || serviced.isPending;
  const onError = (error: unknown) => void applyServerIssues(form, error);
  const submit = form.handleSubmit(({ problem = '', work = '', cost_minor = 0 }) => {
    if (available) {
      serviced.mutate(
        { itemId: item.item_id, body: { cost_minor, ...(work !== '' ? { work } : {}) } },
        { onSuccess: () => onSaved(t('stock:barcode.saved_available', { sku: item.sku })), onError },
      );
    } else {
      const orderId = kind === 'damage' ? item.last_return?.order_id : undefined;
      open.mutate(
        { item_id: item.item_id, problem, ...(orderId !== undefined ? { order_id: orderId } : {}) },
        { onSuccess: () => onSaved(t('stock:barcode.saved_maintenance', { sku: item.sku })), onError },
      );
    }
  });
  const { MoneyField, TextareaField } = fieldsOf(form.control);
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="3" maxW="lg">
        {available ? (
          <>
            <TextareaField name="work" label={t('stock:barcode.work_done')} maxLength={500} />
            <MoneyField name="cost_minor" label={t('stock:barcode.cost', { symbol: currencySymbol })} />
          </>
        ) : (
          <TextareaField name="problem" label={t('stock:barcode.problem')} required maxLength={500} />
        )}
        <HStack gap="2">
          <Button type="submit" colorPalette="blue" loading={busy}>
            {available ? t('stock:barcode.confirm_available') : t('stock:barcode.confirm_maintenance')}
          </Button>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {t('stock:common.cancel')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

function MatchCard({ match, props }: { match: BarcodeMatch; props: BarcodeScreenProps }) {
  const { t } = useAppTranslation();
  const [form, setForm] = useState<Form>(null);
  const [done, setDone] = useState<string | null>(null);
  const href = props.productHref(match.product_kind, match.product_id);
  const number = (n: number) => formatDecimal(n);
  const item = match.kind === 'item' ? match : null;
  const may = (action: BarcodeMatch['actions'][number]) => match.actions.includes(action);

  return (
    <Card.Root as="section" aria-label={t('stock:barcode.result')}>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap">
          <Heading as="h2" size="lg">
            {match.product_name}
          </Heading>
          {item && <ItemStatusBadge status={item.status} />}
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <DataList.Root orientation="horizontal">
            {item ? (
              <>
                <DataListEntry label={t('stock:barcode.item_sku')}>{item.sku}</DataListEntry>
                <DataListEntry label={t('stock:barcode.barcode')}>{item.barcode}</DataListEntry>
              </>
            ) : (
              <DataListEntry label={t('stock:barcode.stock_here')}>
                {number(match.kind === 'product' ? match.stock_quantity : 0)}
              </DataListEntry>
            )}
            <DataListEntry label={t('stock:barcode.product_sku')}>{match.product_sku}</DataListEntry>
            <DataListEntry label={t('stock:barcode.category')}>{match.category ?? '—'}</DataListEntry>
            {item && (
              <>
                <DataListEntry label={t('stock:barcode.current_location')}>
                  {item.current_location}
                </DataListEntry>
                <DataListEntry label={t('stock:barcode.home_location')}>{item.home_location}</DataListEntry>
                <DataListEntry label={t('stock:barcode.rentals')}>
                  {t('stock:barcode.rentals_value', {
                    count: item.rent_count,
                    hours: number(item.rent_minutes / 60),
                  })}
                </DataListEntry>
              </>
            )}
          </DataList.Root>
          {item?.maintenance_due && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Description>{t('stock:barcode.maintenance_due')}</Alert.Description>
            </Alert.Root>
          )}
          {done !== null && <MessageAlert status="success">{done}</MessageAlert>}
          {item && form !== null ? (
            <RepairForm
              key={form}
              item={item}
              form={form}
              currencySymbol={props.currencySymbol}
              onCancel={() => setForm(null)}
              onSaved={(message) => {
                setForm(null);
                setDone(message);
              }}
            />
          ) : (
            <HStack gap="2" wrap="wrap">
              {href !== null && may('open_product') && (
                <ChakraLink asChild>
                  <Link href={href}>{t('stock:barcode.open_product')}</Link>
                </ChakraLink>
              )}
              {item && props.canMaintain && may('send_to_maintenance') && (
                <Button variant="outline" onClick={() => (setDone(null), setForm('maintenance'))}>
                  {t('stock:barcode.send_to_maintenance')}
                </Button>
              )}
              {item?.last_return && props.canMaintain && may('report_damage') && (
                <Button variant="outline" onClick={() => (setDone(null), setForm('damage'))}>
                  {t('stock:barcode.report_damage', { number: item.last_return.order_number })}
                </Button>
              )}
              {item && props.canMaintain && may('mark_available') && (
                <Button colorPalette="green" onClick={() => (setDone(null), setForm('available'))}>
                  {t('stock:barcode.mark_available')}
                </Button>
              )}
            </HStack>
          )}
          {item?.open_repair_log_id != null && (
            <Text color="fg.muted">{t('stock:barcode.open_repair', { id: item.open_repair_log_id })}</Text>
          )}
          {item?.last_return && (
            <Text color="fg.muted">
              {t('stock:barcode.last_return')}{' '}
              <ChakraLink asChild>
                <Link href={props.orderHref(item.last_return.order_id)}>
                  #{item.last_return.order_number}
                </Link>
              </ChakraLink>
            </Text>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** inventory/barcode: scan or type a code, land on the item with its status and what it allows. */
export function BarcodeScreen(props: BarcodeScreenProps) {
  const { t } = useAppTranslation();
  const [code, setCode] = useState<string | null>(null);
  const lookup = useBarcodeLookup(props.locationId, code);
  const { scan } = props;
  useEffect(() => {
    if (scan !== null) setCode(scan.code);
  }, [scan]);
  const notFound = lookup.error instanceof ApiError && lookup.error.respCode === 1332;

  return (
    <Stack gap="6">
      <HStack justify="space-between" wrap="wrap">
        <PageHeading title={props.title} />
        <ChakraLink asChild>
          <Link href={props.printHref}>{t('stock:barcode.print_labels')}</Link>
        </ChakraLink>
      </HStack>
      <ScanField
        label={t('stock:barcode.code')}
        hint={t('stock:barcode.code_hint')}
        submitLabel={t('stock:barcode.find')}
        busy={lookup.isFetching}
        maxLength={64}
        maxW="lg"
        onScan={setCode}
      />
      <div aria-live="polite">
        {code === null && <Text color="fg.muted">{t('stock:barcode.empty')}</Text>}
        {code !== null && lookup.isPending && <Text>{t('stock:barcode.looking', { code })}</Text>}
        {code !== null && notFound && (
          <Text color="fg.error" role="alert">
            {t('stock:barcode.not_found', { code })}
          </Text>
        )}
        {code !== null && lookup.isError && !notFound && (
          <Text color="fg.error" role="alert">
            {lookup.error.message}
          </Text>
        )}
        {lookup.data && <MatchCard key={`${code}`} match={lookup.data} props={props} />}
      </div>
    </Stack>
  );
}
