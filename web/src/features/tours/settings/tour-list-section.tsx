import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import {
  DataTable,
  type DataTableColumn,
  type DataTableQuery,
} from '../../../components/data-table/data-table.tsx';
import { RowActionButton } from '../../../components/data-table/row-action-button.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useNotify } from '../../../lib/toast.tsx';

/** A row of a tour settings list: saved and removed by its id and the version shown (stale: 409). */
interface ListRow {
  id: number;
  version: number;
}

export interface TourListRemove<Row> {
  mutation: {
    isPending: boolean;
    mutate(target: { id: number; version: number }, options: { onSuccess(): void }): void;
  };
  label: string;
  named(row: Row): string;
  title: string;
  message(row: Row): string;
  done: string;
}

export interface TourListSectionProps<Row extends ListRow> {
  title: string;
  intro: string;
  rows: Row[] | undefined;
  query: DataTableQuery;
  columns: DataTableColumn<Row>[];
  emptyNote: string;
  canEdit: boolean;
  addLabel: string;
  editLabel: string;
  editNamed(row: Row): string;
  remove?: TourListRemove<Row>;
  /** The create (row undefined) or edit dialog. */
  renderDialog(dialog: { open: boolean; onClose(): void; row: Row | undefined }): ReactNode;
}

/**
 * A tour settings list as a card: the intro, the table with Edit and Delete on each row for who may
 * manage, an Add button, the add/edit dialog and the delete confirmation. A row in use answers 409 on
 * delete (a toast with the catalogue message, which says to deactivate it instead).
 */
export function TourListSection<Row extends ListRow>(props: TourListSectionProps<Row>) {
  const { remove } = props;
  const notify = useNotify();
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const columns: DataTableColumn<Row>[] = props.canEdit
    ? [
        ...props.columns,
        {
          id: 'actions',
          title: props.editLabel,
          titleHidden: true,
          hideWhenPrinting: true,
          align: 'end',
          cell: (row) => (
            <HStack gap="1" justify="end">
              <RowActionButton
                label={props.editLabel}
                name={props.editNamed(row)}
                onClick={() => setEditing(row)}
              />
              {remove !== undefined && (
                <RowActionButton
                  colorPalette="red"
                  label={remove.label}
                  name={remove.named(row)}
                  onClick={() => setDeleting(row)}
                />
              )}
            </HStack>
          ),
        },
      ]
    : props.columns;
  // The row as last read: after a refused stale save, the next save sends the version now saved.
  const current =
    editing === 'new' || editing === null ? undefined : (props.rows ?? []).find((r) => r.id === editing.id);
  return (
    <SectionCard title={props.title}>
      <Stack gap="4">
        <Text color="fg.muted">{props.intro}</Text>
        <DataTable<Row>
          columns={columns}
          rows={props.rows}
          rowId={(r) => r.id}
          caption={props.title}
          query={props.query}
          emptyNote={props.emptyNote}
        />
        {props.canEdit && (
          <HStack>
            <Button size="sm" colorPalette="blue" onClick={() => setEditing('new')}>
              {props.addLabel}
            </Button>
          </HStack>
        )}
      </Stack>
      {props.renderDialog({
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
    </SectionCard>
  );
}
