import { NativeSelect } from '@chakra-ui/react';
import type { FieldValues } from 'react-hook-form';
import { FieldShell, useBoundField, type BoundFieldProps } from '../../../../components/form/fields.tsx';

export interface IdOption {
  id: number;
  label: string;
}

/**
 * A native select of records by id, bound to a number field; `emptyLabel` offers "none" (null). Without it
 * an empty choice shows until one is picked, and the schema refuses it (null is not an id).
 */
export function IdSelectField<T extends FieldValues>({
  options,
  emptyLabel,
  ...props
}: BoundFieldProps<T, number | null | undefined> & { options: readonly IdOption[]; emptyLabel?: string }) {
  const { field, bind, shell } = useBoundField(props);
  const value = typeof field.value === 'number' ? String(field.value) : '';
  return (
    <FieldShell {...shell}>
      <NativeSelect.Root>
        <NativeSelect.Field
          {...bind}
          value={value}
          onChange={(event) => {
            const text = event.currentTarget.value;
            field.onChange(text === '' ? null : Number(text));
          }}
        >
          {(emptyLabel !== undefined || value === '') && <option value="">{emptyLabel ?? ''}</option>}
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FieldShell>
  );
}
