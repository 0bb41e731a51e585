import { Alert, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { Permission } from '@nine/shared/permissions';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useNotify } from '../../../lib/toast.tsx';
import { useRoles, type Role } from '../api/get-roles.ts';
import { RoleEditorDialog } from './role-editor-dialog.tsx';

export interface RolesTabProps {
  /** May add and edit roles (role_and_permission: change). */
  canChange: boolean;
  /** The viewer's permissions in the current location. */
  held: readonly Permission[];
}

export function RolesTab({ canChange, held }: RolesTabProps) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const query = useRoles();
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const roles = query.data;

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
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>{query.error.message}</Alert.Description>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            {t('common:try_again')}
          </Button>
        </Alert.Root>
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
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm">
            <Table.Caption srOnly>{t('staff:roles.caption')}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('staff:roles.fields.title')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('staff:roles.fields.users')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('staff:roles.fields.permissions')}</Table.ColumnHeader>
                {canChange && <Table.ColumnHeader>{t('staff:users.actions')}</Table.ColumnHeader>}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {roles.map((role) => (
                <Table.Row key={role.id}>
                  <Table.Cell fontWeight="medium">{role.title}</Table.Cell>
                  <Table.Cell textAlign="end">{role.users}</Table.Cell>
                  <Table.Cell>
                    {role.permissions.length === 0
                      ? t('staff:roles.no_permissions')
                      : [...new Set(role.permissions.map((p) => p.resource))]
                          .map((resource) => t(`staff:resources.${resource}`))
                          .join(', ')}
                  </Table.Cell>
                  {canChange && (
                    <Table.Cell>
                      <Button
                        size="xs"
                        variant="outline"
                        aria-label={t('staff:roles.edit_named', { title: role.title })}
                        onClick={() => setEditing(role)}
                      >
                        {t('staff:roles.edit')}
                      </Button>
                    </Table.Cell>
                  )}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}

      {editing !== null && (
        <RoleEditorDialog
          role={editing === 'new' ? null : editing}
          held={held}
          onClose={() => setEditing(null)}
          onSaved={() => {
            notify({
              type: 'success',
              title: t('staff:common.operation_success'),
              message: t('staff:common.saved'),
            });
            setEditing(null);
          }}
        />
      )}
    </Stack>
  );
}
