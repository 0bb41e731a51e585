import { Alert, Button, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { STAFF_NOTE_MAX } from '@nine/shared/constants';
import { errorCatalogue } from '@nine/shared/errors';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { orderQueryKey, type OrderDetail } from '../api/get-order.ts';
import { useUpdateOrderNotes, type OrderNotesBody } from '../api/update-order-notes.ts';
import type { OrderKind } from '../order-kind.ts';
import { failureCode } from '../view/order-action-machine.ts';

/** The server's limit on the customer note (the staff note's, 255, is the spec's). */
export const CUSTOMER_NOTE_MAX = 2000;

export interface OrderNotesFormProps {
  kind: OrderKind;
  locationId: number;
  order: OrderDetail;
  canChange: boolean;
}

/** What the notes body sends: only the notes that changed, with the displayed version. */
export function notesChange(
  order: Pick<OrderDetail, 'version' | 'staff_note' | 'customer_note'>,
  staff: string,
  customer: string,
): OrderNotesBody | null {
  const body: OrderNotesBody = { version: order.version };
  if (staff.trim() !== (order.staff_note ?? '')) body.staff_note = staff.trim() === '' ? null : staff.trim();
  if (customer.trim() !== (order.customer_note ?? ''))
    body.customer_note = customer.trim() === '' ? null : customer.trim();
  return 'staff_note' in body || 'customer_note' in body ? body : null;
}

/** Staff note (at most 255 characters, spec section 5) and customer note, saved with the order's version. */
export function OrderNotesForm({ kind, locationId, order, canChange }: OrderNotesFormProps) {
  const { t } = useAppTranslation();
  const queryClient = useQueryClient();
  const mutation = useUpdateOrderNotes(kind, locationId, order.id);
  const [staff, setStaff] = useState(order.staff_note ?? '');
  const [customer, setCustomer] = useState(order.customer_note ?? '');
  // When the order's notes change underneath (saved here, or by someone else), untouched fields follow.
  const [base, setBase] = useState({ staff: order.staff_note ?? '', customer: order.customer_note ?? '' });
  const incoming = { staff: order.staff_note ?? '', customer: order.customer_note ?? '' };
  if (incoming.staff !== base.staff || incoming.customer !== base.customer) {
    if (staff === base.staff) setStaff(incoming.staff);
    if (customer === base.customer) setCustomer(incoming.customer);
    setBase(incoming);
  }

  const staffTooLong = staff.trim().length > STAFF_NOTE_MAX;
  const customerTooLong = customer.trim().length > CUSTOMER_NOTE_MAX;
  const change = notesChange(order, staff, customer);
  const stale = mutation.isError && failureCode(mutation.error) === errorCatalogue.versionConflict.code;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (change === null || staffTooLong || customerTooLong) return;
        mutation.mutate(change, {
          onError: () => {
            // Whatever went wrong, show the order as it is now; the typed text stays in the fields.
            void queryClient.invalidateQueries({ queryKey: orderQueryKey(kind, locationId, order.id) });
          },
        });
      }}
    >
      <Stack gap="4">
        <Field.Root invalid={staffTooLong} readOnly={!canChange}>
          <Field.Label>{t('orders:notes.staff_note')}</Field.Label>
          <Textarea
            name="staff_note"
            rows={3}
            value={staff}
            onChange={(event) => {
              setStaff(event.currentTarget.value);
              mutation.reset();
            }}
          />
          {staffTooLong ? (
            <Field.ErrorText>{t('orders:notes.too_long', { max: STAFF_NOTE_MAX })}</Field.ErrorText>
          ) : (
            <Field.HelperText>
              {t('orders:notes.count', { count: staff.trim().length, max: STAFF_NOTE_MAX })}
            </Field.HelperText>
          )}
        </Field.Root>
        <Field.Root invalid={customerTooLong} readOnly={!canChange}>
          <Field.Label>{t('orders:notes.customer_note')}</Field.Label>
          <Textarea
            name="customer_note"
            rows={3}
            value={customer}
            onChange={(event) => {
              setCustomer(event.currentTarget.value);
              mutation.reset();
            }}
          />
          {customerTooLong && (
            <Field.ErrorText>{t('orders:notes.too_long', { max: CUSTOMER_NOTE_MAX })}</Field.ErrorText>
          )}
        </Field.Root>
        {mutation.isError && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>
              {stale
                ? t('orders:notes.stale')
                : t('orders:notes.failed', { message: mutation.error.message })}
            </Alert.Description>
          </Alert.Root>
        )}
        <Text role="status" fontSize="sm" color="fg.success">
          {mutation.isSuccess && change === null ? t('orders:notes.saved') : ''}
        </Text>
        {canChange && (
          <Button
            type="submit"
            alignSelf="flex-start"
            size="sm"
            disabled={change === null || staffTooLong || customerTooLong}
            loading={mutation.isPending}
          >
            {t('orders:notes.save')}
          </Button>
        )}
      </Stack>
    </form>
  );
}
