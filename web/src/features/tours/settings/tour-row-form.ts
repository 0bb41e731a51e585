import type { DefaultValues, FieldValues } from 'react-hook-form';
import {
  applyServerIssues,
  useResetOnOpen,
  useSchemaForm,
  type FormSchema,
  type SchemaForm,
  type SchemaFormOptions,
} from '../../../components/form/use-schema-form.ts';
import { saveFailureText } from '../../../lib/save-failure.ts';
import { useNotify } from '../../../lib/toast.tsx';

type RowTarget = { id: number; version: number } | null;

interface RowSave<Body> {
  isPending: boolean;
  error: Error | null;
  reset(): void;
  mutate(
    vars: { target: RowTarget; body: Body },
    options: { onSuccess(): void; onError(error: unknown): void },
  ): void;
}

/**
 * The form of a tour settings list's add/edit dialog: reset to the row at each opening, saved with the
 * version read, the server's field issues on their fields. `dialog` is for its `FormDialog`.
 */
export function useTourRowForm<
  Row extends { id: number; version: number },
  Input extends FieldValues,
  Output,
>(
  schema: FormSchema<Input, Output>,
  options: {
    open: boolean;
    onClose(): void;
    row: Row | undefined;
    save: RowSave<Output>;
    values(row: Row | undefined): Input;
    messages?: SchemaFormOptions<Input>['messages'];
    saved: string;
    conflict: string;
  },
): {
  form: SchemaForm<Input, Output>;
  dialog: { open: boolean; onClose(): void; onSubmit(): void; saving: boolean; error: string | null };
} {
  const { open, onClose, row, save } = options;
  const notify = useNotify();
  const form = useSchemaForm(schema, {
    defaultValues: options.values(row) as DefaultValues<Input>,
    messages: options.messages,
  });
  useResetOnOpen(form, { open, record: row?.id, values: () => options.values(row), onOpen: save.reset });
  const submit = form.handleSubmit((values) =>
    save.mutate(
      { target: row ? { id: row.id, version: row.version } : null, body: values },
      {
        onSuccess: () => {
          notify({ type: 'success', title: options.saved });
          onClose();
        },
        onError: (error) => {
          if (applyServerIssues(form, error)) save.reset();
        },
      },
    ),
  );
  return {
    form,
    dialog: {
      open,
      onClose,
      onSubmit: () => void submit(),
      saving: save.isPending,
      error: saveFailureText(save.error, options.conflict),
    },
  };
}
