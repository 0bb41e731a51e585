import { Alert, Button, Field, HStack, Input, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useMachine, useSelector } from '@xstate/react';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { STAFF_NOTE_MAX } from '@nine/shared/constants';
import { formatMoney } from '../../../lib/format.ts';
import { quickSaleForm } from '@nine/shared/schemas/order-forms';
import type { PaymentView } from '@nine/shared/schemas/payments';
import { valueOfDecimalText } from '../../../components/form/money-field.tsx';
import { applyServerIssues, useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { createSaleOrder } from '../api/create-sale-order.ts';
import { getOrder, orderQueryKey, type OrderDetail } from '../api/get-order.ts';
import { lookupCatalogue } from '../api/lookup-catalogue.ts';
import { sendOrderEvent } from '../api/send-order-event.ts';
import { lineGrossMinor, lineLabel } from '../create/draft-lines.ts';
import { quickSaleMachine, saleSubtotalMinor, type ScanState } from '../create/quick-sale-machine.ts';
import { orderActionMachine } from '../view/order-action-machine.ts';
import { ActionFailureAlert } from './action-failure-alert.tsx';
import { CreatedBanner } from './created-banner.tsx';
import { CustomerSearchField } from './customer-search-field.tsx';
import { NoteField } from './note-field.tsx';
import { WarningsDialog } from './order-action-dialogs.tsx';
import { OrderStatusBadge } from '../../../components/order-status-badge.tsx';
import { DraftLinesTable, LineQuantityInput, MissedLookupMessage } from './draft-lines-table.tsx';
import { ScanField } from '../../../components/code-scan-field.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';

export interface QuickSaleScreenProps {
  title: string;
  /** The session's location: the customer search and the order cache are per location. */
  locationId: number | null;
  currencySymbol: string;
  orderHref(id: number): string;
  /**
   * The latest scan from a device outside the page's scan field (the agent's scanner, a keyboard-wedge
   * scanner); each new `seq` adds the code once.
   */
  deviceScan?: { code: string; seq: number } | null;
  /**
   * The receipt controls of a completed sale, composed by the page: the 55 mm receipt, printed silently
   * by the agent once paid, or on demand through the browser. `payment` is null until the cash is taken.
   */
  renderReceipt?(sale: OrderDetail, payment: PaymentView | null): ReactNode;
  /**
   * Taking the cash for a completed sale, composed by the page from the payments feature (features never
   * import each other); it calls `onPaid` once with the payment taken.
   */
  renderPayment?(payment: SalePaymentSlot): ReactNode;
  /** Who a sale without a chosen customer is for (Business settings); the walk-in customer by default. */
  defaultCustomerName?: string | null;
}

export interface SalePaymentSlot {
  sale: OrderDetail;
  money(minor: number): string;
  onPaid(payment: PaymentView): void;
}

function ScanMessage({ scan, onPick }: { scan: ScanState; onPick(index: number): void }) {
  const { t } = useAppTranslation();
  switch (scan.status) {
    case 'idle':
    case 'looking':
      return null;
    case 'not_for_sale':
      return <Text color="fg.error">{t('orders:quick_sale.not_for_sale', { item: scan.label })}</Text>;
    default:
      return <MissedLookupMessage lookup={scan} onPick={onPick} />;
  }
}

/** The sale's form: the staff note and each line's discount, checked by the sale's rules as typed. */
function useSaleForm() {
  return useSchemaForm(quickSaleForm, {
    defaultValues: { staff_note: '', items: [] },
    mode: 'onChange',
    messages: { 'items.*.discount_minor': { discount_above_line: 'orders:quick_sale.discount_too_high' } },
  });
}
type SaleForm = ReturnType<typeof useSaleForm>;

/** A line's discount, compact in its row: empty for none; refused text stays as typed beside its error. */
function DiscountField({
  control,
  index,
  label,
}: {
  control: SaleForm['control'];
  index: number;
  label: string;
}) {
  const { field, fieldState } = useController({ control, name: `items.${index}.discount_minor` });
  const [text, setText] = useState(() =>
    typeof field.value === 'number' && field.value > 0 ? (field.value / 100).toFixed(2) : '',
  );
  return (
    <Field.Root invalid={fieldState.error !== undefined}>
      <Input
        ref={field.ref}
        name={field.name}
        size="xs"
        width="24"
        inputMode="decimal"
        aria-label={label}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          field.onChange(valueOfDecimalText(event.currentTarget.value));
        }}
        onBlur={field.onBlur}
      />
      <Field.ErrorText>{fieldState.error?.message}</Field.ErrorText>
    </Field.Root>
  );
}

/** What the done step knows of the sale's state, from whichever answer came last. */
interface SaleState {
  status: string;
  version: number;
  closable: boolean;
}

const saleState = (order: OrderDetail): SaleState => ({
  status: order.status,
  version: order.version,
  closable: order.allowed_events.some((event) => event.type === 'CLOSE'),
});

/**
 * A completed sale: take the cash, print the receipt (composed by the page), and end the sale closed:
 * by itself when the business closes sales on full payment (the payment answers the new status), or
 * with "Close sale" (the CLOSE order event, at the sale's version) when it closes them by hand.
 */
function CompletedSale({
  sale,
  title,
  locationId,
  money,
  orderHref,
  renderReceipt,
  renderPayment,
  onNewSale,
}: {
  sale: OrderDetail;
  title: string;
  locationId: number | null;
  money(minor: number): string;
  orderHref(id: number): string;
  renderReceipt: QuickSaleScreenProps['renderReceipt'];
  renderPayment: QuickSaleScreenProps['renderPayment'];
  onNewSale(): void;
}) {
  const { t } = useAppTranslation();
  const queryClient = useQueryClient();
  const statusLabel = useId();
  const [payment, setPayment] = useState<PaymentView | null>(null);
  const [known, setKnown] = useState<SaleState>(() => saleState(sale));

  const machine = useMemo(() => {
    const changed = (order: OrderDetail) => {
      setKnown(saleState(order));
      if (locationId === null) return;
      queryClient.setQueryData(orderQueryKey('sale', locationId, order.id), order);
      void queryClient.invalidateQueries({ queryKey: ['orders', 'sale', locationId, 'list'] });
    };
    return orderActionMachine.provide({
      actors: { sendEvent: fromPromise(({ input }) => sendOrderEvent('sale', sale.id, input)) },
      actions: {
        orderChanged: (_, order) => changed(order),
        // A refused close (a stale version, above all) shows the sale as it is now.
        reloadOrder: () => {
          getOrder('sale', sale.id).then(changed, () => {
            // The failure is already on screen; the next attempt tells more.
          });
        },
      },
    });
  }, [sale.id, locationId, queryClient]);
  const actor = useActorRef(machine);
  const action = useSelector(actor, (snapshot) => snapshot);
  const closing = action.value === 'sending';
  const failure = action.context.failure;
  const canClose = known.status === 'open' && known.closable;

  return (
    <Stack gap="4" align="flex-start">
      <CreatedBanner title={title} message={t('orders:quick_sale.done', { number: sale.number })} />
      <HStack gap="2" role="group" aria-labelledby={statusLabel} data-testid="quick-sale-status">
        <Text id={statusLabel}>{t('orders:quick_sale.status')}</Text>
        <OrderStatusBadge status={known.status} />
      </HStack>
      {renderPayment?.({
        sale,
        money,
        onPaid: (paid) => {
          setPayment(paid);
          // A sale paid in full may have closed itself (close_sale_order = on_full_payment).
          setKnown((now) => ({ ...now, status: paid.order_status }));
        },
      })}
      {renderReceipt?.(sale, payment)}

      {canClose && (
        <Stack gap="1" align="flex-start">
          <Button
            variant={payment !== null || sale.balance_minor <= 0 ? 'solid' : 'outline'}
            loading={closing}
            disabled={closing}
            onClick={() => {
              if (action.value === 'failed') actor.send({ type: 'DISMISS' });
              actor.send({
                type: 'START',
                action: { type: 'CLOSE' },
                version: known.version,
                hasPayment: payment !== null,
              });
            }}
          >
            {t('orders:quick_sale.close')}
          </Button>
          <Text fontSize="sm" color="fg.muted">
            {t('orders:quick_sale.close_hint')}
          </Text>
        </Stack>
      )}
      <Text role="status" fontSize="sm" color="fg.success">
        {action.context.completed === 'CLOSE' ? t('orders:quick_sale.closed') : ''}
      </Text>
      {failure !== null && (
        <ActionFailureAlert
          title={t('orders:quick_sale.close_failed')}
          onDismiss={() => actor.send({ type: 'DISMISS' })}
        >
          {failure.reason === 'stale' ? t('orders:failures.stale') : failure.message}
        </ActionFailureAlert>
      )}

      <HStack gap="3" wrap="wrap">
        <Button variant={canClose ? 'outline' : 'solid'} onClick={onNewSale}>
          {t('orders:quick_sale.new_sale')}
        </Button>
        <ChakraLink asChild colorPalette="blue" variant="underline">
          <Link href={orderHref(sale.id)}>{t('orders:quick_sale.open_order')}</Link>
        </ChakraLink>
      </HStack>
      <WarningsDialog
        open={action.value === 'confirming' || (closing && action.context.acknowledge.length > 0)}
        sending={closing}
        warnings={action.context.warnings}
        itemsWithoutSku={[]}
        onConfirm={() => actor.send({ type: 'CONFIRM_WARNINGS' })}
        onDismiss={() => actor.send({ type: 'DISMISS' })}
      />
    </Stack>
  );
}

/** Quick sale (sale-orders/new): scan-first, usable from the keyboard alone. */
export function QuickSaleScreen({
  title,
  locationId,
  currencySymbol,
  orderHref,
  deviceScan = null,
  renderReceipt,
  renderPayment,
  defaultCustomerName = null,
}: QuickSaleScreenProps) {
  const { t } = useAppTranslation();
  const scanRef = useRef<HTMLInputElement>(null);
  // The form holds the note and the discounts as typed; the flow gets them checked at checkout.
  const form = useSaleForm();
  const machine = useMemo(
    () =>
      quickSaleMachine.provide({
        actors: {
          lookup: fromPromise(({ input, signal }) => lookupCatalogue('sale', input.code, { signal })),
          create: fromPromise(async ({ input }) => {
            try {
              return await createSaleOrder(input.body, input.key);
            } catch (error) {
              // A field the server refuses shows on its field too; the failure shows with Retry and Edit.
              applyServerIssues(form, error);
              throw error;
            }
          }),
        },
      }),
    [form],
  );
  const [state, send] = useMachine(machine, { input: {} });
  const { context } = state;

  // The lines are the flow's (scans, quantities); the form follows them, keeping each line's discount by
  // its key and checking it against the line's amount now. Before paint, so a new line has its field.
  const { lines } = context;
  useLayoutEffect(() => {
    const typed = new Map(form.getValues('items').map((item) => [item.key, item.discount_minor]));
    const items = lines.map((line) => ({
      key: line.key,
      amount_minor: lineGrossMinor(line),
      discount_minor: typed.get(line.key) ?? null,
    }));
    form.setValue('items', items, { shouldValidate: true });
  }, [form, lines]);
  const typedItems = useWatch({ control: form.control, name: 'items' });
  const indexOf = (key: string) => typedItems.findIndex((item) => item.key === key);
  // What the line totals and the subtotal show: the discount typed, none while it is not an amount.
  const discountOf = (key: string) => {
    const minor = typedItems[indexOf(key)]?.discount_minor;
    return typeof minor === 'number' && Number.isFinite(minor) ? minor : 0;
  };
  const formInvalid = Object.keys(form.formState.errors).length > 0;
  const checkout = form.handleSubmit((values) => {
    for (const item of values.items)
      send({ type: 'SET_DISCOUNT', key: item.key, discountMinor: item.discount_minor });
    send({ type: 'SET_NOTE', staffNote: values.staff_note ?? '' });
    send({ type: 'CHECKOUT' });
  });

  // A device scan adds its code once, while lines are being taken (not over a finished sale).
  const lastSeq = useRef<number | null>(null);
  const takingLines = !state.matches('done');
  useEffect(() => {
    if (deviceScan === null || deviceScan.seq === lastSeq.current) return;
    lastSeq.current = deviceScan.seq;
    if (takingLines) send({ type: 'SCAN', code: deviceScan.code });
  }, [deviceScan, takingLines, send]);
  const money = (minor: number) => formatMoney(minor, currencySymbol, currentLanguage());
  const submitting = state.matches('submitting');

  if (state.matches('done') && context.created !== null) {
    return (
      <CompletedSale
        // A new sale starts afresh: no payment, no close attempt of the one before.
        key={context.created.id}
        sale={context.created}
        title={title}
        locationId={locationId}
        money={money}
        orderHref={orderHref}
        renderReceipt={renderReceipt}
        renderPayment={renderPayment}
        onNewSale={() => {
          form.reset();
          send({ type: 'NEW_SALE' });
        }}
      />
    );
  }

  return (
    <Stack gap="5">
      <PageHeading title={title} />
      <ScanField
        inputRef={scanRef}
        label={t('orders:quick_sale.scan')}
        hint={t('orders:quick_sale.scan_hint')}
        submitLabel={t('orders:create.add')}
        busy={state.matches({ scanning: 'lookingUp' })}
        onScan={(code) => send({ type: 'SCAN', code })}
        onEmptyKey={(key) => {
          if (key === '+') send({ type: 'STEP_LAST', by: 1 });
          else if (key === '-' || key === '−') send({ type: 'STEP_LAST', by: -1 });
          else return false;
          return true;
        }}
      />
      <div role="status" aria-live="polite">
        <ScanMessage
          scan={context.scan}
          onPick={(index) => {
            if (context.scan.status === 'several')
              send({ type: 'ADD_MATCH', match: context.scan.matches[index]! });
            scanRef.current?.focus();
          }}
        />
      </div>

      {context.outOfStock.length > 0 && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>
            {t('orders:quick_sale.out_of_stock', { items: context.outOfStock.join(', ') })}
          </Alert.Description>
        </Alert.Root>
      )}

      {context.lines.length === 0 ? (
        <Text color="fg.muted">{t('orders:quick_sale.no_lines')}</Text>
      ) : (
        <DraftLinesTable
          caption={t('orders:quick_sale.lines')}
          lines={context.lines}
          detail={(line) => line.match.product_sku}
          removeLabel={(item) => t('orders:quick_sale.remove', { item })}
          onRemove={(key) => send({ type: 'REMOVE_LINE', key })}
          rowProps={(line) => ({
            'data-short': context.outOfStock.includes(line.match.product_sku) || undefined,
          })}
          columns={[
            {
              id: 'unit_price',
              title: t('orders:quick_sale.unit_price'),
              align: 'end',
              cell: (line) => money(line.match.price_minor),
            },
            {
              id: 'quantity',
              title: t('orders:quick_sale.quantity'),
              cell: (line) => (
                <LineQuantityInput
                  line={line}
                  label={t('orders:quick_sale.quantity_for', { item: lineLabel(line) })}
                  onChange={(quantity) => send({ type: 'SET_QUANTITY', key: line.key, quantity })}
                />
              ),
            },
            {
              id: 'discount',
              title: t('orders:quick_sale.discount'),
              cell: (line) =>
                indexOf(line.key) < 0 ? null : (
                  <DiscountField
                    control={form.control}
                    index={indexOf(line.key)}
                    label={t('orders:quick_sale.discount_for', { item: lineLabel(line) })}
                  />
                ),
            },
            {
              id: 'line_total',
              title: t('orders:quick_sale.line_total'),
              align: 'end',
              cell: (line) => money(lineGrossMinor(line) - discountOf(line.key)),
            },
          ]}
        />
      )}

      <HStack justify="space-between" wrap="wrap">
        <Text fontWeight="semibold">{t('orders:quick_sale.subtotal')}</Text>
        <Text fontWeight="semibold" fontSize="xl">
          {money(
            saleSubtotalMinor(
              context.lines.map((line) => ({ ...line, discountMinor: discountOf(line.key) })),
            ),
          )}
        </Text>
      </HStack>

      <Stack direction={{ base: 'column', md: 'row' }} gap="4">
        <Stack flex="1">
          <CustomerSearchField
            locationId={locationId}
            value={context.customer}
            defaultLabel={defaultCustomerName ?? t('orders:view.walk_in')}
            onChange={(customer) => send({ type: 'SET_CUSTOMER', customer })}
          />
        </Stack>
        <NoteField
          control={form.control}
          name="staff_note"
          label={t('orders:quick_sale.staff_note')}
          max={STAFF_NOTE_MAX}
        />
      </Stack>

      {state.matches('failed') && (
        <Alert.Root status="error" role="alert" alignItems="center">
          <Alert.Indicator />
          <Alert.Description>
            {t('orders:quick_sale.failed', { message: context.error ?? '' })}
          </Alert.Description>
          <HStack gap="2">
            <Button size="sm" onClick={() => send({ type: 'RETRY' })}>
              {t('orders:quick_sale.retry')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => send({ type: 'EDIT' })}>
              {t('orders:quick_sale.edit')}
            </Button>
          </HStack>
        </Alert.Root>
      )}

      <Button
        alignSelf="flex-start"
        size="lg"
        disabled={context.lines.length === 0 || formInvalid || state.matches('failed')}
        loading={submitting}
        loadingText={t('orders:quick_sale.submitting')}
        onClick={() => void checkout()}
      >
        {t('orders:quick_sale.checkout')}
      </Button>
    </Stack>
  );
}
