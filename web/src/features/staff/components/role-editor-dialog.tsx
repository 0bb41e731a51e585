import { Text, chakra } from '@chakra-ui/react';
import { useController } from 'react-hook-form';
import { actions, resources, type Permission } from '@nine/shared/permissions';
import { roleInput } from '@nine/shared/schemas/staff';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import type { Role } from '../api/get-roles.ts';
import { useSaveRole } from '../api/save-role.ts';
import { cellEditable, hasPermission, sortPermissions, togglePermission } from '../permission-matrix.ts';
import { fieldsOf } from '../../../components/form/form-fields.tsx';

export interface RoleEditorDialogProps {
  /** null: a new role. */
  role: Role | null;
  /** What the viewer holds in the current location: the only grants they may add. */
  held: readonly Permission[];
  onClose(): void;
  onSaved(): void;
}

// Native checkboxes: 132 of them in one table stay light and keyboard-friendly.
const Check = chakra('input', {
  base: { width: '4', height: '4', cursor: 'pointer', _disabled: { cursor: 'not-allowed', opacity: 0.4 } },
});

// DataTable's rows are objects (TanStack's RowData), one per resource.
const resourceRows = resources.map((resource) => ({ resource }));
type ResourceRow = (typeof resourceRows)[number];

/** A role's title and its resource × action matrix. Grants the viewer does not hold are disabled. */
export function RoleEditorDialog({ role, held, onClose, onSaved }: RoleEditorDialogProps) {
  const { t } = useAppTranslation();
  const save = useSaveRole(role?.id ?? null);
  const original = role?.permissions ?? [];
  // Mounted per role (the dialog is rendered only while open), so the defaults are the reset.
  const form = useSchemaForm(roleInput, {
    defaultValues: { title: role?.title ?? '', permissions: [...original] },
    messages: { title: 'staff:roles.title_required' },
  });
  const {
    field: { value: permissions, onChange: setPermissions },
  } = useController({ control: form.control, name: 'permissions' });

  // A row per resource named by its first cell, a column per action: each checkbox reads as
  // "View on Customers" and the grid keeps its row and column headers for screen readers.
  const columns: DataTableColumn<ResourceRow>[] = [
    {
      id: 'resource',
      title: t('staff:roles.resource'),
      cell: ({ resource }) => t(`staff:resources.${resource}`),
      rowHeader: true,
    },
    ...actions.map((action): DataTableColumn<ResourceRow> => ({
      id: action,
      title: t(`staff:actions.${action}`),
      align: 'center',
      cell: ({ resource }) => {
        const editable = cellEditable(held, original, { resource, action });
        return (
          <Check
            type="checkbox"
            checked={hasPermission(permissions, resource, action)}
            disabled={!editable}
            title={editable ? undefined : t('staff:roles.not_held')}
            aria-label={t('staff:roles.cell', {
              action: t(`staff:actions.${action}`),
              resource: t(`staff:resources.${resource}`),
            })}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setPermissions(togglePermission(permissions as Permission[], resource, action, on));
            }}
          />
        );
      },
    })),
  ];

  const submit = form.handleSubmit(({ title, permissions: granted }) => {
    if (save.isPending) return;
    save.mutate({ title, permissions: sortPermissions(granted) }, { onSuccess: onSaved });
  });

  const { TextField } = fieldsOf(form.control);
  return (
    <FormDialog
      open
      onClose={onClose}
      title={role === null ? t('staff:roles.add_title') : t('staff:roles.edit_title', { title: role.title })}
      onSubmit={() => void submit()}
      saving={save.isPending}
      error={save.error?.message ?? null}
      size="xl"
      scrollInside
    >
      <TextField name="title" label={t('staff:roles.fields.title')} required maxLength={100} />
      <Text fontSize="sm" color="fg.muted">
        {t('staff:roles.matrix_help')}
      </Text>
      <DataTable<ResourceRow>
        columns={columns}
        rows={resourceRows}
        rowId={(row) => row.resource}
        caption={t('staff:roles.matrix_caption')}
        maxH="60vh"
      />
    </FormDialog>
  );
}
