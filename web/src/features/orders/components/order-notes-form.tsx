import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { STAFF_NOTE_MAX } from '@nine/shared/constants';
import { errorCatalogue } from '@nine/shared/errors';
import { orderNotesForm } from '@nine/shared/schemas/order-forms';
import { applyServerIssues, useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { orderQueryKey, type OrderDetail } from '../api/get-order.ts';
import { useUpdateOrderNotes, type OrderNotesBody } from '../api/update-order-notes.ts';
import type { OrderKind } from '../order-kind.ts';
import { failureCode } from '../view/order-action-machine.ts';
import { NoteField } from './note-field.tsx';

/** The server's limit on the customer note (the staff note's, 255, is the spec's). */
export const CUSTOMER_NOTE_MAX = 2000;

type NoteName = 'staff_note' | 'customer_note';

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

const valuesOf = (order: OrderDetail) => ({
  staff_note: order.staff_note ?? '',
  customer_note: order.customer_note ?? '',
});

/** Staff note (at most 255 characters, spec section 5) and customer note, saved with the order's version. */
export function OrderNotesForm({ kind, locationId, order, canChange }: OrderNotesFormProps) {
  const { t } = useAppTranslation();
  const queryClient = useQueryClient();
  const mutation = useUpdateOrderNotes(kind, locationId, order.id);
  // Checked as typed: the length limit shows before anything is sent.
  const form = useSchemaForm(orderNotesForm, { defaultValues: valuesOf(order), mode: 'onChange' });
  // When the order's notes change underneath (saved here, or by someone else), untouched fields follow.
  const { staff_note: staffNote, customer_note: customerNote } = valuesOf(order);
  useEffect(() => {
    form.reset({ staff_note: staffNote, customer_note: customerNote }, { keepDirtyValues: true });
  }, [form, staffNote, customerNote]);

  const [staff, customer] = useWatch({ control: form.control, name: ['staff_note', 'customer_note'] });
  const change = notesChange(order, staff ?? '', customer ?? '');
  const invalid = Object.keys(form.formState.errors).length > 0;
  const stale = mutation.isError && failureCode(mutation.error) === errorCatalogue.versionConflict.code;

  const submit = form.handleSubmit((notes) => {
    const body = notesChange(order, notes.staff_note ?? '', notes.customer_note ?? '');
    if (body === null) return;
    mutation.mutate(body, {
      onError: (error) => {
        if (applyServerIssues(form, error)) mutation.reset();
        // Whatever went wrong, show the order as it is now; the typed text stays in the fields.
        void queryClient.invalidateQueries({ queryKey: orderQueryKey(kind, locationId, order.id) });
      },
    });
  });

  const field = (name: NoteName, label: string, max: number) => (
    <NoteField
      control={form.control}
      name={name}
      label={label}
      max={max}
      rows={3}
      counted={name === 'staff_note'}
      readOnly={!canChange}
      onEdit={mutation.reset}
    />
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="4">
        {field('staff_note', t('orders:notes.staff_note'), STAFF_NOTE_MAX)}
        {field('customer_note', t('orders:notes.customer_note'), CUSTOMER_NOTE_MAX)}
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
            disabled={change === null || invalid}
            loading={mutation.isPending}
          >
            {t('orders:notes.save')}
          </Button>
        )}
      </Stack>
    </form>
  );
}
