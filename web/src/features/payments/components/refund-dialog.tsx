import { Alert, Button, Dialog, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import type { RefundCreate } from '@nine/shared/schemas/money';
import { refundForm, refundLevel, type RefundedSoFar } from '@nine/shared/schemas/payment-forms';
import type { OrderPaymentRow, PaymentRules } from '@nine/shared/schemas/payments';
import { applyServerIssues, useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { newIdempotencyKey } from '../../../lib/random-id.ts';
import { refundPayment, type RefundResult } from '../api/refund-payment.ts';
import { moneyFailure } from '../payment-failure.ts';
import { BoundedMoneyField } from './bounded-money-field.tsx';
import { MoneyDialog, MoneyDialogForm } from './money-dialog.tsx';
import { RegisterClosedNotice } from './register-closed-notice.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';

export interface RefundDialogProps {
  /** The payment to refund; null keeps the dialog closed. */
  payment: OrderPaymentRow | null;
  rules: PaymentRules;
  refundedSoFar?: RefundedSoFar;
  /**
   * The viewer may move money but not refund (financial_transaction: refund): the server then wants the
   * access key of someone who may, so the key is asked for up front, whatever the amount.
   */
  approverRequired?: boolean;
  /** The counter's register when the location has several: a cash refund leaves its drawer. */
  cashRegisterId?: number | null;
  /** The cash registers screen (a full browser path), offered when a cash refund finds it closed. */
  registersHref?: string | undefined;
  format(minor: number): string;
  onClose(): void;
  onRefunded(result: RefundResult): void;
  newKey?: () => string;
}

export function RefundDialog(props: RefundDialogProps) {
  const { t } = useAppTranslation();
  return (
    <MoneyDialog
      open={props.payment !== null}
      onClose={props.onClose}
      title={
        props.payment
          ? t('money:refunds.title', {
              method: t(`money:payments.methods.${props.payment.method}`),
              amount: props.format(props.payment.amount_minor),
            })
          : ''
      }
    >
      {props.payment && <RefundForm key={props.payment.id} {...props} payment={props.payment} />}
    </MoneyDialog>
  );
}

function RefundForm({
  payment,
  rules,
  refundedSoFar,
  approverRequired = false,
  cashRegisterId = null,
  registersHref,
  format,
  onClose,
  onRefunded,
  newKey = () => newIdempotencyKey(),
}: RefundDialogProps & { payment: OrderPaymentRow }) {
  const { t } = useAppTranslation();
  const formId = useId();
  const refundable = payment.amount_minor - payment.refunded_minor;
  // The bounds are the payment's, fixed while the dialog shows it (it remounts for another payment).
  const [schema] = useState(() =>
    refundForm({ refundableMinor: refundable, levels: rules, soFar: refundedSoFar, approverRequired }),
  );
  const form = useSchemaForm(schema, {
    defaultValues: { amount_minor: Math.max(refundable, 0), reason: '', access_key: '' },
    messages: {
      amount_minor: 'money:payments.dialog.amount_invalid',
      reason: 'money:refunds.reason_required',
      access_key: 'money:refunds.key_required',
    },
  });
  // One key per attempt: kept while the amount and reason stay the same (a retry), new when they change.
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const refund = useMutation({
    mutationFn: (body: RefundCreate) => {
      const fingerprint = `${body.amount_minor}|${body.reason}`;
      if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newKey() };
      const drawer =
        payment.method === 'cash' && cashRegisterId !== null ? { cash_register_id: cashRegisterId } : {};
      return refundPayment(payment.id, { ...body, ...drawer }, attempt.current.key);
    },
    onSuccess: onRefunded,
    onError: (error) => {
      if (applyServerIssues(form, error)) return;
      // A refused key is typed afresh.
      if (moneyFailure(error, t, format).needsAccessKey) {
        form.setValue('access_key', '');
        form.setError('access_key', { type: 'key_required', message: t('money:refunds.key_required') });
      }
    },
  });

  const externalBlocked = payment.method === 'external' && !rules.process_external_refunds;
  const amount = form.watch('amount_minor');
  const minor = typeof amount === 'number' && Number.isFinite(amount) ? amount : null;
  const level = minor === null ? 0 : refundLevel(minor, rules, refundedSoFar);
  const needsKey = approverRequired || level > 0;
  const failure = refund.isError ? moneyFailure(refund.error, t, format) : null;

  if (refund.isSuccess) {
    return (
      <>
        <Dialog.Body>
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Title>
              {t('money:refunds.done', {
                amount: format(minor ?? 0),
                method: t(`money:payments.methods.${payment.method}`),
              })}
            </Alert.Title>
          </Alert.Root>
          <Text mt="3">
            {t('money:payments.dialog.balance_after', {
              amount: format(refund.data.payment.order_balance_minor),
            })}
          </Text>
        </Dialog.Body>
        <Dialog.Footer>
          <Button onClick={onClose}>{t('money:payments.dialog.done')}</Button>
        </Dialog.Footer>
      </>
    );
  }

  const { TextField, TextareaField } = fieldsOf(form.control);
  return (
    <MoneyDialogForm
      id={formId}
      onSubmit={() => {
        if (externalBlocked || refund.isPending) return;
        void form.handleSubmit((body) => refund.mutate(body))();
      }}
      after={
        // Outside the form: opening the register must not send the refund typed above.
        failure?.closedRegister && (
          <RegisterClosedNotice
            register={failure.closedRegister}
            format={format}
            registersHref={registersHref}
          />
        )
      }
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={refund.isPending}>
            {t('money:payments.dialog.cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            colorPalette="red"
            loading={refund.isPending}
            disabled={externalBlocked}
          >
            {t('money:refunds.submit')}
          </Button>
        </>
      }
    >
      {externalBlocked && (
        <MessageAlert status="warning">{t('money:payments.errors.external_refunds_disabled')}</MessageAlert>
      )}
      <Text>
        {t('money:refunds.refundable', {
          amount: format(refundable),
          method: t(`money:payments.methods.${payment.method}`),
        })}
      </Text>
      <BoundedMoneyField
        control={form.control}
        name="amount_minor"
        label={t('money:refunds.amount')}
        required
        wordBound={() => t('money:payments.errors.exceeds_refundable', { amount: format(refundable) })}
      />
      <TextareaField name="reason" label={t('money:refunds.reason')} required maxLength={500} />
      {needsKey && (
        <TextField
          name="access_key"
          label={t('money:refunds.access_key')}
          required
          type="password"
          autoComplete="off"
          maxLength={64}
          helperText={
            level === 2
              ? t('money:refunds.level2', { amount: format(rules.refund_level2_minor) })
              : approverRequired
                ? t('money:refunds.approver_required')
                : t('money:refunds.level1', { amount: format(rules.refund_level1_minor) })
          }
        />
      )}
      {failure !== null && failure.closedRegister === null && (
        <MessageAlert status="error">{failure.message}</MessageAlert>
      )}
    </MoneyDialogForm>
  );
}
