import { Button, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { orderPeriodForm } from '@nine/shared/schemas/order-forms';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import {
  applyServerIssues,
  useResetOnOpen,
  useSchemaForm,
} from '../../../components/form/use-schema-form.ts';
import { formatMoney } from '../../../lib/format.ts';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { saveFailureText } from '../../../lib/save-failure.ts';
import { useChangeOrderPeriod } from '../api/change-order-period.ts';
import { orderQueryKey, type OrderDetail } from '../api/get-order.ts';
import type { SchemaInput } from '../schema-input.ts';

type Values = SchemaInput<typeof orderPeriodForm>;

/** Orders whose period is history: the server refuses them (1710), so the action is not offered. */
const FINISHED: readonly string[] = ['returned', 'closed', 'pre-cancel', 'cancelled'];

export const canChangePeriod = (order: OrderDetail) =>
  order.type !== 'sale' && !FINISHED.includes(order.status);

const valuesOf = (order: OrderDetail): Values => ({
  planned_start: order.planned_start ?? (null as unknown as string),
  planned_finish: order.planned_finish ?? (null as unknown as string),
});

export interface ChangePeriodDialogProps {
  locationId: number;
  order: OrderDetail;
  currencySymbol: string;
}

/**
 * Change period: the rental extended, shortened or moved. The server checks the items over the new period
 * and reprices the lines not yet invoiced; its refusals (items taken, the start after delivery, an invoiced
 * line) are shown as it words them.
 */
export function ChangePeriodDialog({ locationId, order, currencySymbol }: ChangePeriodDialogProps) {
  const { t } = useAppTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const mutation = useChangeOrderPeriod(locationId, order.id);
  const form = useSchemaForm(orderPeriodForm, {
    defaultValues: valuesOf(order),
    messages: {
      planned_start: { required: 'common:form.required', '*': 'orders:change_period.invalid_time' },
      planned_finish: {
        required: 'common:form.required',
        period_too_long: 'orders:create.period_too_long',
        '*': 'orders:create.finish_after_start',
      },
    },
  });
  useResetOnOpen(form, { open, record: order.id, values: () => valuesOf(order), onOpen: mutation.reset });
  const { InstantField } = fieldsOf(form.control);

  const close = () => {
    mutation.reset();
    setOpen(false);
  };
  const submit = form.handleSubmit((period) => {
    if (mutation.isPending) return;
    mutation.mutate(
      { ...period, version: order.version },
      {
        onSuccess: close,
        onError: (error) => {
          if (applyServerIssues(form, error)) mutation.reset();
          // A stale version: the order as it is now, so the next try sends its version.
          void queryClient.invalidateQueries({ queryKey: orderQueryKey('rent', locationId, order.id) });
        },
      },
    );
  });

  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        {t('orders:change_period.action')}
      </Button>
      <FormDialog
        open={open}
        onClose={close}
        title={t('orders:change_period.title', { number: order.number })}
        onSubmit={() => void submit()}
        saving={mutation.isPending}
        error={saveFailureText(mutation.error, t('orders:change_period.stale'))}
      >
        <Text color="fg.muted">
          {t('orders:change_period.intro', {
            total: formatMoney(order.total_minor, currencySymbol, currentLanguage()),
          })}
        </Text>
        <InstantField name="planned_start" label={t('orders:view.planned_start')} required />
        <InstantField name="planned_finish" label={t('orders:view.planned_finish')} required />
      </FormDialog>
    </>
  );
}
