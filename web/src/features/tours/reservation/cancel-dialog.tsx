import { Button, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { errorCatalogue } from '@nine/shared/errors';
import { tourReservationCancel } from '@nine/shared/schemas/tours/reservation-changes';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import {
  applyServerIssues,
  useResetOnOpen,
  useSchemaForm,
} from '../../../components/form/use-schema-form.ts';
import { QueryError } from '../../../components/query-error.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMoney, formatNumber, formatRate } from '../../../lib/format.ts';
import { useAppTranslation, type AppT } from '../../../lib/i18n.ts';
import { newIdempotencyKey } from '../../../lib/random-id.ts';
import { saveFailureText } from '../../../lib/save-failure.ts';
import {
  useCancelTourReservation,
  type TourReservationCancelled,
} from '../api/reservation/cancel-tour-reservation.ts';
import {
  useCancellationPreview,
  type TourCancellationPreview,
} from '../api/reservation/get-cancellation-preview.ts';
import type { TourReservationDetail } from '../api/reservation/get-tour-reservation.ts';
import { ApproverKeyField, asksForKey, useApproverKey } from './approver-key.tsx';

const cancelForm = tourReservationCancel.pick({ reason: true, waive_fee: true, access_key: true });
// No access key until one is asked for: an empty one is not a key (the schema wants at least a character).
const EMPTY = { reason: '', waive_fee: false, access_key: undefined };

/** The fee tier that applies and what goes back, in words: "30 hours before: 50 % fee = €40.00". */
export function cancellationSentences(
  t: AppT,
  preview: TourCancellationPreview,
  money: (minor: number) => string,
  waived: boolean,
): { fee: string; refund: string } {
  const rate = formatRate(waived ? 0 : preview.fee_bp);
  const fee = money(waived ? 0 : preview.fee_minor);
  const refund = waived ? preview.paid_minor : preview.refund_minor;
  const hours = formatNumber(preview.hours_before);
  return {
    fee: waived
      ? t('tours:reservation.cancel.fee_waived')
      : preview.fee_from === 'moved'
        ? t('tours:reservation.cancel.fee_moved', { rate, fee })
        : preview.no_show
          ? t('tours:reservation.cancel.fee_no_show', { rate, fee })
          : preview.fee_bp === 0
            ? t('tours:reservation.cancel.fee_none', { count: preview.hours_before, hours })
            : t('tours:reservation.cancel.fee_tier', { count: preview.hours_before, hours, rate, fee }),
    refund:
      refund > 0
        ? t('tours:reservation.cancel.refund', { amount: money(refund) })
        : t('tours:reservation.cancel.refund_nothing'),
  };
}

export interface CancelDialogProps {
  open: boolean;
  onClose(): void;
  locationId: number;
  reservation: TourReservationDetail;
  currencySymbol: string;
  /** Holds tour:manage: may waive the fee. */
  canWaive: boolean;
  /** The viewer may not refund by themselves: the approver's key is asked for up front. */
  approverRequired?: boolean;
  /** The counter's register when the location has several: a cash refund leaves its drawer. */
  cashRegisterId?: number | null;
  /** A version conflict: the page reads the reservation again. */
  onConflict?(): void;
  /** Where an invoice is shown (the page's route): the fee invoice is linked once cancelled. */
  invoiceHref?(id: number): string;
  newKey?: () => string;
}

/**
 * Cancels with the definition's fee tier: the preview says what the fee is and what goes back to the
 * original payments before anything is sent; the cancel carries an Idempotency-Key so a retry (with an
 * approver's key, say) refunds once.
 */
export function CancelDialog({
  open,
  onClose,
  locationId,
  reservation,
  currencySymbol,
  canWaive,
  approverRequired = false,
  cashRegisterId = null,
  onConflict,
  invoiceHref,
  newKey = newIdempotencyKey,
}: CancelDialogProps) {
  const { t } = useAppTranslation();
  const money = (minor: number) => formatMoney(minor, currencySymbol);
  const [done, setDone] = useState<TourReservationCancelled | null>(null);
  const preview = useCancellationPreview(locationId, reservation.id, open && done === null);
  const cancel = useCancelTourReservation();
  const approver = useApproverKey(newKey);
  const form = useSchemaForm(cancelForm, { defaultValues: EMPTY });
  useResetOnOpen(form, {
    open,
    record: reservation.id,
    values: () => EMPTY,
    onOpen: () => {
      cancel.reset();
      setDone(null);
      approver.reset();
    },
  });
  const waived = useWatch({ control: form.control, name: 'waive_fee' }) === true;
  // Nothing to refund (nothing paid, or all kept as the fee) needs no approver.
  const refunding =
    preview.data !== undefined && (waived ? preview.data.paid_minor : preview.data.refund_minor) > 0;
  const needsKey = (approverRequired && refunding) || approver.keyAsked;

  const submit = form.handleSubmit(({ reason, waive_fee, access_key }) => {
    cancel.mutate(
      {
        id: reservation.id,
        // A retry keeps the key while reason and fee choice stay the same.
        idempotencyKey: approver.keyFor(`${reason ?? ''}|${String(waive_fee)}`),
        body: {
          // The version the preview was worked out at: the fee shown is the fee applied.
          version: preview.data?.version ?? reservation.version,
          waive_fee,
          ...(reason !== undefined && reason !== '' ? { reason } : {}),
          ...(needsKey && access_key !== undefined && access_key !== '' ? { access_key } : {}),
          ...(cashRegisterId !== null ? { cash_register_id: cashRegisterId } : {}),
        },
      },
      {
        onSuccess: setDone,
        onError: (error) => {
          if (applyServerIssues(form, error)) return;
          if (approver.asked(error, () => form.setValue('access_key', undefined))) return;
          if (error instanceof ApiError && error.respCode === errorCatalogue.versionConflict.code) {
            onConflict?.();
            void preview.refetch();
          }
        },
      },
    );
  });

  const sentences = preview.data !== undefined ? cancellationSentences(t, preview.data, money, waived) : null;
  const { TextareaField, CheckboxField } = fieldsOf(form.control);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('tours:reservation.cancel.title', { number: reservation.number })}
      onSubmit={() => {
        if (done === null && preview.isSuccess) void submit();
      }}
      saving={cancel.isPending}
      submitLabel={t('tours:reservation.cancel.submit')}
      submitDisabled={!preview.isSuccess}
      error={
        cancel.isError && !asksForKey(cancel.error)
          ? saveFailureText(cancel.error, t('tours:reservation.conflict'))
          : null
      }
      footer={
        done !== null ? <Button onClick={onClose}>{t('tours:reservation.cancel.close')}</Button> : undefined
      }
    >
      {done !== null ? (
        <Stack gap="2" role="status">
          <Text fontWeight="semibold">{t('tours:reservation.cancel.done')}</Text>
          <Text>{t('tours:reservation.cancel.done_fee', { amount: money(done.fee_minor) })}</Text>
          <Text>{t('tours:reservation.cancel.done_refund', { amount: money(done.refunded_minor) })}</Text>
          {done.fee_invoice_id !== null && invoiceHref !== undefined && (
            <Link href={invoiceHref(done.fee_invoice_id)} colorPalette="blue" variant="underline">
              {t('tours:reservation.cancel.fee_invoice')}
            </Link>
          )}
        </Stack>
      ) : (
        <Stack gap="4">
          {preview.isPending && <Text>{t('common:loading')}</Text>}
          {preview.isError && (
            <QueryError
              error={preview.error}
              title={t('tours:reservation.cancel.preview_failed')}
              onRetry={() => void preview.refetch()}
            />
          )}
          {sentences !== null && preview.data !== undefined && (
            <Stack gap="1" data-testid="cancel-preview">
              <Text>
                {t('tours:reservation.cancel.seat_total', {
                  total: money(preview.data.seat_total_minor),
                  paid: money(preview.data.paid_minor),
                })}
              </Text>
              <Text fontWeight="semibold">{sentences.fee}</Text>
              <Text fontWeight="semibold">{sentences.refund}</Text>
            </Stack>
          )}
          <TextareaField name="reason" label={t('tours:reservation.cancel.reason')} maxLength={300} />
          {canWaive && <CheckboxField name="waive_fee" label={t('tours:reservation.cancel.waive_fee')} />}
          <ApproverKeyField
            control={form.control}
            shown={needsKey}
            keyAsked={approver.keyAsked}
            error={cancel.error}
          />
        </Stack>
      )}
    </FormDialog>
  );
}
