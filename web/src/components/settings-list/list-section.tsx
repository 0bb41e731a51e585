import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { DataTable, type DataTableColumn, type DataTableQuery } from '../data-table/data-table.tsx';
import { RowActionButton } from '../data-table/row-action-button.tsx';
import { SectionCard } from '../section-card.tsx';
import { useNotify } from '../../lib/toast.tsx';

/** A settings list row (a location's or the tours'): removed and saved by its id and the version shown (a stale one is refused, 409). */
interface ListRow {
  id: number;
  version: number;
}

/** What the list needs of a delete mutation (a `useInvalidatingMutation`; a failure gets its toast). */
interface RemoveMutation {
  isPending: boolean;
  mutate(target: { id: number; version: number }, options: { onSuccess(): void }): void;
}

export interface SettingsListRemove<Row> {
  mutation: RemoveMutation;
  /** The row button's text and the confirm button's. */
  label: string;
  /** The row button's accessible name ("Delete Weekend"). */
  named(row: Row): string;
  title: string;
  message(row: Row): string;
  /** The toast once removed. */
  done: string;
}

/** The list's behaviour, whatever its layout: its rows, who may edit, the dialogs. */
export interface SettingsListOptions<Row extends ListRow> {
  /** Undefined while loading (the table shows its spinner, or the query's failure). */
  rows: Row[] | undefined;
  /** The columns of the row; the actions column is added here when the user may edit. */
  columns: DataTableColumn<Row>[];
  canEdit: boolean;
  /** The row button's text (also the hidden title of the actions column). */
  editLabel: string;
  /** The row button's accessible name ("Edit Weekend"). */
  editNamed(row: Row): string;
  /** Rows that can be removed: the delete button and its confirmation. */
  remove?: SettingsListRemove<Row>;
  /** The create (row undefined) or edit dialog. */
  renderDialog(dialog: { open: boolean; onClose(): void; row: Row | undefined }): ReactNode;
}

/**
 * A settings list's editing: the columns with the row actions (edit, delete) for who may edit, `add()`
 * for its Add button, and the create/edit dialog and the delete confirmation to render beside the table.
 */
export function useSettingsList<Row extends ListRow>(
  options: SettingsListOptions<Row>,
): {
  columns: DataTableColumn<Row>[];
  add(): void;
  dialogs: ReactNode;
} {
  const { remove } = options;
  const notify = useNotify();
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const editButton = (row: Row) => (
    <RowActionButton
      label={options.editLabel}
      name={options.editNamed(row)}
      onClick={() => setEditing(row)}
    />
  );
  const columns: DataTableColumn<Row>[] = options.canEdit
    ? [
        ...options.columns,
        {
          id: 'actions',
          title: options.editLabel,
          titleHidden: true,
          hideWhenPrinting: true,
          align: 'end',
          cell: (row) =>
            remove === undefined ? (
              editButton(row)
            ) : (
              <HStack gap="1" justify="end">
                {editButton(row)}
                <RowActionButton
                  colorPalette="red"
                  label={remove.label}
                  name={remove.named(row)}
                  onClick={() => setDeleting(row)}
                />
              </HStack>
            ),
        },
      ]
    : options.columns;
  // The row as last read: after a refused stale save, the next save sends the version now saved.
  const current =
    editing === 'new' || editing === null ? undefined : (options.rows ?? []).find((r) => r.id === editing.id);
  const dialogs = (
    <>
      {options.renderDialog({
        open: editing !== null,
        onClose: () => setEditing(null),
        row: editing === 'new' ? undefined : (current ?? editing ?? undefined),
      })}
      {remove !== undefined && (
        <ConfirmDialog
          open={deleting !== null}
          size="sm"
          danger
          title={remove.title}
          message={deleting === null ? '' : remove.message(deleting)}
          confirmLabel={remove.label}
          pending={remove.mutation.isPending}
          onConfirm={() =>
            deleting !== null &&
            remove.mutation.mutate(
              { id: deleting.id, version: deleting.version },
              {
                onSuccess: () => {
                  notify({ type: 'success', title: remove.done });
                  setDeleting(null);
                },
              },
            )
          }
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
  return { columns, add: () => setEditing('new'), dialogs };
}

export interface SettingsListSectionProps<Row extends ListRow> extends SettingsListOptions<Row> {
  title: string;
  intro: string;
  /** The table's caption; the title unless given. */
  caption?: string;
  emptyNote: string;
  addLabel: string;
  /** The query behind the rows, for the table's loading and failure states. */
  query?: DataTableQuery;
}

/**
 * A settings screen's list of rows (rental periods, delivery zones…) as a card of its own: the intro, the
 * table, and an Add button for who may edit.
 */
export function SettingsListSection<Row extends ListRow>(props: SettingsListSectionProps<Row>) {
  const list = useSettingsList(props);
  return (
    <SectionCard title={props.title}>
      <Stack gap="4">
        <Text color="fg.muted">{props.intro}</Text>
        <DataTable<Row>
          columns={list.columns}
          rows={props.rows}
          rowId={(r) => r.id}
          caption={props.caption ?? props.title}
          query={props.query}
          emptyNote={props.emptyNote}
        />
        {props.canEdit && (
          <HStack>
            <Button size="sm" colorPalette="blue" onClick={list.add}>
              {props.addLabel}
            </Button>
          </HStack>
        )}
      </Stack>
      {list.dialogs}
    </SectionCard>
  );
}
