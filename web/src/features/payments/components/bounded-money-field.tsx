import type { FieldValues } from 'react-hook-form';
import type { BoundFieldProps } from '../../../components/form/fields.tsx';
import { valueOfDecimalText } from '../../../components/form/money-field.tsx';
import { ParsedTextField } from '../../../components/form/parsed-text-field.tsx';
import { minorToText } from '../money-input.ts';

/**
 * A money field (major units typed, minor units held) whose refusal may name a bound from the order's live
 * state ("at most $120.00"): `wordBound` words the schema's custom issue (a refine), which the form kit's
 * messages cannot, as they take no values. Other issues keep the form's wording.
 */
export function BoundedMoneyField<T extends FieldValues>({
  wordBound,
  ...props
}: BoundFieldProps<T, number | null | undefined> & { wordBound(): string }) {
  return (
    <ParsedTextField
      {...props}
      toText={toText}
      read={valueOfDecimalText}
      input={{ inputMode: 'decimal', autoComplete: 'off' }}
      // zod's refinements arrive as `custom` issues (zodResolver keeps the zod code as the error's type).
      wordError={(error) => (error.type === 'custom' ? wordBound() : error.message)}
    />
  );
}

const toText = (value: unknown) =>
  typeof value === 'number' && !Number.isNaN(value) ? minorToText(value) : '';
