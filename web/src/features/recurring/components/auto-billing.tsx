import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  Field,
  HStack,
  Input,
  NativeSelect,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useId, useState } from 'react';
import { billingFrequencies } from '@nine/shared/schemas/recurring';
import type { AutoBillingPlan } from '@nine/shared/schemas/recurring';
import { ApiError } from '../../../lib/api-client.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useNotify } from '../../../lib/toast.tsx';
import { useAutoBilling } from '../api/get-auto-billing.ts';
import { useSetAutoBilling, type AutoBillingBody, type BillingFrequency } from '../api/set-auto-billing.ts';
import { formatDay } from '../../../lib/format.ts';
import { todayIso } from './format.ts';

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
  const [frequency, setFrequency] = useState<BillingFrequency>(plan?.frequency ?? 'monthly');
  const [date, setDate] = useState(plan?.next_invoice_date ?? defaultDate);
  const [active, setActive] = useState(plan?.active ?? true);
  const title = plan === null ? t('fulfilment:auto_billing.start') : t('fulfilment:auto_billing.edit');
  const dateMissing = !/^\d{4}-\d{2}-\d{2}$/.test(date);

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onDismiss();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form
                id={formId}
                onSubmit={(event) => {
                  event.preventDefault();
                  if (!dateMissing && !saving) onSave({ frequency, next_invoice_date: date, active });
                }}
              >
                <Stack gap="4">
                  {error !== null && (
                    <Alert.Root status="error" role="alert">
                      <Alert.Indicator />
                      <Alert.Description>{error}</Alert.Description>
                    </Alert.Root>
                  )}
                  <Field.Root required>
                    <Field.Label>{t('fulfilment:auto_billing.frequency')}</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        value={frequency}
                        onChange={(event) => setFrequency(event.currentTarget.value as BillingFrequency)}
                      >
                        {billingFrequencies.map((value) => (
                          <option key={value} value={value}>
                            {t(`fulfilment:frequency.${value}`)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                  <Field.Root required invalid={dateMissing}>
                    <Field.Label>{t('fulfilment:auto_billing.next_invoice_date')}</Field.Label>
                    <Input
                      type="date"
                      value={date}
                      onChange={(event) => setDate(event.currentTarget.value)}
                    />
                    <Field.HelperText>{t('fulfilment:auto_billing.next_invoice_hint')}</Field.HelperText>
                    <Field.ErrorText>{t('fulfilment:auto_billing.date_required')}</Field.ErrorText>
                  </Field.Root>
                  {plan !== null && (
                    <Checkbox.Root
                      checked={active}
                      onCheckedChange={(details) => setActive(details.checked === true)}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{t('fulfilment:auto_billing.active')}</Checkbox.Label>
                    </Checkbox.Root>
                  )}
                  {plan !== null && (
                    <Text fontSize="sm" color="fg.muted">
                      {t('fulfilment:auto_billing.active_hint')}
                    </Text>
                  )}
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onDismiss}>
                {t('fulfilment:auto_billing.cancel')}
              </Button>
              <Button type="submit" form={formId} loading={saving} disabled={dateMissing}>
                {t('fulfilment:auto_billing.save')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
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
        defaultDate={defaultDate ?? todayIso()}
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
