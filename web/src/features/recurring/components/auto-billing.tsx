import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { autoBillingInput, billingFrequencies } from '@nine/shared/schemas/recurring';
import type { AutoBillingPlan } from '@nine/shared/schemas/recurring';
import { DialogFrame } from '../../../components/dialog-frame.tsx';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { useNotify } from '../../../lib/toast.tsx';
import { useAutoBilling } from '../api/get-auto-billing.ts';
import { useSetAutoBilling, type AutoBillingBody, type BillingFrequency } from '../api/set-auto-billing.ts';
import { formatDay, todayAtLocation } from '../../../lib/format.ts';
import { fieldsOf } from '../../../components/form/form-fields.tsx';

export interface AutoBillingDialogProps {
  open: boolean;
  /** The plan being edited; null starts a new one. */
  plan: AutoBillingPlan | null;
  /** The first invoice date offered for a new plan (YYYY-MM-DD). */
  defaultDate: string;
  saving: boolean;
  error: string | null;
  onSave(body: AutoBillingBody): void;
  onDismiss(): void;
}

/** 'Start Auto Billing / Edit Auto Billing' (spec section 2): the invoice frequency, from when, on or off. */
export function AutoBillingDialog({
  open,
  plan,
  defaultDate,
  saving,
  error,
  onSave,
  onDismiss,
}: AutoBillingDialogProps) {
  const { t } = useAppTranslation();
  const formId = useId();
  // A new dialog per opening (the button keys it), so the defaults are read once.
  const form = useSchemaForm(autoBillingInput, {
    defaultValues: {
      frequency: plan?.frequency ?? 'monthly',
      next_invoice_date: plan?.next_invoice_date ?? defaultDate,
      active: plan?.active ?? true,
    },
    messages: { next_invoice_date: 'fulfilment:auto_billing.date_required' },
    // The date is checked as it changes, and Save waits for a valid one.
    mode: 'onChange',
  });
  const dateMissing = form.formState.errors.next_invoice_date !== undefined;
  const submit = form.handleSubmit((body) => {
    if (!saving) onSave(body);
  });
  const title = plan === null ? t('fulfilment:auto_billing.start') : t('fulfilment:auto_billing.edit');

  const { CheckboxField, DateTimeField, SelectField } = fieldsOf(form.control);
  return (
    <DialogFrame
      open={open}
      onDismiss={onDismiss}
      title={title}
      footer={
        <>
          <Button variant="outline" onClick={onDismiss}>
            {t('fulfilment:auto_billing.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={saving} disabled={dateMissing}>
            {t('fulfilment:auto_billing.save')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="4">
          {error !== null && <MessageAlert status="error">{error}</MessageAlert>}
          <SelectField
            name="frequency"
            label={t('fulfilment:auto_billing.frequency')}
            required
            options={billingFrequencies.map((value) => ({
              value,
              label: t(`fulfilment:frequency.${value}`),
            }))}
          />
          <DateTimeField
            name="next_invoice_date"
            label={t('fulfilment:auto_billing.next_invoice_date')}
            required
            helperText={t('fulfilment:auto_billing.next_invoice_hint')}
          />
          {plan !== null && <CheckboxField name="active" label={t('fulfilment:auto_billing.active')} />}
          {plan !== null && (
            <Text fontSize="sm" color="fg.muted">
              {t('fulfilment:auto_billing.active_hint')}
            </Text>
          )}
        </Stack>
      </form>
    </DialogFrame>
  );
}

export interface AutoBillingButtonProps {
  locationId: number;
  orderId: number;
  /** sell_order change: without it the plan is shown but not changed. */
  canChange: boolean;
  /** The first invoice date offered for a new plan; defaults to today. */
  defaultDate?: string;
}

function failureMessage(error: unknown, disabledMessage: string): string {
  if (error instanceof ApiError) {
    const data = error.data as { reason?: unknown } | null | undefined;
    if (data?.reason === 'recurring_disabled') return disabledMessage;
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The rent order view's 'Start Auto Billing' / 'Edit Auto Billing' button with the plan it opens. */
export function AutoBillingButton({ locationId, orderId, canChange, defaultDate }: AutoBillingButtonProps) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const plan = useAutoBilling(locationId, orderId);
  const save = useSetAutoBilling(locationId, orderId);
  const [open, setOpen] = useState(false);
  // A new dialog per opening: the form starts from the plan as it is now.
  const [opening, setOpening] = useState(0);

  if (plan.isPending) return null;
  if (plan.isError) {
    return (
      <Text color="fg.error" fontSize="sm">
        {t('fulfilment:auto_billing.load_failed')}
      </Text>
    );
  }
  const current = plan.data;
  const frequencyLabel = (value: BillingFrequency) => t(`fulfilment:frequency.${value}`);

  return (
    <HStack gap="3" wrap="wrap">
      {current !== null && (
        <Text fontSize="sm" role="status">
          {current.active
            ? t('fulfilment:auto_billing.summary_on', {
                frequency: frequencyLabel(current.frequency),
                date: formatDay(current.next_invoice_date),
                count: current.issued_invoice_count,
              })
            : t('fulfilment:auto_billing.summary_paused', { count: current.issued_invoice_count })}
        </Text>
      )}
      {canChange && (
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            save.reset();
            setOpening((n) => n + 1);
            setOpen(true);
          }}
        >
          {current === null ? t('fulfilment:auto_billing.start') : t('fulfilment:auto_billing.edit')}
        </Button>
      )}
      <AutoBillingDialog
        key={opening}
        open={open}
        plan={current}
        defaultDate={defaultDate ?? todayAtLocation()}
        saving={save.isPending}
        error={save.isError ? failureMessage(save.error, t('fulfilment:auto_billing.disabled')) : null}
        onDismiss={() => setOpen(false)}
        onSave={(body) =>
          save.mutate(body, {
            onSuccess: () => {
              setOpen(false);
              notify({
                type: 'success',
                title: t('fulfilment:auto_billing.saved', {
                  frequency: frequencyLabel(body.frequency),
                  date: formatDay(body.next_invoice_date),
                }),
              });
            },
          })
        }
      />
    </HStack>
  );
}
