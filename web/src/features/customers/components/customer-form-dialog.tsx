import { Field, Input, SimpleGrid, Textarea } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { customerInput, type CustomerRow } from '@nine/shared/schemas/customers';
import { ApiError } from '../../../lib/api-client.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useSaveCustomer, type CustomerBody } from '../api/save-customer.ts';
import { fieldErrorsOf, serverFieldErrors, type FieldErrors } from '../field-errors.ts';

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

const empty: FormValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  address: '',
  postal_code: '',
  city: '',
  country: '',
  notes: '',
};

export interface CustomerFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The customer to edit (with the version read); absent to add one. */
  customer?: (CustomerRow & { notes?: string | null }) | undefined;
  onSaved?(customer: CustomerRow): void;
}

/** Add or edit a customer: checked here with the shared schema, then again by the server. */
export function CustomerFormDialog({ open, onOpenChange, customer, onSaved }: CustomerFormDialogProps) {
  const { t } = useAppTranslation();
  const save = useSaveCustomer();
  const [values, setValues] = useState<FormValues>(empty);
  // What the form opened with: an edit sends only what changed (a list row does not carry the notes).
  const [initial, setInitial] = useState<FormValues>(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());

  useEffect(() => {
    if (!open) return;
    const opened = customer
      ? (Object.fromEntries(
          [...FIELDS, 'notes'].map((f) => [f, (customer[f as keyof typeof customer] as string | null) ?? '']),
        ) as FormValues)
      : empty;
    setValues(opened);
    setInitial(opened);
    setErrors({});
    setIdempotencyKey(crypto.randomUUID());
    save.reset();
    // Only on opening: the form keeps what the user typed while open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const submit = () => {
    const checked = customerInput.safeParse(values);
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error.issues));
      return;
    }
    setErrors({});
    const body: CustomerBody | Partial<CustomerBody> = customer
      ? Object.fromEntries(Object.entries(values).filter(([k, v]) => v !== initial[k as keyof FormValues]))
      : values;
    save.mutate(
      { target: customer ? { id: customer.id, version: customer.version } : { idempotencyKey }, body },
      {
        onSuccess: (saved) => {
          onSaved?.(saved);
          onOpenChange(false);
        },
        onError: (error) => {
          const fields = serverFieldErrors(error);
          if (fields) setErrors(fields);
        },
      },
    );
  };

  const failure =
    save.error instanceof ApiError && serverFieldErrors(save.error) === null
      ? save.error.respCode === 1021
        ? t('customers:form.conflict')
        : save.error.message
      : null;

  const message = (field: string, code: string) => {
    if (code === 'required') return t('customers:validation.required');
    if (code === 'too_long') return t('customers:validation.too_long');
    if (field === 'email') return t('customers:validation.email');
    if (field === 'phone') return t('customers:validation.phone');
    if (field === 'postal_code') return t('customers:validation.postal_code');
    return t('customers:validation.invalid');
  };

  const input = (field: (typeof FIELDS)[number], type = 'text') => (
    <Field.Root key={field} invalid={errors[field] !== undefined} required={field === 'first_name'}>
      <Field.Label>
        {t(`customers:fields.${field}`)}
        {field === 'first_name' && <Field.RequiredIndicator />}
      </Field.Label>
      <Input
        name={field}
        type={type}
        value={values[field]}
        autoFocus={field === 'first_name'}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setValues((v) => ({ ...v, [field]: value }));
        }}
      />
      {errors[field] !== undefined && <Field.ErrorText>{message(field, errors[field])}</Field.ErrorText>}
    </Field.Root>
  );

  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title={customer ? t('customers:form.edit_title') : t('customers:form.add_title')}
      onSubmit={submit}
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
      <Field.Root invalid={errors.notes !== undefined}>
        <Field.Label>{t('customers:fields.notes')}</Field.Label>
        <Textarea
          name="notes"
          value={values.notes}
          maxLength={2000}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setValues((v) => ({ ...v, notes: value }));
          }}
        />
      </Field.Root>
    </FormDialog>
  );
}
