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
 */
export function NoteField<T extends FieldValues>({
  control,
  name,
  label,
  max,
  rows = 2,
}: Pick<BoundFieldProps<T, string | null | undefined>, 'control' | 'name' | 'label'> & {
  max: number;
  rows?: number;
}) {
  const { t } = useAppTranslation();
  const { field, fieldState } = useController({ control, name });
  const ids = useFieldIds();
  const error = fieldState.error ? t('orders:notes.too_long', { max }) : undefined;
  return (
    <FieldShell label={label} error={error} ids={ids}>
      <Textarea
        ref={field.ref}
        name={field.name}
        rows={rows}
        aria-describedby={describedBy(ids, error, undefined)}
        value={(field.value as string | null | undefined) ?? ''}
        onChange={(event) => field.onChange(event.currentTarget.value)}
        onBlur={field.onBlur}
      />
    </FieldShell>
  );
}
