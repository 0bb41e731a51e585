import {
  Alert,
  Button,
  CloseButton,
  Dialog,
  Field,
  Input,
  Portal,
  Text,
  Textarea,
  chakra,
} from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import type { OrderPaymentRow, PaymentRules } from '@nine/shared/schemas/payments';
import { parseMoneyInput } from '@nine/shared/money';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { newIdempotencyKey } from '../new-key.ts';
import { refundPayment, type RefundResult } from '../api/refund-payment.ts';
import { minorToText } from '../money-input.ts';
import { moneyFailure } from '../payment-failure.ts';
import { RegisterClosedNotice } from './register-closed-notice.tsx';

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

/** What the order already refunded without an approver, and without a manager (the levels bound totals). */
export interface RefundedSoFar {
  unapprovedMinor: number;
  belowLevel2Minor: number;
}
const NOTHING_REFUNDED: RefundedSoFar = { unapprovedMinor: 0, belowLevel2Minor: 0 };

/**
 * Which approver a refund of this amount needs, counting what the order already refunded: none while the
 * unapproved total stays within L1, a refund approver within L2, a manager above. The server decides the same.
 */
export function refundLevel(
  amountMinor: number,
  rules: PaymentRules,
  soFar: RefundedSoFar = NOTHING_REFUNDED,
): 0 | 1 | 2 {
  if (soFar.belowLevel2Minor + amountMinor > rules.refund_level2_minor) return 2;
  if (soFar.unapprovedMinor + amountMinor > rules.refund_level1_minor) return 1;
  return 0;
}

export function RefundDialog(props: RefundDialogProps) {
  const { t } = useAppTranslation();
  return (
    <Dialog.Root
      open={props.payment !== null}
      onOpenChange={(details) => {
        if (!details.open) props.onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                {props.payment
                  ? t('money:refunds.title', {
                      method: t(`money:payments.methods.${props.payment.method}`),
                      amount: props.format(props.payment.amount_minor),
                    })
                  : ''}
              </Dialog.Title>
            </Dialog.Header>
            {props.payment && <RefundForm key={props.payment.id} {...props} payment={props.payment} />}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('money:payments.dialog.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
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
  const [amount, setAmount] = useState(minorToText(refundable));
  const [reason, setReason] = useState('');
  const [accessKey, setAccessKey] = useState('');
  const [attempted, setAttempted] = useState(false);
  // One key per attempt: kept while the amount and reason stay the same (a retry), new when they change.
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const refund = useMutation({
    mutationFn: (body: { amount_minor: number; reason: string; access_key?: string }) => {
      const fingerprint = `${body.amount_minor}|${body.reason}`;
      if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newKey() };
      const drawer =
        payment.method === 'cash' && cashRegisterId !== null ? { cash_register_id: cashRegisterId } : {};
      return refundPayment(payment.id, { ...body, ...drawer }, attempt.current.key);
    },
    onSuccess: onRefunded,
    onError: (error) => {
      // A refused key is typed afresh.
      if (moneyFailure(error, t, format).needsAccessKey) setAccessKey('');
    },
  });

  const externalBlocked = payment.method === 'external' && !rules.process_external_refunds;
  const minor = parseMoneyInput(amount);
  const amountError =
    minor === null || minor <= 0
      ? t('money:payments.dialog.amount_invalid')
      : minor > refundable
        ? t('money:payments.errors.exceeds_refundable', { amount: format(refundable) })
        : null;
  const level = minor === null ? 0 : refundLevel(minor, rules, refundedSoFar);
  const needsKey = approverRequired || level > 0;
  const reasonError = reason.trim() === '' ? t('money:refunds.reason_required') : null;
  const keyError = needsKey && accessKey.trim() === '' ? t('money:refunds.key_required') : null;
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

  return (
    <>
      <Dialog.Body display="flex" flexDirection="column" gap="4">
        <chakra.form
          display="flex"
          flexDirection="column"
          noValidate
          id={formId}
          gap="4"
          onSubmit={(event) => {
            event.preventDefault();
            setAttempted(true);
            if (externalBlocked || amountError || reasonError || keyError || refund.isPending) return;
            refund.mutate({
              amount_minor: minor!,
              reason: reason.trim(),
              ...(needsKey ? { access_key: accessKey } : {}),
            });
          }}
        >
          {externalBlocked && (
            <Alert.Root status="warning" role="alert">
              <Alert.Indicator />
              <Alert.Description>{t('money:payments.errors.external_refunds_disabled')}</Alert.Description>
            </Alert.Root>
          )}
          <Text>
            {t('money:refunds.refundable', {
              amount: format(refundable),
              method: t(`money:payments.methods.${payment.method}`),
            })}
          </Text>
          <Field.Root required invalid={attempted && amountError !== null}>
            <Field.Label>{t('money:refunds.amount')}</Field.Label>
            <Input
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(event) => setAmount(event.currentTarget.value)}
            />
            <Field.ErrorText>{amountError}</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={attempted && reasonError !== null}>
            <Field.Label>{t('money:refunds.reason')}</Field.Label>
            <Textarea
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
            <Field.ErrorText>{reasonError}</Field.ErrorText>
          </Field.Root>
          {needsKey && (
            <Field.Root
              required
              invalid={(attempted && keyError !== null) || failure?.needsAccessKey === true}
            >
              <Field.Label>{t('money:refunds.access_key')}</Field.Label>
              <Input
                type="password"
                autoComplete="off"
                maxLength={64}
                value={accessKey}
                onChange={(event) => setAccessKey(event.currentTarget.value)}
              />
              <Field.HelperText>
                {level === 2
                  ? t('money:refunds.level2', { amount: format(rules.refund_level2_minor) })
                  : approverRequired
                    ? t('money:refunds.approver_required')
                    : t('money:refunds.level1', { amount: format(rules.refund_level1_minor) })}
              </Field.HelperText>
              <Field.ErrorText>{keyError}</Field.ErrorText>
            </Field.Root>
          )}
          {failure !== null && failure.closedRegister === null && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Description>{failure.message}</Alert.Description>
            </Alert.Root>
          )}
        </chakra.form>
        {/* Outside the form: opening the register must not send the refund typed above. */}
        {failure?.closedRegister && (
          <RegisterClosedNotice
            register={failure.closedRegister}
            format={format}
            registersHref={registersHref}
          />
        )}
      </Dialog.Body>
      <Dialog.Footer>
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
      </Dialog.Footer>
    </>
  );
}
