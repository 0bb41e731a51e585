import { Input, type InputProps } from '@chakra-ui/react';
import { useState } from 'react';
import type { FieldError, FieldValues } from 'react-hook-form';
import { FieldShell, useBoundField, type BoundFieldProps } from './fields.tsx';

export type ParsedInputProps = Pick<
  InputProps,
  'type' | 'inputMode' | 'autoFocus' | 'placeholder' | 'autoComplete'
>;

/**
 * An input whose text is read into the form's value by `read` (null when empty, NaN or null when not
 * readable, so the schema refuses it): what the person typed stays on screen while the schema refuses it,
 * and a value set from outside (a reset for another record) is shown through `toText`.
 */
export function ParsedTextField<T extends FieldValues, V>({
  toText,
  read,
  input,
  wordError = (error) => error.message,
  ...props
}: BoundFieldProps<T, V> & {
  toText(value: unknown): string;
  read(text: string): unknown;
  input: ParsedInputProps;
  /** Words a refusal the form's messages cannot (one naming a live bound); by default its message. */
  wordError?(error: FieldError): string | undefined;
}) {
  const { field, shell, bind } = useBoundField(props, wordError);
  const [text, setText] = useState(() => toText(field.value));
  const [seen, setSeen] = useState<unknown>(field.value);
  // The value changed from outside: show it, unless the text already says it.
  if (!Object.is(field.value, seen)) {
    setSeen(field.value);
    if (!Object.is(field.value, read(text))) setText(toText(field.value));
  }
  return (
    <FieldShell {...shell}>
      <Input
        {...input}
        {...bind}
        value={text}
        onChange={(event) => {
          const next = event.currentTarget.value;
          const value = read(next);
          setText(next);
          setSeen(value);
          field.onChange(value);
        }}
      />
    </FieldShell>
  );
}
