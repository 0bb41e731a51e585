import { Field, Input, type FieldRootProps } from '@chakra-ui/react';
import { useId } from 'react';
import { useSearchInput } from '../lib/use-debounced-value.ts';

export interface LiveSearchFieldProps extends Omit<FieldRootProps, 'children' | 'onChange'> {
  label: string;
  /** The list's search in its URL state. */
  value: string | undefined;
  /** Called once typing pauses, with the trimmed text (undefined when empty). */
  onSearch(search: string | undefined): void;
  placeholder?: string;
  inputSize?: 'sm' | 'md';
}

/** A list's labelled search box that searches as the user types (`useSearchInput`), no button. */
export function LiveSearchField({
  label,
  value,
  onSearch,
  placeholder,
  inputSize,
  ...root
}: LiveSearchFieldProps) {
  const id = useId();
  const [typed, setTyped] = useSearchInput(value, onSearch);
  return (
    <Field.Root {...root}>
      <Field.Label htmlFor={id}>{label}</Field.Label>
      <Input
        id={id}
        type="search"
        size={inputSize}
        value={typed}
        placeholder={placeholder}
        onChange={(event) => setTyped(event.currentTarget.value)}
      />
    </Field.Root>
  );
}
