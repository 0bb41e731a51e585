import { Checkbox, Field, Input, NativeSelect, Textarea, type InputProps } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';

/*
 * Fields bound to a useSchemaForm form. Chakra's Field gives each control its visible label, and, while the
 * field is invalid, aria-invalid and aria-describedby pointing at the error text.
 */

// The controls are loosely typed on purpose: a form's control is Control<Input, unknown, Output>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyControl<T extends FieldValues> = Control<T, any, any>;

export interface FieldShellProps {
  label: ReactNode;
  required?: boolean;
  helperText?: ReactNode;
  disabled?: boolean;
}

/** The ids a field's control points at with aria-describedby: its error text, else its helper text. */
export interface FieldIds {
  errorText: string;
  helperText: string;
}

export function useFieldIds(): FieldIds {
  const id = useId();
  return { errorText: `${id}-error`, helperText: `${id}-help` };
}

export function describedBy(
  ids: FieldIds,
  error: string | undefined,
  helperText: ReactNode,
): string | undefined {
  if (error !== undefined) return ids.errorText;
  return helperText === undefined ? undefined : ids.helperText;
}

export function FieldShell({
  label,
  required = false,
  helperText,
  disabled,
  error,
  ids,
  children,
}: FieldShellProps & { error: string | undefined; ids: FieldIds; children: ReactNode }) {
  return (
    <Field.Root invalid={error !== undefined} required={required} disabled={disabled} ids={ids}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helperText !== undefined && error === undefined && <Field.HelperText>{helperText}</Field.HelperText>}
      {error !== undefined && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

type InputPassThrough = Pick<
  InputProps,
  | 'type'
  | 'autoFocus'
  | 'placeholder'
  | 'inputMode'
  | 'autoComplete'
  | 'maxLength'
  | 'textTransform'
  | 'readOnly'
>;

export interface BoundFieldProps<T extends FieldValues, V> extends FieldShellProps {
  control: AnyControl<T>;
  name: FieldPathByValue<T, V>;
}

/** A text input; an empty value may be null in the record (shown as ""). */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  helperText,
  disabled,
  ...input
}: BoundFieldProps<T, string | null | undefined> & InputPassThrough) {
  const { field, fieldState } = useController({ control, name });
  const ids = useFieldIds();
  const error = fieldState.error?.message;
  return (
    <FieldShell {...{ label, required, helperText, disabled, ids, error }}>
      <Input
        {...input}
        ref={field.ref}
        aria-describedby={describedBy(ids, error, helperText)}
        name={field.name}
        value={(field.value as string | null | undefined) ?? ''}
        onChange={(event) => field.onChange(event.currentTarget.value)}
        onBlur={field.onBlur}
      />
    </FieldShell>
  );
}

export function TextareaField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  helperText,
  disabled,
  maxLength,
  rows,
}: BoundFieldProps<T, string | null | undefined> & { maxLength?: number; rows?: number }) {
  const { field, fieldState } = useController({ control, name });
  const ids = useFieldIds();
  const error = fieldState.error?.message;
  return (
    <FieldShell {...{ label, required, helperText, disabled, ids, error }}>
      <Textarea
        ref={field.ref}
        aria-describedby={describedBy(ids, error, helperText)}
        name={field.name}
        value={(field.value as string | null | undefined) ?? ''}
        maxLength={maxLength}
        rows={rows}
        onChange={(event) => field.onChange(event.currentTarget.value)}
        onBlur={field.onBlur}
      />
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: ReactNode;
}

/** A native select (keyboard and screen readers for free); the value is the option's string. */
export function SelectField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  helperText,
  disabled,
  options,
  placeholder,
}: BoundFieldProps<T, string | null | undefined> & {
  options: readonly SelectOption[];
  placeholder?: string;
}) {
  const { field, fieldState } = useController({ control, name });
  const ids = useFieldIds();
  const error = fieldState.error?.message;
  return (
    <FieldShell {...{ label, required, helperText, disabled, ids, error }}>
      <NativeSelect.Root>
        <NativeSelect.Field
          ref={field.ref}
          aria-describedby={describedBy(ids, error, helperText)}
          name={field.name}
          value={(field.value as string | null | undefined) ?? ''}
          placeholder={placeholder}
          onChange={(event) => field.onChange(event.currentTarget.value)}
          onBlur={field.onBlur}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FieldShell>
  );
}

export function CheckboxField<T extends FieldValues>({
  control,
  name,
  label,
  disabled,
}: Omit<BoundFieldProps<T, boolean | null | undefined>, 'required' | 'helperText'>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Field.Root invalid={fieldState.error !== undefined} disabled={disabled} width="auto">
      <Checkbox.Root
        name={field.name}
        checked={field.value === true}
        onCheckedChange={(details) => field.onChange(details.checked === true)}
      >
        <Checkbox.HiddenInput ref={field.ref} onBlur={field.onBlur} />
        <Checkbox.Control />
        <Checkbox.Label>{label}</Checkbox.Label>
      </Checkbox.Root>
      {fieldState.error !== undefined && <Field.ErrorText>{fieldState.error.message}</Field.ErrorText>}
    </Field.Root>
  );
}

/** A date, time or local date-time input; empty is null, so an optional date needs no extra handling. */
export function DateTimeField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  helperText,
  disabled,
  type = 'date',
  min,
  max,
}: BoundFieldProps<T, string | null | undefined> & {
  type?: 'date' | 'datetime-local' | 'time';
  min?: string;
  max?: string;
}) {
  const { field, fieldState } = useController({ control, name });
  const ids = useFieldIds();
  const error = fieldState.error?.message;
  return (
    <FieldShell {...{ label, required, helperText, disabled, ids, error }}>
      <Input
        ref={field.ref}
        type={type}
        aria-describedby={describedBy(ids, error, helperText)}
        name={field.name}
        min={min}
        max={max}
        value={(field.value as string | null | undefined) ?? ''}
        onChange={(event) =>
          field.onChange(event.currentTarget.value === '' ? null : event.currentTarget.value)
        }
        onBlur={field.onBlur}
      />
    </FieldShell>
  );
}
