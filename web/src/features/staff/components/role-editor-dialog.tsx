import { Field, Input, Table, Text, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { actions, resources, type Permission } from '@nine/shared/permissions';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import type { Role } from '../api/get-roles.ts';
import { useSaveRole } from '../api/save-role.ts';
import { cellEditable, hasPermission, sortPermissions, togglePermission } from '../permission-matrix.ts';

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

/** A role's title and its resource × action matrix. Grants the viewer does not hold are disabled. */
export function RoleEditorDialog({ role, held, onClose, onSaved }: RoleEditorDialogProps) {
  const { t } = useAppTranslation();
  const save = useSaveRole(role?.id ?? null);
  const original = role?.permissions ?? [];
  const [title, setTitle] = useState(role?.title ?? '');
  const [permissions, setPermissions] = useState<Permission[]>([...original]);
  const [touched, setTouched] = useState(false);
  const titleMissing = title.trim() === '';

  const submit = () => {
    setTouched(true);
    if (titleMissing || save.isPending) return;
    save.mutate({ title: title.trim(), permissions: sortPermissions(permissions) }, { onSuccess: onSaved });
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      title={role === null ? t('staff:roles.add_title') : t('staff:roles.edit_title', { title: role.title })}
      onSubmit={submit}
      saving={save.isPending}
      error={save.error?.message ?? null}
      size="xl"
      scrollInside
    >
      <Field.Root required invalid={touched && titleMissing}>
        <Field.Label>
          {t('staff:roles.fields.title')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input name="title" value={title} maxLength={100} onChange={(e) => setTitle(e.currentTarget.value)} />
        <Field.ErrorText>{t('staff:roles.title_required')}</Field.ErrorText>
      </Field.Root>
      <Text fontSize="sm" color="fg.muted">
        {t('staff:roles.matrix_help')}
      </Text>
      <Table.ScrollArea borderWidth="1px" rounded="md" maxH="60vh">
        <Table.Root size="sm" stickyHeader>
          <Table.Caption srOnly>{t('staff:roles.matrix_caption')}</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('staff:roles.resource')}</Table.ColumnHeader>
              {actions.map((action) => (
                <Table.ColumnHeader key={action} textAlign="center">
                  {t(`staff:actions.${action}`)}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {resources.map((resource) => (
              <Table.Row key={resource}>
                <Table.Cell as="th" scope="row" fontWeight="medium">
                  {t(`staff:resources.${resource}`)}
                </Table.Cell>
                {actions.map((action) => {
                  const editable = cellEditable(held, original, { resource, action });
                  return (
                    <Table.Cell key={action} textAlign="center">
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
                          setPermissions((current) => togglePermission(current, resource, action, on));
                        }}
                      />
                    </Table.Cell>
                  );
                })}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </FormDialog>
  );
}
