import { Button, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { leaderProfileForm, type LeaderDetail } from '@nine/shared/schemas/tours/leaders';
import { TOUR_COLORS } from '@nine/shared/schemas/tours/settings';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import { applyServerIssues, useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { saveFailureText } from '../../../lib/save-failure.ts';
import { useUpdateLeader } from '../api/leaders/update-leader.ts';
import { useLeaderFormSync } from './use-leader-form-sync.ts';

const valuesOf = (leader: LeaderDetail) => ({
  phone: leader.phone ?? '',
  bio: leader.bio ?? '',
  color: leader.color,
  active: leader.active,
});

/** The leader's profile: phone, bio, calendar colour and whether they lead tours now (the leader's version). */
export function LeaderProfileForm({ leader, canManage }: { leader: LeaderDetail; canManage: boolean }) {
  const { t } = useAppTranslation();
  const save = useUpdateLeader();
  const form = useSchemaForm(leaderProfileForm, { defaultValues: valuesOf(leader) });
  // A newer version read (the week saved, say) shows what is stored now, unless the profile is being edited.
  const sync = useLeaderFormSync(form, leader, valuesOf);
  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: leader.id, body: { ...values, version: leader.version } },
      {
        onSuccess: sync.saved,
        onError: (error) => {
          sync.failed(error);
          if (applyServerIssues(form, error)) save.reset();
        },
      },
    ),
  );
  const failure = saveFailureText(save.error, t('tours:leaders.conflict'));
  const { TextField, TextareaField, SelectField, CheckboxField } = fieldsOf(form.control);
  const locked = !canManage;

  return (
    <form noValidate onSubmit={(event) => (event.preventDefault(), void submit())}>
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField name="phone" type="tel" label={t('tours:leaders.fields.phone')} disabled={locked} />
          <SelectField
            name="color"
            disabled={locked}
            label={t('tours:leaders.fields.color')}
            options={TOUR_COLORS.map((color) => ({
              value: color,
              label: t(`tours:leaders.colors.${color}`),
            }))}
          />
        </SimpleGrid>
        <TextareaField
          name="bio"
          label={t('tours:leaders.fields.bio')}
          maxLength={2000}
          rows={3}
          disabled={locked}
        />
        <CheckboxField name="active" label={t('tours:leaders.fields.active')} disabled={locked} />
        {failure !== null && <MessageAlert status="error">{failure}</MessageAlert>}
        {canManage && (
          <HStack>
            <Button type="submit" colorPalette="blue" loading={save.isPending}>
              {t('common:save')}
            </Button>
          </HStack>
        )}
      </Stack>
    </form>
  );
}
