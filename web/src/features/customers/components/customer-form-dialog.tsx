import { SimpleGrid } from '@chakra-ui/react';
import { useState } from 'react';
import { customerInput, type CustomerRow } from '@nine/shared/schemas/customers';
import { saveFailureText } from '../../../lib/save-failure.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import type { IssueMessages } from '../../../components/form/issue-messages.ts';
import {
  applyServerIssues,
  useResetOnOpen,
  useSchemaForm,
} from '../../../components/form/use-schema-form.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useSaveCustomer, type CustomerBody } from '../api/save-customer.ts';
import { newIdempotencyKey } from '../../../lib/random-id.ts';
import { fieldsOf } from '../../../components/form/form-fields.tsx';

const FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'address',
  'postal_code',
  'city',
  'country',
] as const;
type FormValues = Record<(typeof FIELDS)[number] | 'notes', string>;

/** The customer wording of the shared schema's own rules. */
export const customerMessages: IssueMessages = {
  email: { email: 'customers:validation.email' },
  phone: { invalid_phone: 'customers:validation.phone' },
  postal_code: { invalid_postal_code: 'customers:validation.postal_code' },
};

export interface CustomerFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The customer to edit (with the version read); absent to add one. */
  customer?: (CustomerRow & { notes?: string | null }) | undefined;
  onSaved?(customer: CustomerRow): void;
}

function valuesOf(customer: CustomerFormDialogProps['customer']): FormValues {
  return Object.fromEntries(
    [...FIELDS, 'notes'].map((f) => [f, (customer?.[f as keyof typeof customer] as string | null) ?? '']),
  ) as FormValues;
}

/** Add or edit a customer: checked here with the shared schema, then again by the server. */
export function CustomerFormDialog({ open, onOpenChange, customer, onSaved }: CustomerFormDialogProps) {
  const { t } = useAppTranslation();
  const save = useSaveCustomer();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const form = useSchemaForm(customerInput, {
    defaultValues: valuesOf(customer),
    messages: customerMessages,
  });
  useResetOnOpen(form, {
    open,
    record: customer?.id,
    values: () => valuesOf(customer),
    onOpen: () => {
      setIdempotencyKey(newIdempotencyKey());
      save.reset();
    },
  });

  // Read while rendering, so react-hook-form keeps it up to date (its form state is a subscription).
  const { dirtyFields } = form.formState;
  const submit = form.handleSubmit((checked) => {
    // An edit sends only what changed since the form opened (a list row does not carry the notes).
    const body: CustomerBody | Partial<CustomerBody> = customer
      ? Object.fromEntries(Object.entries(checked).filter(([k]) => dirtyFields[k as keyof FormValues]))
      : checked;
    save.mutate(
      { target: customer ? { id: customer.id, version: customer.version } : { idempotencyKey }, body },
      {
        onSuccess: (saved) => {
          onSaved?.(saved);
          onOpenChange(false);
        },
        onError: (error) => {
          if (applyServerIssues(form, error)) save.reset();
        },
      },
    );
  });

  const failure = saveFailureText(save.error, t('customers:form.conflict'));

  const { TextareaField, TextField } = fieldsOf(form.control);
  const input = (field: (typeof FIELDS)[number], type = 'text') => (
    <TextField
      key={field}
      name={field}
      type={type}
      label={t(`customers:fields.${field}`)}
      required={field === 'first_name'}
      autoFocus={field === 'first_name'}
    />
  );

  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title={customer ? t('customers:form.edit_title') : t('customers:form.add_title')}
      onSubmit={() => void submit()}
      saving={save.isPending}
      error={failure}
      size="lg"
      closeButton
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {input('first_name')}
        {input('last_name')}
        {input('email', 'email')}
        {input('phone', 'tel')}
        {input('address')}
        {input('postal_code')}
        {input('city')}
        {input('country')}
      </SimpleGrid>
      <TextareaField name="notes" label={t('customers:fields.notes')} maxLength={2000} />
    </FormDialog>
  );
}
