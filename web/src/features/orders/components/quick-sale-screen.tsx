import {
  Alert,
  Button,
  Field,
  HStack,
  Heading,
  IconButton,
  Input,
  Link as ChakraLink,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { STAFF_NOTE_MAX } from '@nine/shared/constants';
import { formatMoney } from '@nine/shared/money';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { createSaleOrder } from '../api/create-sale-order.ts';
import type { OrderDetail } from '../api/get-order.ts';
import { lookupCatalogue } from '../api/lookup-catalogue.ts';
import type { TakenPayment } from '../api/take-payment.ts';
import {
  discountValid,
  lineGrossMinor,
  lineLabel,
  parseMinor,
  type DraftLine,
} from '../create/draft-lines.ts';
import { quickSaleMachine, saleSubtotalMinor, type ScanState } from '../create/quick-sale-machine.ts';
import { CashPaymentForm } from './cash-payment-form.tsx';
import { ScanField } from './scan-field.tsx';

export interface QuickSaleScreenProps {
  title: string;
  currencySymbol: string;
  orderHref(id: number): string;
  printHref(id: number): string;
  /**
   * The latest scan from a device outside the page's scan field (the agent's scanner, a keyboard-wedge
   * scanner); each new `seq` adds the code once.
   */
  deviceScan?: { code: string; seq: number } | null;
  /**
   * The receipt controls of a completed sale, composed by the page (the agent prints it silently once paid).
   * `payment` is null until the cash is taken.
   */
  renderReceipt?(sale: OrderDetail, payment: TakenPayment | null): ReactNode;
}

function ScanMessage({ scan, onPick }: { scan: ScanState; onPick(index: number): void }) {
  const { t } = useAppTranslation();
  switch (scan.status) {
    case 'idle':
    case 'looking':
      return null;
    case 'not_found':
      return <Text color="fg.error">{t('orders:quick_sale.not_found', { code: scan.code })}</Text>;
    case 'not_for_sale':
      return <Text color="fg.error">{t('orders:quick_sale.not_for_sale', { item: scan.label })}</Text>;
    case 'failed':
      return <Text color="fg.error">{t('orders:quick_sale.lookup_failed', { message: scan.message })}</Text>;
    case 'several':
      return (
        <Stack gap="2">
          <Text>{t('orders:create.several_matches', { code: scan.code })}</Text>
          <HStack gap="2" wrap="wrap">
            {scan.matches.map((match, index) => (
              <Button
                key={`${match.product_id}-${match.item_id ?? ''}`}
                size="xs"
                variant="outline"
                onClick={() => onPick(index)}
              >
                {lineLabel({ match })}
              </Button>
            ))}
          </HStack>
        </Stack>
      );
  }
}

function DiscountInput({
  line,
  label,
  onChange,
}: {
  line: DraftLine;
  label: string;
  onChange(minor: number): void;
}) {
  const [text, setText] = useState(line.discountMinor === 0 ? '' : (line.discountMinor / 100).toFixed(2));
  return (
    <Input
      size="xs"
      width="24"
      inputMode="decimal"
      aria-label={label}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        const minor = parseMinor(event.currentTarget.value);
        if (minor !== null) onChange(minor);
      }}
    />
  );
}

/** Quick sale (sale-orders/new): scan-first, usable from the keyboard alone. */
export function QuickSaleScreen({
  title,
  currencySymbol,
  orderHref,
  printHref,
  deviceScan = null,
  renderReceipt,
}: QuickSaleScreenProps) {
  const { t } = useAppTranslation();
  const scanRef = useRef<HTMLInputElement>(null);
  const machine = useMemo(
    () =>
      quickSaleMachine.provide({
        actors: {
          lookup: fromPromise(({ input, signal }) => lookupCatalogue('sale', input.code, { signal })),
          create: fromPromise(({ input }) => createSaleOrder(input.body, input.key)),
        },
      }),
    [],
  );
  const [state, send] = useMachine(machine, { input: {} });
  const { context } = state;
  const [payment, setPayment] = useState<TakenPayment | null>(null);
  const created = context.created;
  // A payment belongs to one sale: a new sale starts without one.
  if (payment !== null && payment.order_id !== created?.id) setPayment(null);

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
  const noteTooLong = context.staffNote.trim().length > STAFF_NOTE_MAX;

  if (state.matches('done') && context.created !== null) {
    const sale = context.created;
    return (
      <Stack gap="4" align="flex-start">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{t('orders:quick_sale.done', { number: sale.number })}</Alert.Title>
        </Alert.Root>
        <CashPaymentForm
          orderId={sale.id}
          balanceMinor={sale.balance_minor}
          money={money}
          onPaid={setPayment}
        />
        {renderReceipt?.(sale, payment)}
        <HStack gap="3" wrap="wrap">
          <Button onClick={() => send({ type: 'NEW_SALE' })}>{t('orders:quick_sale.new_sale')}</Button>
          <Button asChild variant="outline">
            <Link href={printHref(sale.id)}>{t('orders:quick_sale.print')}</Link>
          </Button>
          <ChakraLink asChild colorPalette="blue" variant="underline">
            <Link href={orderHref(sale.id)}>{t('orders:quick_sale.open_order')}</Link>
          </ChakraLink>
        </HStack>
      </Stack>
    );
  }

  return (
    <Stack gap="5">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
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
        <Table.ScrollArea borderWidth="1px" borderRadius="l2">
          <Table.Root size="sm" aria-label={t('orders:quick_sale.lines')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('orders:quick_sale.product')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('orders:quick_sale.unit_price')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('orders:quick_sale.quantity')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('orders:quick_sale.discount')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('orders:quick_sale.line_total')}</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {context.lines.map((line) => {
                const label = lineLabel(line);
                return (
                  <Table.Row
                    key={line.key}
                    data-short={context.outOfStock.includes(line.match.product_sku) || undefined}
                  >
                    <Table.Cell>
                      <Text fontWeight="medium">{label}</Text>
                      <Text fontSize="xs" color="fg.muted">
                        {line.match.product_sku}
                      </Text>
                    </Table.Cell>
                    <Table.Cell textAlign="end">{money(line.match.price_minor)}</Table.Cell>
                    <Table.Cell>
                      <Input
                        size="xs"
                        width="20"
                        type="number"
                        min={0}
                        max={999}
                        aria-label={t('orders:quick_sale.quantity_for', { item: label })}
                        value={line.quantity}
                        onChange={(event) =>
                          send({
                            type: 'SET_QUANTITY',
                            key: line.key,
                            quantity: Number(event.currentTarget.value),
                          })
                        }
                      />
                    </Table.Cell>
                    <Table.Cell>
                      <Field.Root invalid={!discountValid(line)}>
                        <DiscountInput
                          line={line}
                          label={t('orders:quick_sale.discount_for', { item: label })}
                          onChange={(discountMinor) =>
                            send({ type: 'SET_DISCOUNT', key: line.key, discountMinor })
                          }
                        />
                        <Field.ErrorText>{t('orders:quick_sale.discount_too_high')}</Field.ErrorText>
                      </Field.Root>
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      {money(lineGrossMinor(line) - line.discountMinor)}
                    </Table.Cell>
                    <Table.Cell>
                      <IconButton
                        size="xs"
                        variant="ghost"
                        aria-label={t('orders:quick_sale.remove', { item: label })}
                        onClick={() => send({ type: 'REMOVE_LINE', key: line.key })}
                      >
                        ×
                      </IconButton>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}

      <HStack justify="space-between" wrap="wrap">
        <Text fontWeight="semibold">{t('orders:quick_sale.subtotal')}</Text>
        <Text fontWeight="semibold" fontSize="xl">
          {money(saleSubtotalMinor(context.lines))}
        </Text>
      </HStack>

      <Stack direction={{ base: 'column', md: 'row' }} gap="4">
        <Field.Root>
          <Field.Label>{t('orders:quick_sale.customer_id')}</Field.Label>
          <Input
            inputMode="numeric"
            value={context.customerId ?? ''}
            onChange={(event) => {
              const n = Number(event.currentTarget.value);
              send({ type: 'SET_CUSTOMER', customerId: Number.isInteger(n) && n > 0 ? n : null });
            }}
          />
          <Field.HelperText>{t('orders:quick_sale.walk_in')}</Field.HelperText>
        </Field.Root>
        <Field.Root invalid={noteTooLong}>
          <Field.Label>{t('orders:quick_sale.staff_note')}</Field.Label>
          <Textarea
            rows={2}
            value={context.staffNote}
            onChange={(event) => send({ type: 'SET_NOTE', staffNote: event.currentTarget.value })}
          />
          <Field.ErrorText>{t('orders:notes.too_long', { max: STAFF_NOTE_MAX })}</Field.ErrorText>
        </Field.Root>
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
        disabled={
          context.lines.length === 0 ||
          !context.lines.every(discountValid) ||
          noteTooLong ||
          state.matches('failed')
        }
        loading={submitting}
        loadingText={t('orders:quick_sale.submitting')}
        onClick={() => send({ type: 'CHECKOUT' })}
      >
        {t('orders:quick_sale.checkout')}
      </Button>
    </Stack>
  );
}
