import { Box, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import {
  waiverSignInput,
  type OrderParticipants,
  type TourParticipant,
  type WaiverSignInput,
} from '@nine/shared/schemas/tours/participants';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import {
  applyServerIssues,
  useResetOnOpen,
  useSchemaForm,
} from '../../../components/form/use-schema-form.ts';
import { QueryError } from '../../../components/query-error.tsx';
import { RichTextView } from '../../../components/rich-text-editor.tsx';
import { SignaturePadField } from '../../../components/signature-pad.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { saveFailureText } from '../../../lib/save-failure.ts';
import { useTourTermVersion } from '../api/settings/get-tour-term-version.ts';
import { useSignWaiver } from '../api/reservation/sign-waiver.ts';

/** Whether this participant's waiver must be signed by a guardian (their age group says so). */
export function guardianRequired(data: OrderParticipants, participant: TourParticipant): boolean {
  return data.seats.some((seat) => seat.age_group_id === participant.age_group_id && seat.guardian_required);
}

const valuesOf = (
  termVersionId: number,
  participant: TourParticipant | null,
  guardian: boolean,
): WaiverSignInput => ({
  term_version_id: termVersionId,
  signer_name:
    guardian || participant === null ? '' : `${participant.first_name} ${participant.last_name}`.trim(),
  signer_role: guardian ? 'guardian' : 'self',
  guardian_relation: '',
  signature_png: '',
  // Unticked until the signer agrees; the schema wants true.
  consent: false as true,
});

export interface SignWaiverDialogProps {
  open: boolean;
  onClose(): void;
  data: OrderParticipants;
  /** Who signs (or for whom a guardian signs); null keeps the dialog closed. */
  participant: TourParticipant | null;
}

/**
 * Signing at the counter (a tablet handed to the customer): the terms in force to read, the signer's name,
 * a guardian for a minor, the signature pad and the consent box. A signed waiver is never edited; signing
 * again makes a new one that supersedes it.
 */
export function SignWaiverDialog({ open, onClose, data, participant }: SignWaiverDialogProps) {
  const { t } = useAppTranslation();
  const terms = data.terms;
  const guardian = participant !== null && guardianRequired(data, participant);
  const version = useTourTermVersion(open && terms !== null ? terms.version_id : null);
  const sign = useSignWaiver();
  const form = useSchemaForm(waiverSignInput, {
    defaultValues: valuesOf(terms?.version_id ?? 0, participant, guardian),
    messages: {
      signature_png: 'tours:participants.sign.signature_required',
      consent: 'tours:participants.sign.consent_required',
      guardian_relation: 'tours:participants.sign.relation_required',
    },
  });
  useResetOnOpen(form, {
    open,
    record: participant?.id,
    values: () => valuesOf(terms?.version_id ?? 0, participant, guardian),
    onOpen: () => sign.reset(),
  });
  const role = useWatch({ control: form.control, name: 'signer_role' });
  // The participant's name is theirs, not a guardian's: switching to a guardian asks for the signer's own.
  const previousRole = useRef(role);
  useEffect(() => {
    if (previousRole.current === role) return;
    previousRole.current = role;
    if (role === 'guardian') form.setValue('signer_name', '');
    else if (participant !== null)
      form.setValue('signer_name', `${participant.first_name} ${participant.last_name}`.trim());
  }, [role, form, participant]);
  const submit = form.handleSubmit((body) => {
    if (participant === null) return;
    sign.mutate(
      { participantId: participant.id, body },
      { onSuccess: onClose, onError: (error) => applyServerIssues(form, error) && sign.reset() },
    );
  });
  const signatureError = form.formState.errors.signature_png?.message;
  const { TextField, SelectField, CheckboxField } = fieldsOf(form.control);
  const name = participant === null ? '' : `${participant.first_name} ${participant.last_name}`.trim();

  return (
    <FormDialog
      open={open && participant !== null}
      onClose={onClose}
      title={t('tours:participants.sign.title', { name })}
      onSubmit={() => void submit()}
      saving={sign.isPending}
      submitLabel={t('tours:participants.sign.submit')}
      // Nobody signs terms they could not read.
      submitDisabled={terms === null || version.data === undefined}
      error={saveFailureText(sign.error, t('tours:participants.conflict'))}
      size="xl"
      scrollInside
    >
      {terms === null ? (
        <Text role="alert">{t('tours:participants.sign.no_terms')}</Text>
      ) : (
        <Stack gap="4">
          <Stack gap="1">
            <Text fontWeight="semibold">
              {t('tours:participants.sign.terms', { title: terms.title, number: terms.number })}
            </Text>
            <Box
              borderWidth="1px"
              borderRadius="l2"
              p="3"
              maxH="48"
              overflowY="auto"
              tabIndex={0}
              aria-label={t('tours:participants.sign.terms_text')}
            >
              {version.data ? (
                <RichTextView html={version.data.body_html} />
              ) : version.isError ? (
                <QueryError
                  error={version.error}
                  title={t('tours:participants.sign.terms_failed')}
                  onRetry={() => void version.refetch()}
                  retrying={version.isFetching}
                />
              ) : (
                <Text color="fg.muted">{t('common:loading')}</Text>
              )}
            </Box>
          </Stack>
          {guardian && <Text color="fg.warning">{t('tours:participants.sign.guardian_needed')}</Text>}
          {/* A minor's waiver is a guardian's: no choice to make (a disabled field would not be sent). */}
          {!guardian && (
            <SelectField
              name="signer_role"
              label={t('tours:participants.sign.role')}
              required
              options={[
                { value: 'self', label: t('tours:participants.sign.role_self') },
                { value: 'guardian', label: t('tours:participants.sign.role_guardian') },
              ]}
            />
          )}
          <TextField
            name="signer_name"
            label={t('tours:participants.sign.signer_name')}
            required
            maxLength={160}
            autoComplete="off"
          />
          {role === 'guardian' && (
            <TextField
              name="guardian_relation"
              label={t('tours:participants.sign.relation')}
              required
              maxLength={60}
            />
          )}
          <SignaturePadField
            label={t('tours:participants.sign.signature')}
            error={signatureError}
            onChange={(png) =>
              form.setValue('signature_png', png ?? '', { shouldValidate: form.formState.isSubmitted })
            }
          />
          {/* The server's sentence, in this language: the waiver records exactly what the signer agreed to. */}
          <CheckboxField name="consent" label={data.consent_text} />
        </Stack>
      )}
    </FormDialog>
  );
}
