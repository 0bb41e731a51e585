import { Alert, Box, Button, Dialog, Fieldset, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useFieldArray } from 'react-hook-form';
import type { PaymentMethod } from '@nine/shared/schemas/money';
import { takePaymentForm } from '@nine/shared/schemas/payment-forms';
import type { OrderMoney, PaymentView } from '@nine/shared/schemas/payments';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import type { Tender } from '../flows/take-payment-machine.ts';
import { usePaymentFlow } from '../flows/use-payment-flow.ts';
import { moneyFailure } from '../payment-failure.ts';
import { MoneyDialog, MoneyDialogForm } from './money-dialog.tsx';
import { RegisterClosedNotice } from './register-closed-notice.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';

export interface TakePaymentDialogProps {
  open: boolean;
  onClose(): void;
  money: OrderMoney;
  /** The counter's register when the location has several; null lets the server use the current one. */
  cashRegisterId: number | null;
  /**
   * The register cash goes to and whether it is open, shown before the clerk takes cash; undefined while
   * unknown (not loaded, or no register set up), and then the server alone decides.
   */
  cashRegister?: CashRegisterStatus | undefined;
  /** The cash registers screen (a full browser path), offered when the register is closed. */
  registersHref?: string | undefined;
  format(minor: number): string;
  /** Every tender went through: the page kicks the drawer for cash and refreshes the order. */
  onPaid(payments: PaymentView[]): void;
  /** Print buttons for the payments taken (composed by the page, which owns the printer). */
  renderReceiptActions?(payments: PaymentView[]): ReactNode;
  /** Tests inject a fixed key generator. */
  newKey?: () => string;
}

export interface CashRegisterStatus {
  id: number;
  name: string;
  open: boolean;
}

/** A new part of the payment, for this amount. */
const blankTender = (method: PaymentMethod, amountMinor: number) => ({
  method,
  amount_minor: amountMinor as number | null,
  tendered_minor: null as number | null,
  reference: '',
});

/** A typed amount, or null while the field is empty or not a number. */
const minorOrNull = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** The methods this counter may take, in the order offered. */
export function offeredMethods(money: OrderMoney): PaymentMethod[] {
  const methods: PaymentMethod[] = ['cash'];
  if (money.rules.allow_staff_credit_card_entry) methods.push('card');
  if (money.rules.accept_external_payments) methods.push('external');
  if (money.customer_credit_minor > 0) methods.push('account_credit');
  return methods;
}

export function TakePaymentDialog(props: TakePaymentDialogProps) {
  const { t } = useAppTranslation();
  // A fresh flow (and fresh keys) each time the dialog opens.
  const [opened, setOpened] = useState(0);
  const [wasOpen, setWasOpen] = useState(props.open);
  if (wasOpen !== props.open) {
    setWasOpen(props.open);
    if (props.open) setOpened((n) => n + 1);
  }
  return (
    <MoneyDialog open={props.open} size="lg" onClose={props.onClose} title={t('money:payments.dialog.title')}>
      {props.open && <TakePaymentFlow key={opened} {...props} />}
    </MoneyDialog>
  );
}

function TakePaymentFlow({
  money,
  cashRegisterId,
  cashRegister,
  registersHref,
  format,
  onPaid,
  onClose,
  renderReceiptActions,
  newKey,
}: TakePaymentDialogProps) {
  const { t } = useAppTranslation();
  // The page is told once, when the last tender went through (the drawer must not open twice).
  const [state, send] = usePaymentFlow({ orderId: money.order_id, cashRegisterId, newKey }, onPaid);
  const methods = offeredMethods(money);
  const balance = Math.max(money.balance_minor, 0);
  const forward = money.rules.has_pay_and_balance_forward;
  // The bounds are the order's as the dialog opened (it remounts each time it opens).
  const [schema] = useState(() =>
    takePaymentForm({
      balanceMinor: balance,
      creditMinor: money.customer_credit_minor,
      payAndBalanceForward: forward,
    }),
  );
  const form = useSchemaForm(schema, {
    defaultValues: { tenders: [blankTender('cash', balance)] },
    messages: {
      'tenders.*.amount_minor': 'money:payments.dialog.amount_invalid',
      'tenders.*.tendered_minor': 'money:payments.dialog.tendered_short',
      'tenders.*.reference': 'money:payments.dialog.card_reference_required',
    },
  });
  const rows = useFieldArray({ control: form.control, name: 'tenders' });
  const drafts = form.watch('tenders');
  const [changeReturned, setChangeReturned] = useState(false);
  const { paid } = state.context;
  const locked = paid.length; // tenders already taken cannot change

  const amounts = drafts.map((d) => minorOrNull(d.amount_minor));
  const total = amounts.reduce<number>((sum, a) => sum + (a ?? 0), 0);
  const remaining = balance - total;
  const overpaid = remaining < 0;
  const { errors } = form.formState;
  // The schema refuses the parts together on `tenders`; the sentence names the bound it passed.
  const formError =
    errors.tenders?.root !== undefined || errors.tenders?.type === 'custom'
      ? overpaid && !forward
        ? t('money:payments.errors.exceeds_balance', { amount: format(balance) })
        : t('money:payments.errors.exceeds_credit', { amount: format(money.customer_credit_minor) })
      : null;

  const submit = form.handleSubmit(({ tenders }) => {
    send({
      type: 'SUBMIT',
      tenders: tenders.map((d): Tender => ({
        method: d.method,
        amountMinor: d.amount_minor,
        tenderedMinor: d.method === 'cash' ? d.tendered_minor : null,
        reference: d.method === 'cash' || d.method === 'account_credit' ? '' : d.reference,
        // The dialog said how much goes forward as credit; submitting it is the clerk's choice to keep it.
        keepCredit: overpaid && forward,
      })),
    });
  });

  const busy = state.matches('paying') || state.matches('next');
  const done = state.matches('done');
  const change = paid.reduce((sum, p) => sum + p.change_minor, 0);

  if (done) {
    const last = paid.at(-1)!;
    const mustConfirm = money.rules.confirm_change_return && change > 0 && !changeReturned;
    return (
      <>
        <Dialog.Body>
          <Stack gap="4" role="region" aria-label={t('money:payments.dialog.taken')}>
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Alert.Title>
                {t('money:payments.dialog.paid', {
                  amount: format(paid.reduce((s, p) => s + p.amount_minor, 0)),
                })}
              </Alert.Title>
            </Alert.Root>
            <List.Root ps="5">
              {paid.map((p) => (
                <List.Item key={p.id}>
                  {t('money:payments.dialog.paid_line', {
                    method: t(`money:payments.methods.${p.method}`),
                    amount: format(p.amount_minor),
                  })}
                </List.Item>
              ))}
            </List.Root>
            {change > 0 && (
              <Text fontSize="xl" fontWeight="bold">
                {t('money:payments.dialog.change_due', { amount: format(change) })}
              </Text>
            )}
            <Text>
              {t('money:payments.dialog.balance_after', { amount: format(last.order_balance_minor) })}
            </Text>
            {renderReceiptActions?.(paid)}
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          {mustConfirm ? (
            <Button colorPalette="green" onClick={() => setChangeReturned(true)}>
              {t('money:payments.dialog.confirm_change', { amount: format(change) })}
            </Button>
          ) : (
            <Button onClick={onClose}>{t('money:payments.dialog.done')}</Button>
          )}
        </Dialog.Footer>
      </>
    );
  }

  const failure = state.matches('failed') ? moneyFailure(state.context.error, t, format) : null;
  const takesCash = drafts.some((d, i) => i >= locked && d.method === 'cash');
  // The server's refusal names the closed register; before any, the registers list says it.
  const closedRegister =
    failure?.closedRegister ??
    (takesCash && cashRegister !== undefined && !cashRegister.open
      ? { id: cashRegister.id, name: cashRegister.name }
      : null);

  const { MoneyField, SelectField, TextField } = fieldsOf(form.control);
  return (
    <MoneyDialogForm
      id="take-payment-form"
      onSubmit={() => {
        if (!busy) void submit();
      }}
      after={
        // Outside the form: opening the register must not submit the payment typed above.
        closedRegister !== null && (
          <RegisterClosedNotice
            key={closedRegister.id ?? closedRegister.name}
            register={closedRegister}
            format={format}
            registersHref={registersHref}
          />
        )
      }
      footer={
        failure !== null ? (
          <>
            <Button variant="outline" onClick={() => send({ type: 'EDIT' })}>
              {t('money:payments.dialog.edit')}
            </Button>
            <Button onClick={() => send({ type: 'RETRY' })}>{t('money:payments.dialog.retry')}</Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={onClose} disabled={busy}>
              {t('money:payments.dialog.cancel')}
            </Button>
            <Button type="submit" form="take-payment-form" loading={busy} colorPalette="green">
              {t('money:payments.dialog.submit', { amount: format(total) })}
            </Button>
          </>
        )
      }
    >
      <Text fontWeight="semibold">{t('money:payments.dialog.due', { amount: format(balance) })}</Text>
      {rows.fields.map((row, index) => {
        const draft = drafts[index] ?? row;
        const amount = amounts[index] ?? null;
        const tendered = minorOrNull(draft.tendered_minor);
        const rowLocked = index < locked;
        return (
          <Fieldset.Root
            key={row.id}
            gap="3"
            borderWidth="1px"
            borderRadius="md"
            p="3"
            disabled={rowLocked || busy}
          >
            <Fieldset.Legend srOnly>{t('money:payments.dialog.part', { n: index + 1 })}</Fieldset.Legend>
            <HStack gap="3" align="flex-start" wrap="wrap">
              <Box width="44">
                <SelectField
                  name={`tenders.${index}.method`}
                  label={t('money:payments.dialog.method')}
                  options={methods.map((m) => ({ value: m, label: t(`money:payments.methods.${m}`) }))}
                />
              </Box>
              <Box width="36">
                <MoneyField
                  name={`tenders.${index}.amount_minor`}
                  label={t('money:payments.dialog.amount')}
                />
              </Box>
              {draft.method === 'cash' && (
                <Box width="36">
                  <MoneyField
                    name={`tenders.${index}.tendered_minor`}
                    label={t('money:payments.dialog.tendered')}
                  />
                </Box>
              )}
              {(draft.method === 'card' || draft.method === 'external') && (
                <Box width="44">
                  <TextField
                    name={`tenders.${index}.reference`}
                    required={draft.method === 'card'}
                    autoComplete="off"
                    maxLength={100}
                    label={
                      draft.method === 'card'
                        ? t('money:payments.dialog.card_reference')
                        : t('money:payments.dialog.external_reference')
                    }
                  />
                </Box>
              )}
              {rows.fields.length > 1 && !rowLocked && (
                <Button variant="ghost" size="sm" alignSelf="flex-end" onClick={() => rows.remove(index)}>
                  {t('money:payments.dialog.remove_part', { n: index + 1 })}
                </Button>
              )}
            </HStack>
            {rowLocked && (
              <Text fontSize="sm" color="fg.success">
                {t('money:payments.dialog.part_taken')}
              </Text>
            )}
            {draft.method === 'cash' && tendered !== null && amount !== null && tendered > amount && (
              <Text fontWeight="semibold">
                {t('money:payments.dialog.change_due', { amount: format(tendered - amount) })}
              </Text>
            )}
          </Fieldset.Root>
        );
      })}
      <HStack gap="3" wrap="wrap">
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          onClick={() =>
            rows.append(blankTender(methods.find((m) => m !== 'cash') ?? 'cash', Math.max(remaining, 0)))
          }
        >
          {t('money:payments.dialog.split')}
        </Button>
        <Text role="status" fontSize="sm">
          {overpaid
            ? money.rules.has_pay_and_balance_forward
              ? t('money:payments.dialog.forward', { amount: format(-remaining) })
              : ''
            : remaining > 0
              ? t('money:payments.dialog.left_after', { amount: format(remaining) })
              : t('money:payments.dialog.settles')}
        </Text>
      </HStack>
      {takesCash && cashRegister?.open === true && closedRegister === null && (
        <Text fontSize="sm" color="fg.muted" data-testid="payment-register">
          {t('money:payments.dialog.register_open', { name: cashRegister.name })}
        </Text>
      )}
      {money.customer_credit_minor > 0 && (
        <Text fontSize="sm" color="fg.muted">
          {t('money:payments.dialog.credit_available', { amount: format(money.customer_credit_minor) })}
        </Text>
      )}
      {formError !== null && <MessageAlert status="error">{formError}</MessageAlert>}
      {failure !== null && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {paid.length > 0
                ? t('money:payments.dialog.failed_after', { count: paid.length })
                : t('money:payments.dialog.failed')}
            </Alert.Title>
            {failure.closedRegister === null && <Alert.Description>{failure.message}</Alert.Description>}
          </Alert.Content>
        </Alert.Root>
      )}
    </MoneyDialogForm>
  );
}
