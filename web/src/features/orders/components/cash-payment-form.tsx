import { Alert, Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { takePayment, type TakenPayment } from '../api/take-payment.ts';
import { parseMinor } from '../create/draft-lines.ts';

export interface CashPaymentFormProps {
  orderId: number;
  /** What is left to pay, as the order answered it. */
  balanceMinor: number;
  money(minor: number): string;
  /** The counter's register when the location runs several (multi_register); null lets the server choose. */
  cashRegisterId?: number | null;
  /**
   * Told once the payment is taken: the quick sale then prints its receipt and shows the sale's status
   * (closed by the payment when the business closes sales on full payment).
   */
  onPaid?(payment: TakenPayment): void;
}

const toText = (minor: number) => (minor / 100).toFixed(2);

/** Cash at the counter after a sale: the amount due, what the customer hands over, the change to give back. */
export function CashPaymentForm({
  orderId,
  balanceMinor,
  money,
  cashRegisterId = null,
  onPaid,
}: CashPaymentFormProps) {
  const { t } = useAppTranslation();
  const [tendered, setTendered] = useState(toText(balanceMinor));
  // One key per attempt, kept for a retry of the same amount, so a retry never takes the money twice.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [paid, setPaid] = useState<TakenPayment | null>(null);
  const pay = useMutation({
    mutationFn: (tenderedMinor: number) =>
      takePayment(
        {
          order_id: orderId,
          method: 'cash',
          amount_minor: balanceMinor,
          tendered_minor: tenderedMinor,
          ...(cashRegisterId !== null ? { cash_register_id: cashRegisterId } : {}),
        },
        key,
      ),
    onSuccess: (payment) => {
      setPaid(payment);
      onPaid?.(payment);
    },
  });
  const tenderedMinor = parseMinor(tendered);
  const short = tenderedMinor === null || tenderedMinor < balanceMinor;

  if (paid !== null) {
    return (
      <Stack gap="2" role="region" aria-label={t('orders:quick_sale.payment')}>
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{t('orders:quick_sale.paid', { amount: money(paid.amount_minor) })}</Alert.Title>
        </Alert.Root>
        <Text>{t('orders:quick_sale.change', { amount: money(paid.change_minor) })}</Text>
        <Text>{t('orders:quick_sale.balance', { amount: money(paid.order_balance_minor) })}</Text>
      </Stack>
    );
  }

  if (balanceMinor <= 0) {
    return <Text>{t('orders:quick_sale.balance', { amount: money(Math.max(balanceMinor, 0)) })}</Text>;
  }

  return (
    <Stack
      as="form"
      gap="3"
      maxW="sm"
      role="region"
      aria-label={t('orders:quick_sale.payment')}
      onSubmit={(event) => {
        event.preventDefault();
        if (!short && tenderedMinor !== null && !pay.isPending) pay.mutate(tenderedMinor);
      }}
    >
      <Text fontWeight="semibold">{t('orders:quick_sale.amount_due', { amount: money(balanceMinor) })}</Text>
      <Field.Root invalid={tendered !== '' && short}>
        <Field.Label>{t('orders:quick_sale.tendered')}</Field.Label>
        <Input
          autoFocus
          inputMode="decimal"
          autoComplete="off"
          value={tendered}
          onChange={(event) => {
            setTendered(event.currentTarget.value);
            setKey(crypto.randomUUID());
          }}
        />
        <Field.ErrorText>{t('orders:quick_sale.tendered_short')}</Field.ErrorText>
      </Field.Root>
      {!short && tenderedMinor !== null && (
        <Text>{t('orders:quick_sale.change', { amount: money(tenderedMinor - balanceMinor) })}</Text>
      )}
      {pay.isError && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>{pay.error.message}</Alert.Description>
        </Alert.Root>
      )}
      <Button type="submit" alignSelf="flex-start" loading={pay.isPending} disabled={short}>
        {t('orders:quick_sale.take_cash')}
      </Button>
    </Stack>
  );
}
