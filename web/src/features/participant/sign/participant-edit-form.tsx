import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { errorCatalogue } from '@nine/shared/errors';
import {
  publicParticipantUpdate,
  type PublicParticipant,
  type PublicParticipantPage,
} from '@nine/shared/schemas/tours/public';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import { SubmitForm } from '../../../components/form/submit-form.tsx';
import { applyServerIssues, useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { updateParticipant } from '../api/update-participant.ts';
import { usePublicSend } from '../public-failure.tsx';
import { AgeGroupField } from './participant-form.tsx';

export interface ParticipantEditFormProps {
  token: string;
  page: PublicParticipantPage;
  participant: PublicParticipant;
  onSaved(participant: PublicParticipant): void;
  /** Someone changed or signed for the participant meanwhile: the page reads its summary again. */
  onStale(): void;
  onCancel(): void;
}

/**
 * Corrects a participant nobody has signed for yet. The page knows only their first name and age group (it
 * shows others no more than a first name and initial), so those are what can be corrected here; the rest
 * is kept as entered (the body carries only these fields).
 */
export function ParticipantEditForm({
  token,
  page,
  participant,
  onSaved,
  onStale,
  onCancel,
}: ParticipantEditFormProps) {
  const { t } = useAppTranslation();
  const isTour = page.order.kind === 'tour';
  const form = useSchemaForm(publicParticipantUpdate, {
    defaultValues: {
      first_name: participant.first_name,
      ...(isTour ? { age_group_id: participant.age_group_id } : {}),
      version: participant.version,
    },
  });
  const { TextField } = fieldsOf(form.control);
  const { busy, failure, send } = usePublicSend();

  const submit = form.handleSubmit((values) =>
    send(
      async () => {
        // Only the fields this form edits (the schema's defaults would add an empty `answers`).
        const body = {
          first_name: values.first_name,
          ...(isTour ? { age_group_id: values.age_group_id } : {}),
          version: values.version,
        };
        onSaved(await updateParticipant(token, participant.id, body));
      },
      (error) => {
        if (applyServerIssues(form, error)) return true;
        const code = error instanceof ApiError ? error.respCode : null;
        if (code === errorCatalogue.ageGroupMismatch.code) {
          form.setError('age_group_id', { message: t('errors:ageGroupMismatch') }, { shouldFocus: true });
          return true;
        }
        if (
          code === errorCatalogue.versionConflict.code ||
          code === errorCatalogue.waiverSigned.code ||
          code === errorCatalogue.participantsExceedSeats.code
        )
          onStale();
        return false;
      },
    ),
  );

  return (
    <SubmitForm
      onSubmit={submit}
      aria-label={t('participant:sign.edit_for', { name: participant.first_name })}
    >
      <Stack gap="4">
        <Text color="fg.muted">{t('participant:sign.edit_hint')}</Text>
        <TextField
          name="first_name"
          label={t('participant:sign.first_name')}
          required
          autoComplete="given-name"
        />
        {isTour && (
          <AgeGroupField
            control={form.control}
            page={page}
            label={t('participant:sign.age_group')}
            current={participant.age_group_id}
          />
        )}
        {failure !== null && <MessageAlert status="error">{failure}</MessageAlert>}
        <HStack gap="3" wrap="wrap">
          <Button type="submit" loading={busy} size="lg">
            {t('participant:sign.edit_submit')}
          </Button>
          <Button variant="ghost" size="lg" onClick={onCancel}>
            {t('participant:sign.cancel')}
          </Button>
        </HStack>
      </Stack>
    </SubmitForm>
  );
}
