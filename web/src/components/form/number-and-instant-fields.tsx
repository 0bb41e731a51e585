import type { FieldValues } from 'react-hook-form';
import { fromLocalInput, toLocalInput } from '../../lib/format.ts';
import type { BoundFieldProps } from './fields.tsx';
import { ParsedTextField } from './parsed-text-field.tsx';

/** The form value of a whole number typed: null when empty, NaN when not one (the schema refuses it). */
export function valueOfWholeText(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,13}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

const wholeToText = (value: unknown) =>
  typeof value === 'number' && !Number.isNaN(value) ? String(value) : '';

const WHOLE = { inputMode: 'numeric' } as const;
const LOCAL_TIME = { type: 'datetime-local' } as const;

/** A whole number (an age, a meter reading). */
export function WholeNumberField<T extends FieldValues>(
  props: BoundFieldProps<T, number | null | undefined>,
) {
  return <ParsedTextField {...props} toText={wholeToText} read={valueOfWholeText} input={WHOLE} />;
}

/**
 * A date and time typed on the location's clock (as every instant is shown, lib/format.ts), held as the
 * ISO instant the API takes (null when empty).
 */
export function InstantField<T extends FieldValues>(props: BoundFieldProps<T, string | null | undefined>) {
  return (
    <ParsedTextField
      {...props}
      toText={(value) => toLocalInput(value as string | null | undefined)}
      read={fromLocalInput}
      input={LOCAL_TIME}
    />
  );
}
