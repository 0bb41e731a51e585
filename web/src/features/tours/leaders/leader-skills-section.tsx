import { Button, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { leaderSkillInput, type LeaderSkill } from '@nine/shared/schemas/tours/leaders';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { RowActionButton } from '../../../components/data-table/row-action-button.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import {
  applyServerIssues,
  useResetOnOpen,
  useSchemaForm,
} from '../../../components/form/use-schema-form.ts';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { formatDay } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { saveFailureText } from '../../../lib/save-failure.ts';
import { useAddLeaderSkill } from '../api/leaders/add-leader-skill.ts';
import { useDeleteLeaderSkill } from '../api/leaders/delete-leader-skill.ts';
import { useUpdateLeaderSkill } from '../api/leaders/update-leader-skill.ts';
import { SkillExpiryBadge } from './skill-expiry-badge.tsx';

const valuesOf = (skill: LeaderSkill | null) => ({
  name: skill?.name ?? '',
  reference: skill?.reference ?? '',
  issued_on: skill?.issued_on ?? null,
  expires_on: skill?.expires_on ?? null,
});

function SkillDialog({
  leaderId,
  skill,
  open,
  onClose,
}: {
  leaderId: number;
  /** The skill to edit, null to add one. */
  skill: LeaderSkill | null;
  open: boolean;
  onClose(): void;
}) {
  const { t } = useAppTranslation();
  const add = useAddLeaderSkill();
  const update = useUpdateLeaderSkill();
  const save = skill === null ? add : update;
  const form = useSchemaForm(leaderSkillInput, {
    defaultValues: valuesOf(skill),
    messages: { expires_on: { expires_before_issued: 'tours:leaders.skills.expires_before_issued' } },
  });
  useResetOnOpen(form, {
    open,
    record: skill?.id,
    values: () => valuesOf(skill),
    onOpen: () => {
      add.reset();
      update.reset();
    },
  });
  const onError = (error: Error) => applyServerIssues(form, error) && save.reset();
  const submit = form.handleSubmit((values) =>
    skill === null
      ? add.mutate({ leaderId, body: values }, { onSuccess: onClose, onError })
      : update.mutate(
          { leaderId, skillId: skill.id, body: { ...values, version: skill.version } },
          { onSuccess: onClose, onError },
        ),
  );
  const { TextField, DateTimeField } = fieldsOf(form.control);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t(skill === null ? 'tours:leaders.skills.add_title' : 'tours:leaders.skills.edit_title')}
      onSubmit={() => void submit()}
      saving={save.isPending}
      error={saveFailureText(save.error, t('tours:leaders.skills.conflict'))}
    >
      <Stack gap="4">
        <TextField name="name" label={t('tours:leaders.skills.name')} required autoFocus />
        <TextField name="reference" label={t('tours:leaders.skills.reference')} />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <DateTimeField name="issued_on" label={t('tours:leaders.skills.issued_on')} />
          <DateTimeField name="expires_on" label={t('tours:leaders.skills.expires_on')} />
        </SimpleGrid>
      </Stack>
    </FormDialog>
  );
}

/** The leader's skills with their expiry (a badge when expired or within 30 days); added, edited, removed. */
export function LeaderSkillsSection({
  leaderId,
  skills,
  canManage,
}: {
  leaderId: number;
  skills: LeaderSkill[];
  canManage: boolean;
}) {
  const { t } = useAppTranslation();
  const [editing, setEditing] = useState<LeaderSkill | 'new' | null>(null);
  const [removing, setRemoving] = useState<LeaderSkill | null>(null);
  const remove = useDeleteLeaderSkill();

  const columns: DataTableColumn<LeaderSkill>[] = [
    { id: 'name', title: t('tours:leaders.skills.name'), rowHeader: true, cell: (row) => row.name },
    { id: 'reference', title: t('tours:leaders.skills.reference'), cell: (row) => row.reference },
    { id: 'issued_on', title: t('tours:leaders.skills.issued_on'), cell: (row) => formatDay(row.issued_on) },
    {
      id: 'expires_on',
      title: t('tours:leaders.skills.expires_on'),
      cell: (row) => (
        <HStack gap="2" wrap="wrap">
          <span>
            {row.expires_on === null ? t('tours:leaders.skills.no_expiry') : formatDay(row.expires_on)}
          </span>
          <SkillExpiryBadge expiresOn={row.expires_on} />
        </HStack>
      ),
    },
    ...(canManage
      ? [
          {
            id: 'actions',
            title: t('tours:leaders.actions'),
            titleHidden: true,
            cell: (row: LeaderSkill) => (
              <HStack gap="1">
                <RowActionButton
                  label={t('tours:leaders.edit')}
                  name={t('tours:leaders.skills.edit_named', { name: row.name })}
                  onClick={() => setEditing(row)}
                />
                <RowActionButton
                  label={t('tours:leaders.remove')}
                  name={t('tours:leaders.skills.remove_named', { name: row.name })}
                  onClick={() => {
                    remove.reset();
                    setRemoving(row);
                  }}
                />
              </HStack>
            ),
          },
        ]
      : []),
  ];

  return (
    <Stack gap="3">
      <DataTable<LeaderSkill>
        columns={columns}
        rows={skills}
        rowId={(row) => row.id}
        caption={t('tours:leaders.skills.caption')}
        emptyNote={t('tours:leaders.skills.empty')}
        size="sm"
      />
      {canManage && (
        <Button size="sm" variant="outline" alignSelf="start" onClick={() => setEditing('new')}>
          {t('tours:leaders.skills.add')}
        </Button>
      )}
      <SkillDialog
        leaderId={leaderId}
        skill={editing === 'new' ? null : editing}
        open={editing !== null}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('tours:leaders.skills.remove_title')}
        message={t('tours:leaders.skills.remove_message', { name: removing?.name ?? '' })}
        confirmLabel={t('tours:leaders.remove')}
        danger
        pending={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing !== null &&
          remove.mutate({ leaderId, skill: removing }, { onSuccess: () => setRemoving(null) })
        }
      />
      {remove.isError && (
        <MessageAlert status="error">
          {saveFailureText(remove.error, t('tours:leaders.skills.conflict'))}
        </MessageAlert>
      )}
    </Stack>
  );
}
