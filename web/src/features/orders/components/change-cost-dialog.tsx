import { Button, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { formatMoney } from '../../../lib/format.ts';
import { priceOverrideForm } from '@nine/shared/schemas/money';
import { DialogFrame } from '../../../components/dialog-frame.tsx';
import { MessageAlert } from '../../../components/message-alert.tsx';
import {
  applyServerIssues,
  useResetOnOpen,
  useSchemaForm,
} from '../../../components/form/use-schema-form.ts';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { changeItemCost } from '../api/change-item-cost.ts';
import { orderQueryKey, type OrderDetail, type OrderItem } from '../api/get-order.ts';
import type { OrderKind } from '../order-kind.ts';
import type { SchemaInput } from '../schema-input.ts';
import { itemName } from './order-item-tools.ts';
import { fieldsOf } from '../../../components/form/form-fields.tsx';

type Values = SchemaInput<typeof priceOverrideForm>;

const valuesOf = (item: OrderItem | null): Values => ({
  unit_price_minor: item?.unit_price_minor ?? (null as unknown as number),
  comment: '',
  access_key: '',
});

export interface ChangeCostDialogProps {
  kind: OrderKind;
  locationId: number;
  order: OrderDetail;
  /** The line whose cost changes; null keeps the dialog closed. */
  item: OrderItem | null;
  currencySymbol: string;
  onClose(): void;
}

/**
 * Change cost (`changeCost`): the new unit price, a reason and, when an approver signs it off, their
 * access key. The server logs it for the price adjustment report and on the order's timeline.
 */
export function ChangeCostDialog({
  kind,
  locationId,
  order,
  item,
  currencySymbol,
  onClose,
}: ChangeCostDialogProps) {
  const { t } = useAppTranslation();
  const queryClient = useQueryClient();
  const formId = useId();
  const form = useSchemaForm(priceOverrideForm, {
    defaultValues: valuesOf(item),
    messages: {
      unit_price_minor: 'orders:change_cost.invalid_price',
      comment: 'orders:change_cost.comment_required',
    },
  });
  const mutation = useMutation({
    mutationFn: (body: Parameters<typeof changeItemCost>[2]) => changeItemCost(kind, order.id, body),
    onSuccess: (updated) => {
      queryClient.setQueryData(orderQueryKey(kind, locationId, order.id), updated);
      void queryClient.invalidateQueries({ queryKey: ['orders', kind, locationId, 'list'] });
      mutation.reset();
      onClose();
    },
    // A stale version or a line invoiced meanwhile: show the order as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: orderQueryKey(kind, locationId, order.id) }),
  });
  // A line opened: start from its current price.
  useResetOnOpen(form, { open: item !== null, record: item?.id, values: () => valuesOf(item) });
  const submit = form.handleSubmit(({ unit_price_minor, comment, access_key }) => {
    if (item === null || mutation.isPending) return;
    mutation.mutate(
      {
        order_item_id: item.id,
        unit_price_minor,
        version: order.version,
        comment,
        ...(access_key !== '' ? { access_key } : {}),
      },
      {
        onError: (error) => {
          if (applyServerIssues(form, error)) mutation.reset();
        },
      },
    );
  });
  const money = (value: number) => formatMoney(value, currencySymbol, currentLanguage());
  const { control } = form;

  const { MoneyField, TextField } = fieldsOf(control);
  return (
    <DialogFrame
      open={item !== null}
      onDismiss={() => {
        mutation.reset();
        onClose();
      }}
      title={item ? t('orders:change_cost.title', { item: itemName(item) }) : ''}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('orders:change_cost.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={mutation.isPending}>
            {t('orders:change_cost.save')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="4">
          {item && (
            <Text color="fg.muted">
              {t('orders:change_cost.current', { price: money(item.unit_price_minor) })}
            </Text>
          )}
          <MoneyField name="unit_price_minor" label={t('orders:change_cost.new_price')} required />
          <TextField name="comment" label={t('orders:change_cost.comment')} required maxLength={500} />
          <TextField
            name="access_key"
            label={t('orders:change_cost.access_key')}
            helperText={t('orders:change_cost.access_key_hint')}
            type="password"
            autoComplete="off"
            maxLength={64}
          />
          {mutation.isError && <MessageAlert status="error">{mutation.error.message}</MessageAlert>}
        </Stack>
      </form>
    </DialogFrame>
  );
}
