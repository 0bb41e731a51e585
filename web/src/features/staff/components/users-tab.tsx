import { Badge, Button, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { RowActionButton } from '../../../components/data-table/row-action-button.tsx';
import { OptionSelect, optional } from '../../../components/list-filter-fields.tsx';
import { LiveSearchField } from '../../../components/live-search-field.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { createListCodec, listField, useListUrlState } from '../../../lib/use-list-url-state.ts';
import { useRoles } from '../api/get-roles.ts';
import { useUsers, type StaffUser, type UserStatus } from '../api/get-users.ts';
import { useSetUserStatus } from '../api/set-user-status.ts';
import { AccessKeyDialog } from './access-key-dialog.tsx';
import { UserFormDialog } from './user-form-dialog.tsx';
import { useNotifySaved } from './use-notify-saved.ts';

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

interface UserListState {
  page: number;
  pageSize: number;
  search?: string;
  status?: UserStatus;
}

// The page size is the screen's; page, search and status live in the URL.
const userListCodec = createListCodec<UserListState>(
  {
    page: listField.page(),
    pageSize: listField.pageSize([]),
    search: listField.text('search'),
    status: listField.oneOf('status', statuses),
  },
  (pageSize) => ({ page: 1, pageSize }),
);

export function UsersTab({
  currentUserId,
  canChange,
  canReadRoles,
  locations,
  pageSize = 25,
}: UsersTabProps) {
  const { t } = useAppTranslation();
  const notifySaved = useNotifySaved();
  const { state, change } = useListUrlState(userListCodec, undefined, pageSize);
  const query = useUsers({
    page: state.page,
    page_size: pageSize,
    search: state.search ?? '',
    status: state.status,
  });
  const roles = useRoles(canReadRoles && canChange);
  const setUserStatus = useSetUserStatus();
  const [editing, setEditing] = useState<StaffUser | 'new' | null>(null);
  const [confirming, setConfirming] = useState<{ user: StaffUser; active: boolean } | null>(null);
  const [keyFor, setKeyFor] = useState<StaffUser | null>(null);
  const data = query.data;

  const dateTimeColumn = (
    id: 'last_login' | 'password_expired_at' | 'created_at' | 'expires_at',
    at: (user: StaffUser) => string | null,
  ): DataTableColumn<StaffUser> => ({
    id,
    title: t(`staff:users.fields.${id}`),
    cell: (user) => formatDateTime(at(user)),
  });
  const columns: DataTableColumn<StaffUser>[] = [
    { id: 'id', title: t('staff:users.fields.id'), cell: (user) => user.id },
    {
      id: 'name',
      title: t('staff:users.fields.name'),
      cell: (user) => <Text fontWeight="medium">{user.name}</Text>,
    },
    { id: 'email', title: t('staff:users.fields.email'), cell: (user) => user.email },
    dateTimeColumn('last_login', (user) => user.last_login_at),
    dateTimeColumn('password_expired_at', (user) => user.password_expired_at),
    dateTimeColumn('created_at', (user) => user.created_at),
    dateTimeColumn('expires_at', (user) => user.expires_at),
    {
      id: 'only_sso',
      title: t('staff:users.fields.only_sso'),
      cell: (user) => (user.only_login_by_sso ? t('common:yes') : t('common:no')),
    },
    {
      id: 'status',
      title: t('staff:users.fields.status'),
      cell: (user) => (
        <Badge colorPalette={statusPalette[user.status]}>{t(`staff:users.status.${user.status}`)}</Badge>
      ),
    },
    {
      id: 'roles',
      title: t('staff:users.fields.roles'),
      cell: (user) => (
        <Wrap gap="1">
          {user.roles.map((r) => (
            <Badge key={`${r.role_id}:${r.location_id}`} variant="outline">
              {t('staff:users.role_badge', { role: r.title, location: r.location })}
            </Badge>
          ))}
        </Wrap>
      ),
    },
    {
      id: 'access_key',
      title: t('staff:users.fields.access_key'),
      cell: (user) =>
        canChange ? (
          <RowActionButton
            label={user.has_access_key ? t('staff:access_key.change') : t('staff:access_key.set')}
            name={t('staff:access_key.title', { name: user.name })}
            onClick={() => setKeyFor(user)}
          />
        ) : user.has_access_key ? (
          t('staff:access_key.is_set')
        ) : (
          t('staff:access_key.not_set')
        ),
    },
  ];
  if (canChange) {
    columns.push({
      id: 'actions',
      title: t('staff:users.actions'),
      cell: (user) => (
        <HStack gap="2">
          <RowActionButton
            label={t('staff:users.edit')}
            name={t('staff:users.edit_named', { name: user.name })}
            onClick={() => setEditing(user)}
          />
          {user.status === 'inactive' ? (
            <RowActionButton
              colorPalette="green"
              label={t('staff:users.activate')}
              name={t('staff:users.activate_named', { name: user.name })}
              onClick={() => setConfirming({ user, active: true })}
            />
          ) : (
            <RowActionButton
              colorPalette="red"
              disabled={user.id === currentUserId}
              label={t('staff:users.deactivate')}
              name={t('staff:users.deactivate_named', { name: user.name })}
              onClick={() => setConfirming({ user, active: false })}
            />
          )}
        </HStack>
      ),
    });
  }

  const confirmStatus = () => {
    if (confirming === null) return;
    setUserStatus.mutate(
      { id: confirming.user.id, active: confirming.active },
      {
        onSuccess: () => {
          notifySaved();
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
          <LiveSearchField
            width="64"
            inputSize="sm"
            label={t('staff:users.search')}
            value={state.search}
            onSearch={(search) => change({ search })}
          />
          <OptionSelect
            width="48"
            size="sm"
            label={t('staff:users.fields.status')}
            emptyLabel={t('staff:users.all_statuses')}
            options={statuses.map((s) => ({ value: s, label: t(`staff:users.status.${s}`) }))}
            value={state.status}
            onChange={(status) => change({ status: optional(status, statuses) })}
          />
        </HStack>
        {canChange && (
          <Button size="sm" colorPalette="blue" onClick={() => setEditing('new')}>
            {t('staff:users.add')}
          </Button>
        )}
      </HStack>

      <Text role="status" aria-live="polite" fontSize="sm" color="fg.muted">
        {data === undefined
          ? query.isError
            ? ''
            : t('staff:users.loading')
          : data.total === 0
            ? t('staff:users.none')
            : t('staff:users.summary', { count: data.total })}
      </Text>

      <DataTable<StaffUser>
        columns={columns}
        rows={data?.rows}
        rowId={(user) => user.id}
        caption={t('staff:users.caption')}
        query={query}
        loading={false}
        pager={
          data !== undefined && data.total > pageSize
            ? {
                page: state.page,
                pageSize,
                total: data.total,
                label: t('staff:users.pagination'),
                onPage: (page) => change({ page }),
              }
            : undefined
        }
      />

      {editing !== null && (
        <UserFormDialog
          open
          user={editing === 'new' ? null : editing}
          roles={roles.data ?? []}
          locations={locations}
          onClose={() => setEditing(null)}
          onSaved={() => {
            notifySaved();
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
