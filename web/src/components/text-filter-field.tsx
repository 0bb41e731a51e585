import { Field, Input, type InputProps } from '@chakra-ui/react';
import { useId } from 'react';

/**
 * A labelled text box beside a list's other filters that reports every change as typed (the list debounces
 * its query): a search, a month or a day.
 */
export function TextFilterField({
  label,
  value,
  onChange,
  width,
  fieldWidth = 'auto',
  type,
  placeholder,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  /** Of the box. */
  width?: InputProps['width'];
  /** Of the label and box together. */
  fieldWidth?: InputProps['width'];
  type?: 'search' | 'month' | 'date';
  placeholder?: string;
}) {
  const id = useId();
  return (
    <Field.Root width={fieldWidth}>
      <Field.Label htmlFor={id}>{label}</Field.Label>
      <Input
        id={id}
        type={type}
        width={width}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </Field.Root>
  );
}
