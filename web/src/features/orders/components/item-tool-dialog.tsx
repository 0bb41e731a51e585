import { Alert, Button, Dialog, Field, Input, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorCatalogue } from '@nine/shared/errors';
import { parseMoneyInput } from '@nine/shared/money';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { orderQueryKey, type OrderDetail, type OrderItem } from '../api/get-order.ts';
import { assignDelivery, replaceOrderItem, updateOrderItem } from '../api/update-order-item.ts';
import type { OrderKind } from '../order-kind.ts';
import { failureCode } from '../view/order-action-machine.ts';
import { itemName, type ItemTool } from './order-item-tools.ts';

export interface ItemToolDialogProps {
  kind: OrderKind;
  locationId: number;
  order: OrderDetail;
  /** The action and its line; null keeps the dialog closed. */
  target: { tool: ItemTool; item: OrderItem } | null;
  onClose(): void;
}

const reading = (text: string): number | null | undefined =>
  text.trim() === '' ? null : /^\d{1,12}$/.test(text.trim()) ? Number(text.trim()) : undefined;

export function ItemToolDialog({ kind, locationId, order, target, onClose }: ItemToolDialogProps) {
  const { t } = useAppTranslation();
  const queryClient = useQueryClient();
  const formId = useId();
  const [discount, setDiscount] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [sku, setSku] = useState('');
  const [deliveryType, setDeliveryType] = useState<'delivery' | 'pickup'>('delivery');
  const [scheduled, setScheduled] = useState('');
  const [address, setAddress] = useState('');
  const [zip, setZip] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [touched, setTouched] = useState(false);
  const [openFor, setOpenFor] = useState<string | null>(null);
  const key = target ? `${target.tool}:${target.item.id}` : null;
  if (key !== openFor) {
    // Another line or action: start from what the line holds now.
    setOpenFor(key);
    setDiscount(target ? (target.item.discount_minor / 100).toFixed(2) : '');
    setStart(target?.item.counter_start?.toString() ?? '');
    setEnd(target?.item.counter_end?.toString() ?? '');
    setSku('');
    setDeliveryType('delivery');
    setScheduled('');
    setAddress('');
    setZip('');
    setConfirming(false);
    setTouched(false);
  }

  const mutation = useMutation({
    mutationFn: async (acknowledge: boolean) => {
      const item = target!.item;
      if (target!.tool === 'delivery')
        return assignDelivery(order.id, {
          type: deliveryType,
          // datetime-local is the counter's local time; the server keeps an instant.
          scheduled_at: new Date(scheduled).toISOString(),
          ...(address.trim() ? { address: address.trim() } : {}),
          ...(zip.trim() ? { zip_code: zip.trim() } : {}),
          item_ids: [item.id],
        });
      if (target!.tool === 'replace')
        return replaceOrderItem(order.id, item.id, {
          version: order.version,
          sku: sku.trim(),
          acknowledge: acknowledge ? ['category_change'] : [],
        });
      if (target!.tool === 'edit')
        return updateOrderItem(kind, order.id, item.id, {
          version: order.version,
          discount_minor: parseMoneyInput(discount) ?? 0,
        });
      return updateOrderItem(kind, order.id, item.id, {
        version: order.version,
        counter_start: reading(start) ?? null,
        counter_end: reading(end) ?? null,
      });
    },
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

  const item = target?.item;
  const lineAmount = item ? item.unit_price_minor * item.quantity : 0;
  // An empty discount field means no discount.
  const discountMinor = discount.trim() === '' ? 0 : parseMoneyInput(discount);
  const discountInvalid = discountMinor === null || discountMinor > lineAmount;
  const startValue = reading(start);
  const endValue = reading(end);
  const counterInvalid =
    startValue === undefined ||
    endValue === undefined ||
    (startValue !== null && endValue !== null && endValue < startValue);
  const scheduledInvalid = scheduled === '' || Number.isNaN(new Date(scheduled).getTime());
  const invalid =
    target?.tool === 'edit'
      ? discountInvalid
      : target?.tool === 'counter'
        ? counterInvalid
        : target?.tool === 'delivery'
          ? scheduledInvalid
          : sku.trim() === '';
  const needsConfirm = confirming && mutation.isError;
  const title =
    target && item
      ? t(
          target.tool === 'edit'
            ? 'orders:item_tools.edit_title'
            : target.tool === 'counter'
              ? 'orders:item_tools.counter_title'
              : target.tool === 'delivery'
                ? 'orders:item_tools.delivery_title'
                : 'orders:item_tools.replace_title',
          { item: itemName(item) },
        )
      : '';
  const close = () => {
    mutation.reset();
    onClose();
  };

  return (
    <Dialog.Root open={target !== null} onOpenChange={(details) => !details.open && close()}>
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
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  setTouched(true);
                  if (!invalid && !mutation.isPending) mutation.mutate(false);
                }}
              >
                <Stack gap="4">
                  {target?.tool === 'edit' && (
                    <Field.Root invalid={touched && discountInvalid}>
                      <Field.Label>{t('orders:item_tools.discount')}</Field.Label>
                      <Input
                        inputMode="decimal"
                        value={discount}
                        onChange={(e) => setDiscount(e.target.value)}
                      />
                      <Field.ErrorText>{t('orders:item_tools.discount_invalid')}</Field.ErrorText>
                    </Field.Root>
                  )}
                  {target?.tool === 'counter' && (
                    <>
                      <Field.Root invalid={touched && counterInvalid}>
                        <Field.Label>{t('orders:item_tools.counter_start')}</Field.Label>
                        <Input inputMode="numeric" value={start} onChange={(e) => setStart(e.target.value)} />
                      </Field.Root>
                      <Field.Root invalid={touched && counterInvalid}>
                        <Field.Label>{t('orders:item_tools.counter_end')}</Field.Label>
                        <Input inputMode="numeric" value={end} onChange={(e) => setEnd(e.target.value)} />
                        <Field.ErrorText>{t('orders:item_tools.counter_invalid')}</Field.ErrorText>
                      </Field.Root>
                    </>
                  )}
                  {target?.tool === 'replace' && (
                    <Field.Root required>
                      <Field.Label>
                        {t('orders:item_tools.sku')} <Field.RequiredIndicator />
                      </Field.Label>
                      <Input
                        value={sku}
                        autoComplete="off"
                        maxLength={64}
                        onChange={(e) => {
                          setSku(e.target.value);
                          setConfirming(false);
                          mutation.reset();
                        }}
                      />
                      <Field.HelperText>{t('orders:item_tools.sku_hint')}</Field.HelperText>
                    </Field.Root>
                  )}
                  {target?.tool === 'delivery' && (
                    <>
                      <Field.Root>
                        <Field.Label>{t('orders:item_tools.delivery_type')}</Field.Label>
                        <NativeSelect.Root>
                          <NativeSelect.Field
                            value={deliveryType}
                            onChange={(e) => setDeliveryType(e.target.value as 'delivery' | 'pickup')}
                          >
                            <option value="delivery">{t('orders:item_tools.type_delivery')}</option>
                            <option value="pickup">{t('orders:item_tools.type_pickup')}</option>
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                      </Field.Root>
                      <Field.Root required invalid={touched && scheduledInvalid}>
                        <Field.Label>
                          {t('orders:item_tools.scheduled_at')} <Field.RequiredIndicator />
                        </Field.Label>
                        <Input
                          type="datetime-local"
                          value={scheduled}
                          onChange={(e) => setScheduled(e.target.value)}
                        />
                        <Field.ErrorText>{t('orders:item_tools.scheduled_invalid')}</Field.ErrorText>
                      </Field.Root>
                      <Field.Root>
                        <Field.Label>{t('orders:item_tools.address')}</Field.Label>
                        <Input value={address} maxLength={300} onChange={(e) => setAddress(e.target.value)} />
                        <Field.HelperText>{t('orders:item_tools.address_hint')}</Field.HelperText>
                      </Field.Root>
                      <Field.Root>
                        <Field.Label>{t('orders:item_tools.zip_code')}</Field.Label>
                        <Input value={zip} maxLength={12} onChange={(e) => setZip(e.target.value)} />
                      </Field.Root>
                    </>
                  )}
                  {needsConfirm ? (
                    <Alert.Root status="warning" role="alert">
                      <Alert.Indicator />
                      <Alert.Title>{t('orders:item_tools.confirm_change')}</Alert.Title>
                    </Alert.Root>
                  ) : (
                    mutation.isError && (
                      <Alert.Root status="error" role="alert">
                        <Alert.Indicator />
                        <Alert.Title>{mutation.error.message}</Alert.Title>
                      </Alert.Root>
                    )
                  )}
                  {item?.invoiced && target?.tool === 'edit' && (
                    <Text color="fg.muted">{t('orders:item_tools.invoiced')}</Text>
                  )}
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close}>
                {t('orders:item_tools.cancel')}
              </Button>
              {needsConfirm ? (
                <Button
                  colorPalette="orange"
                  loading={mutation.isPending}
                  onClick={() => mutation.mutate(true)}
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
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
