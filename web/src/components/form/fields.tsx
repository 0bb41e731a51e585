import { Checkbox, Field, Input, NativeSelect, Text, Textarea, type InputProps } from '@chakra-ui/react';
import { useId, type ChangeEvent, type ReactNode } from 'react';
import {
  useController,
  type Control,
  type FieldError,
  type FieldPath,
  type FieldPathByValue,
  type FieldValues,
} from 'react-hook-form';

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

/**
 * A bound field's controller and error, and the props its control shares with every other field: the ref the
 * form focuses on a refusal, its name, blur, and aria-describedby naming its error or else its helper text.
 */
export function useBoundField<T extends FieldValues>(
  props: FieldShellProps & { control: AnyControl<T>; name: FieldPath<T> },
  wordError: (error: FieldError) => string | undefined = (error) => error.message,
) {
  const { control, name, label, required, helperText, disabled } = props;
  const { field, fieldState } = useController({ control, name });
  const ids = useFieldIds();
  const error = fieldState.error === undefined ? undefined : wordError(fieldState.error);
  const bind = {
    ref: field.ref,
    name: field.name,
    onBlur: field.onBlur,
    'aria-describedby': describedBy(ids, error, helperText),
  };
  // A text control shows null (an empty optional value) as "".
  const text = (field.value as string | null | undefined) ?? '';
  /** The props of a control that edits the value as its text (input, textarea, native select). */
  const textControl = {
    ...bind,
    value: text,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      field.onChange(event.currentTarget.value),
  };
  return { field, bind, text, textControl, shell: { label, required, helperText, disabled, ids, error } };
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
  const { shell, textControl } = useBoundField({ control, name, label, required, helperText, disabled });
  return (
    <FieldShell {...shell}>
      <Input {...input} {...textControl} />
    </FieldShell>
  );
}

export function TextareaField<T extends FieldValues>({
  maxLength,
  rows,
  ...props
}: BoundFieldProps<T, string | null | undefined> & { maxLength?: number; rows?: number }) {
  const { shell, textControl } = useBoundField(props);
  return (
    <FieldShell {...shell}>
      <Textarea {...textControl} maxLength={maxLength} rows={rows} />
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: ReactNode;
  /** The option's own language (a language's name written in it). */
  lang?: string;
}

/** A native select (keyboard and screen readers for free); the value is the option's string. */
export function SelectField<T extends FieldValues>({
  options,
  placeholder,
  ...props
}: BoundFieldProps<T, string | null | undefined> & {
  options: readonly SelectOption[];
  placeholder?: string;
}) {
  const { shell, textControl } = useBoundField(props);
  return (
    <FieldShell {...shell}>
      <NativeSelect.Root>
        <NativeSelect.Field {...textControl} placeholder={placeholder}>
          {options.map((option) => (
            <option key={option.value} value={option.value} lang={option.lang}>
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
  helperText,
}: Omit<BoundFieldProps<T, boolean | null | undefined>, 'required'>) {
  const { field, fieldState } = useController({ control, name });
  const helperId = useId();
  return (
    <Field.Root invalid={fieldState.error !== undefined} disabled={disabled} width="auto">
      <Checkbox.Root
        name={field.name}
        checked={field.value === true}
        onCheckedChange={(details) => field.onChange(details.checked === true)}
      >
        <Checkbox.HiddenInput
          ref={field.ref}
          onBlur={field.onBlur}
          aria-describedby={helperText === undefined ? undefined : helperId}
        />
        <Checkbox.Control />
        <Checkbox.Label>{label}</Checkbox.Label>
      </Checkbox.Root>
      {/* Under the label, past the box. */}
      {helperText !== undefined && (
        <Text id={helperId} fontSize="sm" color="fg.muted" ps="7">
          {helperText}
        </Text>
      )}
      {fieldState.error !== undefined && <Field.ErrorText>{fieldState.error.message}</Field.ErrorText>}
    </Field.Root>
  );
}

/** A date, time or local date-time input; empty is null, so an optional date needs no extra handling. */
export function DateTimeField<T extends FieldValues>({
  type = 'date',
  min,
  max,
  ...props
}: BoundFieldProps<T, string | null | undefined> & {
  type?: 'date' | 'datetime-local' | 'time';
  min?: string;
  max?: string;
}) {
  const { field, shell, textControl } = useBoundField(props);
  return (
    <FieldShell {...shell}>
      <Input
        {...textControl}
        type={type}
        min={min}
        max={max}
        // Empty is null, not "".
        onChange={(event) =>
          field.onChange(event.currentTarget.value === '' ? null : event.currentTarget.value)
        }
      />
    </FieldShell>
  );
}
