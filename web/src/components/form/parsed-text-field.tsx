import { Input, type InputProps } from '@chakra-ui/react';
import { useState } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import { describedBy, FieldShell, useFieldIds, type BoundFieldProps } from './fields.tsx';

export type ParsedInputProps = Pick<InputProps, 'type' | 'inputMode' | 'autoFocus' | 'placeholder'>;

/**
 * An input whose text is read into the form's value by `read` (null when empty, NaN or null when not
 * readable, so the schema refuses it): what the person typed stays on screen while the schema refuses it,
 * and a value set from outside (a reset for another record) is shown through `toText`.
 */
export function ParsedTextField<T extends FieldValues, V>({
  control,
  name,
  label,
  required,
  helperText,
  disabled,
  toText,
  read,
  input,
}: BoundFieldProps<T, V> & {
  toText(value: unknown): string;
  read(text: string): unknown;
  input: ParsedInputProps;
}) {
  const { field, fieldState } = useController({ control, name });
  const [text, setText] = useState(() => toText(field.value));
  const [seen, setSeen] = useState<unknown>(field.value);
  // The value changed from outside: show it, unless the text already says it.
  if (!Object.is(field.value, seen)) {
    setSeen(field.value);
    if (!Object.is(field.value, read(text))) setText(toText(field.value));
  }
  const ids = useFieldIds();
  const error = fieldState.error?.message;
  return (
    <FieldShell {...{ label, required, helperText, disabled, ids, error }}>
      <Input
        {...input}
        ref={field.ref}
        aria-describedby={describedBy(ids, error, helperText)}
        name={field.name}
        value={text}
        onChange={(event) => {
          const next = event.currentTarget.value;
          const value = read(next);
          setText(next);
          setSeen(value);
          field.onChange(value);
        }}
        onBlur={field.onBlur}
      />
    </FieldShell>
  );
}
