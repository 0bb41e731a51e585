import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { cashTenderForm } from '@nine/shared/schemas/payment-forms';
import type { PaymentView } from '@nine/shared/schemas/payments';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { usePaymentFlow } from '../flows/use-payment-flow.ts';
import { moneyFailure } from '../payment-failure.ts';
import { RegisterClosedNotice } from './register-closed-notice.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';

export interface CashTenderProps {
  orderId: number;
  /** What is left to pay, as the order answered it: the amount taken. */
  balanceMinor: number;
  format(minor: number): string;
  /** The counter's register when the location runs several (multi_register); null lets the server choose. */
  cashRegisterId?: number | null;
  /** The cash registers screen (a full browser path), offered when the register is closed. */
  registersHref?: string | undefined;
  /** Told once, when the payment is taken (the page prints the receipt and shows the order's new status). */
  onPaid?(payment: PaymentView): void;
  /** Tests inject a fixed key generator. */
  newKey?: () => string;
}

/**
 * Cash at the counter, inline: the balance due, what the customer hands over, the change to give back.
 * The same flow as the take-payment dialog (one tender of its machine): one idempotency key per attempt,
 * kept for a retry, and a closed register (1256) opened right here.
 */
export function CashTender({
  orderId,
  balanceMinor,
  format,
  cashRegisterId = null,
  registersHref,
  onPaid,
  newKey,
}: CashTenderProps) {
  const { t } = useAppTranslation();
  // Tell the page once: the receipt prints (and the drawer opens) a single time.
  const [state, send] = usePaymentFlow({ orderId, cashRegisterId, newKey }, (taken) => {
    if (taken[0] !== undefined) onPaid?.(taken[0]);
  });
  // The bound is the order's balance, fixed while this tender shows it (the page mounts one per order).
  const [schema] = useState(() => cashTenderForm(balanceMinor));
  const form = useSchemaForm(schema, {
    defaultValues: { tendered_minor: Math.max(balanceMinor, 0) },
    messages: { tendered_minor: 'money:payments.cash_tender.tendered_short' },
    mode: 'onChange',
  });
  // Another amount is another attempt: after a failure, the next submit gets a new key.
  useEffect(() => {
    const subscription = form.watch(() => send({ type: 'EDIT' }));
    return () => subscription.unsubscribe();
  }, [form, send]);
  const typed = form.watch('tendered_minor');
  const tenderedMinor = typeof typed === 'number' && Number.isFinite(typed) ? typed : null;
  const short = form.formState.errors.tendered_minor !== undefined;
  const busy = state.matches('paying') || state.matches('next');
  const paid = state.matches('done') ? (state.context.paid[0] ?? null) : null;

  if (paid !== null) {
    return (
      <Stack gap="2" role="region" aria-label={t('money:payments.cash_tender.region')}>
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>
            {t('money:payments.cash_tender.paid', { amount: format(paid.amount_minor) })}
          </Alert.Title>
        </Alert.Root>
        <Text>{t('money:payments.cash_tender.change', { amount: format(paid.change_minor) })}</Text>
        <Text>{t('money:payments.cash_tender.balance', { amount: format(paid.order_balance_minor) })}</Text>
      </Stack>
    );
  }

  if (balanceMinor <= 0) {
    return (
      <Text>{t('money:payments.cash_tender.balance', { amount: format(Math.max(balanceMinor, 0)) })}</Text>
    );
  }

  const failed = state.matches('failed');
  const failure = failed ? moneyFailure(state.context.error, t, format) : null;
  const submit = form.handleSubmit(({ tendered_minor }) => {
    if (busy) return;
    // The same amount again is a retry of the same attempt (same key); a changed one was sent as EDIT.
    if (failed) send({ type: 'RETRY' });
    else
      send({
        type: 'SUBMIT',
        tenders: [
          { method: 'cash', amountMinor: balanceMinor, tenderedMinor: tendered_minor, reference: '' },
        ],
      });
  });

  const { MoneyField } = fieldsOf(form.control);
  return (
    <Stack gap="3" maxW="sm" role="region" aria-label={t('money:payments.cash_tender.region')}>
      <Stack
        as="form"
        gap="3"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Text fontWeight="semibold">
          {t('money:payments.cash_tender.due', { amount: format(balanceMinor) })}
        </Text>
        <MoneyField name="tendered_minor" label={t('money:payments.cash_tender.tendered')} autoFocus />
        {tenderedMinor !== null && tenderedMinor >= balanceMinor && (
          <Text>
            {t('money:payments.cash_tender.change', { amount: format(tenderedMinor - balanceMinor) })}
          </Text>
        )}
        {failure !== null && failure.closedRegister === null && (
          <MessageAlert status="error">{failure.message}</MessageAlert>
        )}
        <Button type="submit" alignSelf="flex-start" loading={busy} disabled={short}>
          {t('money:payments.cash_tender.take')}
        </Button>
      </Stack>
      {/* Outside the form: opening the register must not submit the payment typed above. */}
      {failure?.closedRegister && (
        <RegisterClosedNotice
          key={failure.closedRegister.id ?? failure.closedRegister.name}
          register={failure.closedRegister}
          format={format}
          registersHref={registersHref}
        />
      )}
    </Stack>
  );
}
