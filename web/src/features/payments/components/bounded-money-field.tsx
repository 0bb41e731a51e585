import { Input } from '@chakra-ui/react';
import { useState } from 'react';
import { useController, type FieldError, type FieldValues } from 'react-hook-form';
import {
  describedBy,
  FieldShell,
  useFieldIds,
  type BoundFieldProps,
} from '../../../components/form/fields.tsx';
import { valueOfDecimalText } from '../../../components/form/money-field.tsx';
import { minorToText } from '../money-input.ts';

/**
 * A money field (major units typed, minor units held) whose refusal may name a bound from the order's live
 * state ("at most $120.00"): `wordBound` words the schema's custom issue (a refine), which the form kit's
 * messages cannot, as they take no values. Other issues keep the form's wording.
 */
export function BoundedMoneyField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  helperText,
  disabled,
  wordBound,
}: BoundFieldProps<T, number | null | undefined> & { wordBound(): string }) {
  const { field, fieldState } = useController({ control, name });
  const [text, setText] = useState(() => toText(field.value));
  const [seen, setSeen] = useState<unknown>(field.value);
  // The value changed from outside (another action chose its own amount): show it.
  if (!Object.is(field.value, seen)) {
    setSeen(field.value);
    if (!Object.is(field.value, valueOfDecimalText(text))) setText(toText(field.value));
  }
  const ids = useFieldIds();
  const error = errorText(fieldState.error, wordBound);
  return (
    <FieldShell {...{ label, required, helperText, disabled, ids, error }}>
      <Input
        ref={field.ref}
        inputMode="decimal"
        autoComplete="off"
        aria-describedby={describedBy(ids, error, helperText)}
        name={field.name}
        value={text}
        onChange={(event) => {
          const value = valueOfDecimalText(event.currentTarget.value);
          setText(event.currentTarget.value);
          setSeen(value);
          field.onChange(value);
        }}
        onBlur={field.onBlur}
      />
    </FieldShell>
  );
}

const toText = (value: unknown) =>
  typeof value === 'number' && !Number.isNaN(value) ? minorToText(value) : '';

// zod's refinements arrive as `custom` issues (zodResolver keeps the zod code as the error's type).
const errorText = (error: FieldError | undefined, wordBound: () => string) =>
  error === undefined ? undefined : error.type === 'custom' ? wordBound() : error.message;
