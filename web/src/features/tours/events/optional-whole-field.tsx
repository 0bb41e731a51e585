import type { FieldValues } from 'react-hook-form';
import type { BoundFieldProps } from '../../../components/form/fields.tsx';
import { ParsedTextField } from '../../../components/form/parsed-text-field.tsx';
import { valueOfWholeText } from '../../../components/form/number-and-instant-fields.tsx';

const WHOLE = { inputMode: 'numeric' } as const;
const toText = (value: unknown) => (typeof value === 'number' && !Number.isNaN(value) ? String(value) : '');
// Empty is "not given" (the server takes the tour's own figure), which the schemas say as absent, not null.
const read = (text: string) => valueOfWholeText(text) ?? undefined;

/** A whole number that may be left empty for the server's default (capacity, minimum participants). */
export function OptionalWholeField<T extends FieldValues>(props: BoundFieldProps<T, number | undefined>) {
  return <ParsedTextField {...props} toText={toText} read={read} input={WHOLE} />;
}
