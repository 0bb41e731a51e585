import type { InputProps } from '@chakra-ui/react';
import type { FieldValues } from 'react-hook-form';
import { parseMoneyInput } from '@nine/shared/money';
import type { BoundFieldProps } from './fields.tsx';
import { ParsedTextField } from './parsed-text-field.tsx';

/**
 * The form value of a field typed as a decimal: the number, null when empty, NaN when it is not one (so the
 * schema refuses it while the person's text stays on screen).
 */
export function valueOfDecimalText(text: string): number | null {
  if (text.trim() === '') return null;
  return parseMoneyInput(text) ?? Number.NaN;
}

const minorToText = (minor: number) => (minor / 100).toFixed(2);
// 1250 → "12.5": a percentage reads without trailing zeros.
const basisPointsToText = (bp: number) => String(bp / 100);

type DecimalProps<T extends FieldValues> = BoundFieldProps<T, number | null | undefined> &
  Pick<InputProps, 'autoFocus' | 'placeholder'>;

function DecimalField<T extends FieldValues>({
  format,
  autoFocus,
  placeholder,
  ...props
}: DecimalProps<T> & { format(value: number): string }) {
  const toText = (value: unknown) => (typeof value !== 'number' || Number.isNaN(value) ? '' : format(value));
  return (
    <ParsedTextField
      {...props}
      toText={toText}
      read={valueOfDecimalText}
      input={{ inputMode: 'decimal', autoFocus, placeholder }}
    />
  );
}

/** An amount typed in the major unit ("12.50", "1,234.50"), held in minor units by the one money parser. */
export function MoneyField<T extends FieldValues>(props: DecimalProps<T>) {
  return <DecimalField {...props} format={minorToText} />;
}

/** A percentage typed with up to two decimals ("12.5"), held in basis points (1250). */
export function PercentField<T extends FieldValues>(props: DecimalProps<T>) {
  return <DecimalField {...props} format={basisPointsToText} />;
}
