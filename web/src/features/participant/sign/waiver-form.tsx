import { Box, Button, Checkbox, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { errorCatalogue } from '@nine/shared/errors';
import { waiverSignInput } from '@nine/shared/schemas/tours/participants';
import type { PublicTerms } from '@nine/shared/schemas/tours/public';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import { SubmitForm } from '../../../components/form/submit-form.tsx';
import { applyServerIssues, useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { SignaturePadField } from '../../../components/signature-pad.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { signWaiver } from '../api/sign-waiver.ts';
import { usePublicSend } from '../public-failure.tsx';

export interface WaiverFormProps {
  token: string;
  terms: PublicTerms;
  /** The server's consent sentence in the page's language: the waiver records exactly this text. */
  consentText: string;
  participantId: number;
  /** How the participant is named on the page (their full name right after adding them). */
  participantName: string;
  /** Prefilled as the signer when the participant signs for themself. */
  defaultSigner: string;
  /** The age group requires a guardian, or the participant is a minor: nobody else may sign. */
  guardianRequired: boolean;
  onSigned(): void;
  /** Someone signed meanwhile, or the terms changed: the page reads its summary again. */
  onStale(): void;
  onCancel(): void;
}

const CODES = errorCatalogue;

/**
 * The terms in force, and the participant's (or their guardian's) drawn signature under them. The terms' HTML
 * is the server's rendering of validated rich text, the one place this page sets HTML.
 */
export function WaiverForm({
  token,
  terms,
  consentText,
  participantId,
  participantName,
  defaultSigner,
  guardianRequired,
  onSigned,
  onStale,
  onCancel,
}: WaiverFormProps) {
  const { t } = useAppTranslation();
  const form = useSchemaForm(waiverSignInput, {
    defaultValues: {
      term_version_id: terms.version_id,
      signer_name: guardianRequired ? '' : defaultSigner,
      signer_role: guardianRequired ? 'guardian' : 'self',
      guardian_relation: null,
      signature_png: '',
    },
    messages: {
      consent: 'participant:sign.consent_required',
      signature_png: 'participant:sign.signature_required',
    },
  });
  const { TextField, CheckboxField } = fieldsOf(form.control);
  const role = form.watch('signer_role');
  const { busy, failure, send } = usePublicSend();
  const [padKey, setPadKey] = useState(0);
  const guardian = role === 'guardian';

  const submit = form.handleSubmit((values) =>
    send(
      async () => {
        await signWaiver(token, participantId, values);
        onSigned();
      },
      (error) => {
        if (applyServerIssues(form, error)) return true;
        const code = error instanceof ApiError ? error.respCode : null;
        if (code === CODES.guardianRequired.code) {
          form.setValue('signer_role', 'guardian');
          form.setError(
            'guardian_relation',
            { message: t('errors:guardianRequired') },
            { shouldFocus: true },
          );
          return true;
        }
        if (code === CODES.signatureInvalid.code) {
          form.setValue('signature_png', '');
          setPadKey((n) => n + 1);
          form.setError('signature_png', { message: t('errors:signatureInvalid') });
          return true;
        }
        if (code === CODES.waiverSigned.code || code === CODES.termsNotPublished.code) onStale();
        return false;
      },
    ),
  );

  return (
    <SubmitForm onSubmit={submit} aria-label={t('participant:sign.sign_for', { name: participantName })}>
      <Stack gap="4">
        <Heading as="h3" size="md">
          {t('participant:sign.sign_for', { name: participantName })}
        </Heading>
        <Stack gap="2">
          <Text fontWeight="semibold">
            {t('participant:sign.terms_heading', { title: terms.title, number: terms.number })}
          </Text>
          <Box
            role="region"
            aria-label={terms.title}
            tabIndex={0}
            maxH="50vh"
            overflowY="auto"
            borderWidth="1px"
            borderRadius="l2"
            p="3"
            fontSize="sm"
            css={{ '& p': { marginBottom: '2' }, '& ul, & ol': { paddingInlineStart: '5' } }}
            // The server renders it from validated rich text (see above); nothing else here sets HTML.
            dangerouslySetInnerHTML={{ __html: terms.body_html }}
          />
        </Stack>
        {guardianRequired ? (
          <MessageAlert status="info" role="status">
            {t('participant:sign.guardian_needed')}
          </MessageAlert>
        ) : (
          <Checkbox.Root
            checked={guardian}
            onCheckedChange={(details) => {
              const byGuardian = details.checked === true;
              form.setValue('signer_role', byGuardian ? 'guardian' : 'self');
              // The name prefilled for the participant is not the guardian's; back to self, it returns.
              form.setValue('signer_name', byGuardian ? '' : defaultSigner);
              if (!byGuardian) form.setValue('guardian_relation', null);
            }}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('participant:sign.guardian_signs')}</Checkbox.Label>
          </Checkbox.Root>
        )}
        <TextField
          name="signer_name"
          label={guardian ? t('participant:sign.guardian_name') : t('participant:sign.signer_name')}
          required
          autoComplete="name"
        />
        {guardian && (
          <TextField
            name="guardian_relation"
            label={t('participant:sign.guardian_relation')}
            helperText={t('participant:sign.guardian_relation_hint')}
            required
          />
        )}
        <SignaturePadField
          key={padKey}
          label={guardian ? t('participant:sign.guardian_signature') : undefined}
          error={form.formState.errors.signature_png?.message}
          onChange={(png) =>
            form.setValue('signature_png', png ?? '', { shouldValidate: form.formState.isSubmitted })
          }
        />
        <CheckboxField
          name="consent"
          label={consentText || t('participant:sign.consent', { title: terms.title })}
        />
        {failure !== null && <MessageAlert status="error">{failure}</MessageAlert>}
        <HStack gap="3" wrap="wrap">
          <Button type="submit" size="lg" loading={busy}>
            {t('participant:sign.sign_submit')}
          </Button>
          <Button variant="ghost" size="lg" onClick={onCancel}>
            {t('participant:sign.cancel')}
          </Button>
        </HStack>
      </Stack>
    </SubmitForm>
  );
}
