import { Field, Input } from '@chakra-ui/react';
import { useId } from 'react';

/** A labelled date input of the list's filters (a location day, YYYY-MM-DD); cleared, it reports undefined. */
export function DayFilter(props: {
  label: string;
  value: string | undefined;
  min?: string | undefined;
  max?: string | undefined;
  onChange(day: string | undefined): void;
}) {
  const id = useId();
  return (
    <Field.Root>
      <Field.Label htmlFor={id}>{props.label}</Field.Label>
      <Input
        id={id}
        size="sm"
        type="date"
        value={props.value ?? ''}
        min={props.min}
        max={props.max}
        onChange={(event) => props.onChange(event.currentTarget.value || undefined)}
      />
    </Field.Root>
  );
}
