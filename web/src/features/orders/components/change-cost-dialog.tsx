import { Alert, Button, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatMoney, parseMoneyInput } from '@nine/shared/money';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { changeItemCost } from '../api/change-item-cost.ts';
import { orderQueryKey, type OrderDetail, type OrderItem } from '../api/get-order.ts';
import type { OrderKind } from '../order-kind.ts';
import { itemName } from './order-item-tools.ts';

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
  const [price, setPrice] = useState('');
  const [comment, setComment] = useState('');
  const [accessKey, setAccessKey] = useState('');
  const [touched, setTouched] = useState(false);
  const [forItem, setForItem] = useState<number | null>(null);
  if (item !== null && forItem !== item.id) {
    // A new line: start from its current price.
    setForItem(item.id);
    setPrice((item.unit_price_minor / 100).toFixed(2));
    setComment('');
    setAccessKey('');
    setTouched(false);
  }
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
  const minor = parseMoneyInput(price);
  const priceInvalid = price.trim() === '' || minor === null;
  const commentMissing = comment.trim() === '';
  const money = (value: number) => formatMoney(value, currencySymbol, currentLanguage());

  return (
    <Dialog.Root
      open={item !== null}
      onOpenChange={(details) => {
        if (!details.open) {
          mutation.reset();
          onClose();
        }
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                {item ? t('orders:change_cost.title', { item: itemName(item) }) : ''}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form
                id={formId}
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  setTouched(true);
                  if (item === null || priceInvalid || commentMissing || mutation.isPending) return;
                  mutation.mutate({
                    order_item_id: item.id,
                    unit_price_minor: minor,
                    version: order.version,
                    comment: comment.trim(),
                    ...(accessKey.trim() ? { access_key: accessKey.trim() } : {}),
                  });
                }}
              >
                <Stack gap="4">
                  {item && (
                    <Text color="fg.muted">
                      {t('orders:change_cost.current', { price: money(item.unit_price_minor) })}
                    </Text>
                  )}
                  <Field.Root required invalid={touched && priceInvalid}>
                    <Field.Label>
                      {t('orders:change_cost.new_price')} <Field.RequiredIndicator />
                    </Field.Label>
                    <Input inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
                    <Field.ErrorText>{t('orders:change_cost.invalid_price')}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root required invalid={touched && commentMissing}>
                    <Field.Label>
                      {t('orders:change_cost.comment')} <Field.RequiredIndicator />
                    </Field.Label>
                    <Input value={comment} maxLength={500} onChange={(e) => setComment(e.target.value)} />
                    <Field.ErrorText>{t('orders:change_cost.comment_required')}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>{t('orders:change_cost.access_key')}</Field.Label>
                    <Input
                      type="password"
                      autoComplete="off"
                      value={accessKey}
                      maxLength={64}
                      onChange={(e) => setAccessKey(e.target.value)}
                    />
                    <Field.HelperText>{t('orders:change_cost.access_key_hint')}</Field.HelperText>
                  </Field.Root>
                  {mutation.isError && (
                    <Alert.Root status="error" role="alert">
                      <Alert.Indicator />
                      <Alert.Title>{mutation.error.message}</Alert.Title>
                    </Alert.Root>
                  )}
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('orders:change_cost.cancel')}
              </Button>
              <Button type="submit" form={formId} loading={mutation.isPending}>
                {t('orders:change_cost.save')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
