import { Button, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { errorCatalogue } from '@nine/shared/errors';
import {
  counterReadingsForm,
  deliveryAssignForm,
  itemDiscountForm,
  itemReplaceForm,
} from '@nine/shared/schemas/order-forms';
import { DialogFrame } from '../../../components/dialog-frame.tsx';
import { MessageAlert } from '../../../components/message-alert.tsx';
import {
  applyServerIssues,
  useSchemaForm,
  type SchemaForm,
} from '../../../components/form/use-schema-form.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { orderQueryKey, type OrderDetail, type OrderItem } from '../api/get-order.ts';
import { assignDelivery, replaceOrderItem, updateOrderItem } from '../api/update-order-item.ts';
import type { OrderKind } from '../order-kind.ts';
import { failureCode } from '../view/order-action-machine.ts';
import { itemName, type ItemTool } from './order-item-tools.ts';
import { fieldsOf } from '../../../components/form/form-fields.tsx';

export interface ItemToolDialogProps {
  kind: OrderKind;
  locationId: number;
  order: OrderDetail;
  /** The action and its line; null keeps the dialog closed. */
  target: { tool: ItemTool; item: OrderItem } | null;
  onClose(): void;
}

/** A checked form's call; `acknowledge` is the clerk's "Replace anyway" to a category change. */
type ToolRequest = (acknowledge: boolean) => Promise<OrderDetail>;

interface ToolFormProps {
  formId: string;
  kind: OrderKind;
  order: OrderDetail;
  item: OrderItem;
  send(request: ToolRequest, putIssues: (error: unknown) => boolean): void;
  /** The clerk changed the form: a confirmation asked for the last try no longer holds. */
  onEdit(): void;
}

/** The tool's form element: submitting checks the values with the form's schema, then sends. */
function ToolForm<Input extends FieldValues, Output>({
  formId,
  form,
  onValid,
  children,
}: {
  formId: string;
  form: SchemaForm<Input, Output>;
  onValid(values: Output): void;
  children: ReactNode;
}) {
  return (
    <form
      id={formId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit(onValid)();
      }}
    >
      <Stack gap="4">{children}</Stack>
    </form>
  );
}

function EditItemForm({ formId, kind, order, item, send }: ToolFormProps) {
  const { t } = useAppTranslation();
  // The bound is the line's amount, fixed while the dialog shows this line.
  const [schema] = useState(() => itemDiscountForm(item.unit_price_minor * item.quantity));
  const form = useSchemaForm(schema, {
    defaultValues: { discount_minor: item.discount_minor },
    messages: { discount_minor: 'orders:item_tools.discount_invalid' },
  });
  const { MoneyField } = fieldsOf(form.control);
  return (
    <ToolForm
      formId={formId}
      form={form}
      onValid={({ discount_minor }) =>
        send(
          () => updateOrderItem(kind, order.id, item.id, { version: order.version, discount_minor }),
          (error) => applyServerIssues(form, error),
        )
      }
    >
      <MoneyField name="discount_minor" label={t('orders:item_tools.discount')} />
      {item.invoiced && <Text color="fg.muted">{t('orders:item_tools.invoiced')}</Text>}
    </ToolForm>
  );
}

function CounterForm({ formId, kind, order, item, send }: ToolFormProps) {
  const { t } = useAppTranslation();
  const form = useSchemaForm(counterReadingsForm, {
    defaultValues: { counter_start: item.counter_start, counter_end: item.counter_end },
    messages: {
      counter_start: 'orders:item_tools.counter_invalid',
      counter_end: 'orders:item_tools.counter_invalid',
    },
  });
  const { WholeNumberField } = fieldsOf(form.control);
  return (
    <ToolForm
      formId={formId}
      form={form}
      onValid={(readings) =>
        send(
          () => updateOrderItem(kind, order.id, item.id, { version: order.version, ...readings }),
          (error) => applyServerIssues(form, error),
        )
      }
    >
      <WholeNumberField name="counter_start" label={t('orders:item_tools.counter_start')} />
      <WholeNumberField name="counter_end" label={t('orders:item_tools.counter_end')} />
    </ToolForm>
  );
}

function ReplaceForm({ formId, order, item, send, onEdit }: ToolFormProps) {
  const { t } = useAppTranslation();
  const form = useSchemaForm(itemReplaceForm, { defaultValues: { sku: '' } });
  useEffect(() => {
    const subscription = form.watch(() => onEdit());
    return () => subscription.unsubscribe();
  }, [form, onEdit]);
  const { TextField } = fieldsOf(form.control);
  return (
    <ToolForm
      formId={formId}
      form={form}
      onValid={({ sku }) =>
        send(
          (acknowledge) =>
            replaceOrderItem(order.id, item.id, {
              version: order.version,
              sku,
              acknowledge: acknowledge ? ['category_change'] : [],
            }),
          (error) => applyServerIssues(form, error),
        )
      }
    >
      <TextField
        name="sku"
        label={t('orders:item_tools.sku')}
        helperText={t('orders:item_tools.sku_hint')}
        required
        autoComplete="off"
        maxLength={64}
      />
    </ToolForm>
  );
}

function DeliveryForm({ formId, order, item, send }: ToolFormProps) {
  const { t } = useAppTranslation();
  const form = useSchemaForm(deliveryAssignForm, {
    // No time until one is picked; the schema refuses it as required.
    defaultValues: { type: 'delivery', scheduled_at: null as unknown as string, address: '', zip_code: '' },
    messages: { scheduled_at: 'orders:item_tools.scheduled_invalid' },
  });
  const { InstantField, SelectField, TextField } = fieldsOf(form.control);
  return (
    <ToolForm
      formId={formId}
      form={form}
      onValid={(delivery) =>
        send(
          () => assignDelivery(order.id, { ...delivery, item_ids: [item.id] }),
          (error) => applyServerIssues(form, error),
        )
      }
    >
      <SelectField
        name="type"
        label={t('orders:item_tools.delivery_type')}
        options={[
          { value: 'delivery', label: t('orders:item_tools.type_delivery') },
          { value: 'pickup', label: t('orders:item_tools.type_pickup') },
        ]}
      />
      <InstantField name="scheduled_at" label={t('orders:item_tools.scheduled_at')} required />
      <TextField
        name="address"
        label={t('orders:item_tools.address')}
        helperText={t('orders:item_tools.address_hint')}
        maxLength={300}
      />
      <TextField name="zip_code" label={t('orders:item_tools.zip_code')} maxLength={12} />
    </ToolForm>
  );
}

const toolForms = {
  edit: EditItemForm,
  counter: CounterForm,
  replace: ReplaceForm,
  delivery: DeliveryForm,
} satisfies Record<ItemTool, (props: ToolFormProps) => ReactNode>;

const titles = {
  edit: 'orders:item_tools.edit_title',
  counter: 'orders:item_tools.counter_title',
  replace: 'orders:item_tools.replace_title',
  delivery: 'orders:item_tools.delivery_title',
} as const satisfies Record<ItemTool, string>;

/** Edit item, set counter, replace item and assign delivery: one line's form, each on its shared schema. */
export function ItemToolDialog({ kind, locationId, order, target, onClose }: ItemToolDialogProps) {
  const { t } = useAppTranslation();
  const queryClient = useQueryClient();
  const formId = useId();
  const [confirming, setConfirming] = useState(false);

  const mutation = useMutation({
    mutationFn: ({ request, acknowledge }: { request: ToolRequest; acknowledge: boolean }) =>
      request(acknowledge),
    onSuccess: (updated) => {
      queryClient.setQueryData(orderQueryKey(kind, locationId, order.id), updated);
      void queryClient.invalidateQueries({ queryKey: ['orders', kind, locationId, 'list'] });
      mutation.reset();
      onClose();
    },
    onError: (error) => {
      if (failureCode(error) === errorCatalogue.confirmationRequired.code) setConfirming(true);
      // A stale version: show the order as it is now, so the next try sends its version.
      else void queryClient.invalidateQueries({ queryKey: orderQueryKey(kind, locationId, order.id) });
    },
  });
  const { reset } = mutation;
  const edited = useCallback(() => {
    setConfirming(false);
    reset();
  }, [reset]);

  const send: ToolFormProps['send'] = (request, putIssues) => {
    if (mutation.isPending) return;
    setConfirming(false);
    mutation.mutate(
      { request, acknowledge: false },
      {
        onError: (error) => {
          if (putIssues(error)) mutation.reset();
        },
      },
    );
  };

  const needsConfirm = confirming && mutation.isError;
  const close = () => {
    mutation.reset();
    setConfirming(false);
    onClose();
  };
  const Form = target ? toolForms[target.tool] : null;

  return (
    <DialogFrame
      open={target !== null}
      onDismiss={close}
      title={target ? t(titles[target.tool], { item: itemName(target.item) }) : ''}
      footer={
        <>
          <Button variant="outline" onClick={close}>
            {t('orders:item_tools.cancel')}
          </Button>
          {needsConfirm ? (
            <Button
              colorPalette="orange"
              loading={mutation.isPending}
              onClick={() => mutation.mutate({ request: mutation.variables!.request, acknowledge: true })}
            >
              {t('orders:item_tools.replace_anyway')}
            </Button>
          ) : (
            <Button type="submit" form={formId} loading={mutation.isPending}>
              {target?.tool === 'replace'
                ? t('orders:item_tools.replace')
                : target?.tool === 'delivery'
                  ? t('orders:item_tools.assign')
                  : t('orders:item_tools.save')}
            </Button>
          )}
        </>
      }
    >
      <Stack gap="4">
        {target && Form && (
          <Form
            // Another line or action starts from what the line holds now.
            key={`${target.tool}:${target.item.id}`}
            formId={formId}
            kind={kind}
            order={order}
            item={target.item}
            send={send}
            onEdit={edited}
          />
        )}
        {needsConfirm ? (
          <MessageAlert status="warning">{t('orders:item_tools.confirm_change')}</MessageAlert>
        ) : (
          mutation.isError && <MessageAlert status="error">{mutation.error.message}</MessageAlert>
        )}
      </Stack>
    </DialogFrame>
  );
}
