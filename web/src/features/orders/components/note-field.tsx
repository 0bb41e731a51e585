import { Textarea } from '@chakra-ui/react';
import { useController, type FieldValues } from 'react-hook-form';
import {
  describedBy,
  FieldShell,
  useFieldIds,
  type BoundFieldProps,
} from '../../../components/form/fields.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';

/**
 * A note bound to a schema form whose one rule is its length: any issue the schema or the server finds
 * on it reads as the limit (`orders:notes.too_long` needs the number, which a token cannot carry).
 * `counted` shows how much of the limit is used, as the staff note does on the order.
 */
export function NoteField<T extends FieldValues>({
  control,
  name,
  label,
  max,
  rows = 2,
  counted = false,
  readOnly = false,
  onEdit,
}: Pick<BoundFieldProps<T, string | null | undefined>, 'control' | 'name' | 'label'> & {
  max: number;
  rows?: number;
  counted?: boolean;
  readOnly?: boolean;
  /** Called on every keystroke, e.g. to clear the last save's answer. */
  onEdit?(): void;
}) {
  const { t } = useAppTranslation();
  const { field, fieldState } = useController({ control, name });
  const ids = useFieldIds();
  const text = (field.value as string | null | undefined) ?? '';
  const error = fieldState.error ? t('orders:notes.too_long', { max }) : undefined;
  const helperText = counted ? t('orders:notes.count', { count: text.trim().length, max }) : undefined;
  return (
    <FieldShell label={label} helperText={helperText} error={error} ids={ids}>
      <Textarea
        ref={field.ref}
        name={field.name}
        rows={rows}
        readOnly={readOnly}
        aria-describedby={describedBy(ids, error, helperText)}
        value={text}
        onChange={(event) => {
          field.onChange(event.currentTarget.value);
          onEdit?.();
        }}
        onBlur={field.onBlur}
      />
    </FieldShell>
  );
}
