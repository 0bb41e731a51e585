import { Button, Checkbox, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { DialogFrame } from '../../../components/dialog-frame.tsx';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { addItemsToInvoice } from '../api/add-items-to-invoice.ts';
import { orderQueryKey, type OrderDetail, type OrderItem } from '../api/get-order.ts';
import type { OrderKind } from '../order-kind.ts';
import { invoiceableItems } from '../view/invoiceable-items.ts';
import { itemName } from './order-item-tools.ts';
import { newIdempotencyKey } from '../../../lib/random-id.ts';

export interface AddToInvoiceDialogProps {
  kind: OrderKind;
  locationId: number;
  order: OrderDetail;
  currencySymbol: string;
  /** The line whose action opened the dialog (chosen at first); null keeps the dialog closed. */
  item: OrderItem | null;
  onClose(): void;
  /** After the lines are on the invoice: the order view says so. */
  onAdded(invoiceId: number): void;
  newKey?: () => string;
}

/**
 * Add to invoice: the clicked line and any other billable lines the clerk ticks go on the order's invoice
 * in progress. One idempotency key per choice of lines, so a retry after a lost answer bills once.
 */
export function AddToInvoiceDialog({
  kind,
  locationId,
  order,
  currencySymbol,
  item,
  onClose,
  onAdded,
  newKey = newIdempotencyKey,
}: AddToInvoiceDialogProps) {
  const { t } = useAppTranslation();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<number[]>([]);
  const [openFor, setOpenFor] = useState<number | null>(null);
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const openedWith = item?.id ?? null;
  if (openedWith !== openFor) {
    // Another line opened the dialog: start from that line alone.
    setOpenFor(openedWith);
    setChosen(openedWith === null ? [] : [openedWith]);
  }
  const lines = invoiceableItems(order);

  const mutation = useMutation({
    mutationFn: (itemIds: number[]) => {
      const body = { version: order.version, item_ids: itemIds };
      const fingerprint = JSON.stringify(body);
      if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newKey() };
      return addItemsToInvoice(kind, order.id, body, attempt.current.key);
    },
    onSuccess: (result) => {
      queryClient.setQueryData(orderQueryKey(kind, locationId, order.id), result.order);
      void queryClient.invalidateQueries({ queryKey: ['orders', kind, locationId, 'list'] });
      mutation.reset();
      onAdded(result.invoice_id);
      onClose();
    },
    // A stale version or a refused line: show the order as it is now, so the next try is current.
    onError: () =>
      void queryClient.invalidateQueries({ queryKey: orderQueryKey(kind, locationId, order.id) }),
  });

  const close = () => {
    mutation.reset();
    onClose();
  };
  const toggle = (id: number, on: boolean) =>
    setChosen((now) => (on ? [...now.filter((x) => x !== id), id] : now.filter((x) => x !== id)));
  const ordered = lines.filter((line) => chosen.includes(line.id)).map((line) => line.id);

  return (
    <DialogFrame
      open={item !== null}
      onDismiss={close}
      title={t('orders:add_to_invoice.title')}
      footer={
        <>
          <Button variant="outline" onClick={close}>
            {t('orders:add_to_invoice.cancel')}
          </Button>
          <Button
            loading={mutation.isPending}
            disabled={ordered.length === 0}
            onClick={() => mutation.mutate(ordered)}
          >
            {t('orders:add_to_invoice.submit', { count: ordered.length })}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text>{t('orders:add_to_invoice.explain')}</Text>
        {lines.length === 0 ? (
          <Text color="fg.muted">{t('orders:add_to_invoice.none')}</Text>
        ) : (
          <Stack as="fieldset" gap="2">
            <Text as="legend" fontWeight="medium" mb="2">
              {t('orders:add_to_invoice.lines')}
            </Text>
            {lines.map((line) => (
              <Checkbox.Root
                key={line.id}
                checked={chosen.includes(line.id)}
                onCheckedChange={(details) => toggle(line.id, details.checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  {t('orders:add_to_invoice.line', {
                    item: itemName(line),
                    quantity: line.quantity,
                    amount: formatMoney(
                      line.unit_price_minor * line.quantity - line.discount_minor,
                      currencySymbol,
                      currentLanguage(),
                    ),
                  })}
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        )}
        {mutation.isError && <MessageAlert status="error">{mutation.error.message}</MessageAlert>}
      </Stack>
    </DialogFrame>
  );
}
