import type { DefaultValues, FieldValues } from 'react-hook-form';
import {
  applyServerIssues,
  useResetOnOpen,
  useSchemaForm,
  type FormSchema,
  type SchemaForm,
  type SchemaFormOptions,
} from '../form/use-schema-form.ts';
import { saveFailureText } from '../../lib/save-failure.ts';
import { useNotify } from '../../lib/toast.tsx';

/** Where a list row's save goes: a new row (`New`: its location, or null), or the row with the version read. */
type RowTarget<New> = New | { id: number; version: number };

/** What the dialog needs of a row's save mutation (a `useInvalidatingMutation`). */
interface RowSave<Body, New> {
  isPending: boolean;
  error: Error | null;
  reset(): void;
  mutate(
    vars: { target: RowTarget<New>; body: Body },
    options: { onSuccess(): void; onError(error: unknown): void },
  ): void;
}

export interface SettingsRowFormOptions<Row, Input extends FieldValues, Output, New> {
  open: boolean;
  onClose(): void;
  /** The row edited, undefined to add one. */
  row: Row | undefined;
  /** The target of a new row's save: `{ locationId }` for a location's list, null where rows have none. */
  newTarget: New;
  save: RowSave<Output, New>;
  /** The form's values for the row, or a new row's. */
  values(row: Row | undefined): Input;
  messages?: SchemaFormOptions<Input>['messages'];
  /** The toast once saved. */
  saved: string;
  /** The screen's words for a stale version (someone saved the row first). */
  conflict: string;
}

/**
 * The form of a settings list's create/edit dialog: reset to the row at each opening, saved with the
 * version read, field issues from the server on their fields. `dialog` is for its `FormDialog`.
 */
export function useSettingsRowForm<
  Row extends { id: number; version: number },
  Input extends FieldValues,
  Output,
  New,
>(
  schema: FormSchema<Input, Output>,
  options: SettingsRowFormOptions<Row, Input, Output, New>,
): {
  form: SchemaForm<Input, Output>;
  dialog: { open: boolean; onClose(): void; onSubmit(): void; saving: boolean; error: string | null };
} {
  const { open, onClose, row, newTarget, save } = options;
  const notify = useNotify();
  const form = useSchemaForm(schema, {
    // A whole Input is a DefaultValues<Input>, which TypeScript cannot see for a generic Input.
    defaultValues: options.values(row) as DefaultValues<Input>,
    messages: options.messages,
  });
  useResetOnOpen(form, { open, record: row?.id, values: () => options.values(row), onOpen: save.reset });
  const submit = form.handleSubmit((values) =>
    save.mutate(
      { target: row ? { id: row.id, version: row.version } : newTarget, body: values },
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
