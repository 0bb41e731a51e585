import {
  Alert,
  Badge,
  Button,
  Field,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Table,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useNotify } from '../../../lib/toast.tsx';
import { useRoles } from '../api/get-roles.ts';
import { useUsers, type StaffUser, type UserStatus } from '../api/get-users.ts';
import { useSetUserStatus } from '../api/set-user-status.ts';
import { AccessKeyDialog } from './access-key-dialog.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { UserFormDialog } from './user-form-dialog.tsx';

export interface UsersTabProps {
  /** The viewer, who may not deactivate themselves. */
  currentUserId: number;
  /** May add, edit, (de)activate users and set access keys (staff: change). */
  canChange: boolean;
  /** May read roles, to assign them (role_and_permission: view). */
  canReadRoles: boolean;
  locations: readonly { id: number; name: string }[];
  pageSize?: number;
}

const statusPalette: Record<UserStatus, string> = { active: 'green', inactive: 'gray', expired: 'orange' };
const statuses: UserStatus[] = ['active', 'inactive', 'expired'];
const SEARCH_DELAY_MS = 300;

export function UsersTab({
  currentUserId,
  canChange,
  canReadRoles,
  locations,
  pageSize = 25,
}: UsersTabProps) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  // Searching waits for a pause in typing, then starts again from the first page.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const [status, setStatus] = useState<UserStatus | ''>('');
  const query = useUsers({ page, page_size: pageSize, search, status: status || undefined });
  const roles = useRoles(canReadRoles && canChange);
  const setUserStatus = useSetUserStatus();
  const [editing, setEditing] = useState<StaffUser | 'new' | null>(null);
  const [confirming, setConfirming] = useState<{ user: StaffUser; active: boolean } | null>(null);
  const [keyFor, setKeyFor] = useState<StaffUser | null>(null);
  const data = query.data;
  const pages = data === undefined ? 1 : Math.max(1, Math.ceil(data.total / pageSize));

  const confirmStatus = () => {
    if (confirming === null) return;
    setUserStatus.mutate(
      { id: confirming.user.id, active: confirming.active },
      {
        onSuccess: () => {
          notify({
            type: 'success',
            title: t('staff:common.operation_success'),
            message: t('staff:common.saved'),
          });
          setConfirming(null);
        },
        onError: () => setConfirming(null),
      },
    );
  };

  return (
    <Stack gap="4">
      <HStack justify="space-between" align="end" wrap="wrap" gap="3">
        <HStack gap="3" align="end" wrap="wrap">
          <Field.Root width="64">
            <Field.Label>{t('staff:users.search')}</Field.Label>
            <Input type="search" size="sm" value={typed} onChange={(e) => setTyped(e.currentTarget.value)} />
          </Field.Root>
          <Field.Root width="48">
            <Field.Label>{t('staff:users.fields.status')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                value={status}
                onChange={(e) => {
                  setStatus(e.currentTarget.value as UserStatus | '');
                  setPage(1);
                }}
              >
                <option value="">{t('staff:users.all_statuses')}</option>
                {statuses.map((s) => (
                  <option key={s} value={s}>
                    {t(`staff:users.status.${s}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </HStack>
        {canChange && (
          <Button size="sm" colorPalette="blue" onClick={() => setEditing('new')}>
            {t('staff:users.add')}
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

      <Text role="status" aria-live="polite" fontSize="sm" color="fg.muted">
        {data === undefined
          ? query.isError
            ? ''
            : t('staff:users.loading')
          : data.total === 0
            ? t('staff:users.none')
            : t('staff:users.summary', { count: data.total })}
      </Text>

      {data !== undefined && data.rows.length > 0 && (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" aria-busy={query.isFetching}>
            <Table.Caption srOnly>{t('staff:users.caption')}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('staff:users.fields.id')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('staff:users.fields.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('staff:users.fields.email')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('staff:users.fields.last_login')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('staff:users.fields.password_expired_at')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('staff:users.fields.created_at')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('staff:users.fields.expires_at')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('staff:users.fields.only_sso')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('staff:users.fields.status')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('staff:users.fields.roles')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('staff:users.fields.access_key')}</Table.ColumnHeader>
                {canChange && <Table.ColumnHeader>{t('staff:users.actions')}</Table.ColumnHeader>}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.rows.map((user) => (
                <Table.Row key={user.id}>
                  <Table.Cell>{user.id}</Table.Cell>
                  <Table.Cell fontWeight="medium">{user.name}</Table.Cell>
                  <Table.Cell>{user.email}</Table.Cell>
                  <Table.Cell>{formatDateTime(user.last_login_at)}</Table.Cell>
                  <Table.Cell>{formatDateTime(user.password_expired_at)}</Table.Cell>
                  <Table.Cell>{formatDateTime(user.created_at)}</Table.Cell>
                  <Table.Cell>{formatDateTime(user.expires_at)}</Table.Cell>
                  <Table.Cell>{user.only_login_by_sso ? t('common:yes') : t('common:no')}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={statusPalette[user.status]}>
                      {t(`staff:users.status.${user.status}`)}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>
                    <Wrap gap="1">
                      {user.roles.map((r) => (
                        <Badge key={`${r.role_id}:${r.location_id}`} variant="outline">
                          {t('staff:users.role_badge', { role: r.title, location: r.location })}
                        </Badge>
                      ))}
                    </Wrap>
                  </Table.Cell>
                  <Table.Cell>
                    {canChange ? (
                      <Button
                        size="xs"
                        variant="outline"
                        aria-label={t('staff:access_key.title', { name: user.name })}
                        onClick={() => setKeyFor(user)}
                      >
                        {user.has_access_key ? t('staff:access_key.change') : t('staff:access_key.set')}
                      </Button>
                    ) : user.has_access_key ? (
                      t('staff:access_key.is_set')
                    ) : (
                      t('staff:access_key.not_set')
                    )}
                  </Table.Cell>
                  {canChange && (
                    <Table.Cell>
                      <HStack gap="2">
                        <Button
                          size="xs"
                          variant="outline"
                          aria-label={t('staff:users.edit_named', { name: user.name })}
                          onClick={() => setEditing(user)}
                        >
                          {t('staff:users.edit')}
                        </Button>
                        {user.status === 'inactive' ? (
                          <Button
                            size="xs"
                            variant="outline"
                            colorPalette="green"
                            aria-label={t('staff:users.activate_named', { name: user.name })}
                            onClick={() => setConfirming({ user, active: true })}
                          >
                            {t('staff:users.activate')}
                          </Button>
                        ) : (
                          <Button
                            size="xs"
                            variant="outline"
                            colorPalette="red"
                            disabled={user.id === currentUserId}
                            aria-label={t('staff:users.deactivate_named', { name: user.name })}
                            onClick={() => setConfirming({ user, active: false })}
                          >
                            {t('staff:users.deactivate')}
                          </Button>
                        )}
                      </HStack>
                    </Table.Cell>
                  )}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}

      {data !== undefined && data.total > pageSize && (
        <HStack as="nav" justify="flex-end" gap="2" aria-label={t('staff:users.pagination')}>
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('staff:common.previous')}
          </Button>
          <Text fontSize="sm">{t('staff:common.page_of', { page, pages })}</Text>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('staff:common.next')}
          </Button>
        </HStack>
      )}

      {editing !== null && (
        <UserFormDialog
          open
          user={editing === 'new' ? null : editing}
          roles={roles.data ?? []}
          locations={locations}
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
      {keyFor !== null && <AccessKeyDialog user={keyFor} onClose={() => setKeyFor(null)} />}
      <ConfirmDialog
        open={confirming !== null}
        danger={confirming?.active === false}
        title={
          confirming?.active === true ? t('staff:users.activate_title') : t('staff:users.deactivate_title')
        }
        message={
          confirming === null
            ? ''
            : t(confirming.active ? 'staff:users.activate_confirm' : 'staff:users.deactivate_confirm', {
                name: confirming.user.name,
              })
        }
        confirmLabel={confirming?.active === true ? t('staff:users.activate') : t('staff:users.deactivate')}
        pending={setUserStatus.isPending}
        onConfirm={confirmStatus}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
