import { Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { leaderCreateForm } from '@nine/shared/schemas/tours/leaders';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import { useResetOnOpen, useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { LiveSearchField } from '../../../components/live-search-field.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { saveFailureText } from '../../../lib/save-failure.ts';
import { useLeaderCandidates } from '../api/leaders/get-leader-candidates.ts';
import { useCreateLeader } from '../api/leaders/create-leader.ts';

export interface AddLeaderDialogProps {
  locationId: number | null;
  open: boolean;
  onClose(): void;
  leaderHref(id: number): string;
}

/** "Add leader": search the staff working here who are not leaders yet, pick one, then open their page. */
export function AddLeaderDialog({ locationId, open, onClose, leaderHref }: AddLeaderDialogProps) {
  const { t } = useAppTranslation();
  const [, navigate] = useLocation();
  const [search, setSearch] = useState<string | undefined>(undefined);
  const candidates = useLeaderCandidates(locationId, search ?? '', open);
  const create = useCreateLeader();
  const form = useSchemaForm(leaderCreateForm, {
    defaultValues: { user_id: '' },
    messages: { user_id: { required: 'tours:leaders.add.pick' } },
  });
  useResetOnOpen(form, {
    open,
    record: null,
    values: () => ({ user_id: '' }),
    onOpen: () => {
      setSearch(undefined);
      create.reset();
    },
  });
  const submit = form.handleSubmit(({ user_id }) =>
    create.mutate(
      { user_id: Number(user_id) },
      {
        onSuccess: (leader) => {
          onClose();
          navigate(leaderHref(leader.id));
        },
      },
    ),
  );
  const { SelectField } = fieldsOf(form.control);
  const rows = candidates.data ?? [];

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('tours:leaders.add.title')}
      onSubmit={() => void submit()}
      saving={create.isPending}
      submitLabel={t('tours:leaders.add.submit')}
      error={saveFailureText(create.error, '')}
    >
      <Stack gap="4">
        <LiveSearchField
          label={t('tours:leaders.add.search')}
          value={search}
          onSearch={(value) => {
            setSearch(value);
            form.setValue('user_id', '');
          }}
        />
        <SelectField
          name="user_id"
          label={t('tours:leaders.add.person')}
          required
          placeholder={t('tours:leaders.add.choose')}
          options={rows.map((row) => ({ value: String(row.user_id), label: `${row.name} (${row.email})` }))}
        />
        {candidates.isSuccess && rows.length === 0 && (
          <Text fontSize="sm" color="fg.muted">
            {t('tours:leaders.add.none')}
          </Text>
        )}
      </Stack>
    </FormDialog>
  );
}
