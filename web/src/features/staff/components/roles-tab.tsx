import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { Permission } from '@nine/shared/permissions';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { RowActionButton } from '../../../components/data-table/row-action-button.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useRoles, type Role } from '../api/get-roles.ts';
import { RoleEditorDialog } from './role-editor-dialog.tsx';
import { useNotifySaved } from './use-notify-saved.ts';

export interface RolesTabProps {
  /** May add and edit roles (role_and_permission: change). */
  canChange: boolean;
  /** The viewer's permissions in the current location. */
  held: readonly Permission[];
}

export function RolesTab({ canChange, held }: RolesTabProps) {
  const { t } = useAppTranslation();
  const notifySaved = useNotifySaved();
  const query = useRoles();
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const roles = query.data;
  const columns: DataTableColumn<Role>[] = [
    {
      id: 'title',
      title: t('staff:roles.fields.title'),
      cell: (role) => <Text fontWeight="medium">{role.title}</Text>,
    },
    { id: 'users', title: t('staff:roles.fields.users'), align: 'end', cell: (role) => role.users },
    {
      id: 'permissions',
      title: t('staff:roles.fields.permissions'),
      cell: (role) =>
        role.permissions.length === 0
          ? t('staff:roles.no_permissions')
          : [...new Set(role.permissions.map((p) => p.resource))]
              .map((resource) => t(`staff:resources.${resource}`))
              .join(', '),
    },
  ];
  if (canChange)
    columns.push({
      id: 'actions',
      title: t('staff:users.actions'),
      cell: (role) => (
        <RowActionButton
          label={t('staff:roles.edit')}
          name={t('staff:roles.edit_named', { title: role.title })}
          onClick={() => setEditing(role)}
        />
      ),
    });

  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Text fontSize="sm" color="fg.muted">
          {t('staff:roles.intro')}
        </Text>
        {canChange && (
          <Button size="sm" colorPalette="blue" onClick={() => setEditing('new')}>
            {t('staff:roles.add')}
          </Button>
        )}
      </HStack>

      {query.isError && (
        <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      )}
      {roles === undefined && !query.isError && (
        <Text role="status" fontSize="sm" color="fg.muted">
          {t('staff:roles.loading')}
        </Text>
      )}
      {roles !== undefined && roles.length === 0 && (
        <Text role="status" fontSize="sm" color="fg.muted">
          {t('staff:roles.none')}
        </Text>
      )}

      {roles !== undefined && roles.length > 0 && (
        <DataTable<Role>
          columns={columns}
          rows={roles}
          rowId={(role) => role.id}
          caption={t('staff:roles.caption')}
        />
      )}

      {editing !== null && (
        <RoleEditorDialog
          role={editing === 'new' ? null : editing}
          held={held}
          onClose={() => setEditing(null)}
          onSaved={() => {
            notifySaved();
            setEditing(null);
          }}
        />
      )}
    </Stack>
  );
}
