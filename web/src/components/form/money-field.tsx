import { Input, type InputProps } from '@chakra-ui/react';
import { useState } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import { parseMoneyInput } from '@nine/shared/money';
import { describedBy, FieldShell, useFieldIds, type BoundFieldProps } from './fields.tsx';

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
  control,
  name,
  label,
  required,
  helperText,
  disabled,
  format,
  ...input
}: DecimalProps<T> & { format(value: number): string }) {
  const { field, fieldState } = useController({ control, name });
  const value = field.value as number | null | undefined;
  const toText = (v: number | null | undefined) =>
    v === null || v === undefined || Number.isNaN(v) ? '' : format(v);
  const [text, setText] = useState(() => toText(value));
  const [seen, setSeen] = useState<unknown>(value);
  // The value changed from outside (a reset for another record): show it, unless the text already says it.
  if (!Object.is(value, seen)) {
    setSeen(value);
    if (!Object.is(value, valueOfDecimalText(text))) setText(toText(value));
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
        inputMode="decimal"
        value={text}
        onChange={(event) => {
          const next = event.currentTarget.value;
          const parsed = valueOfDecimalText(next);
          setText(next);
          setSeen(parsed);
          field.onChange(parsed);
        }}
        onBlur={field.onBlur}
      />
    </FieldShell>
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
