import { Button, Stack, Text } from '@chakra-ui/react';
import { KIOSK_PHONE_MIN_DIGITS } from '@nine/shared/schemas/kiosk';
import { easySignLookup as lookupSchema } from '@nine/shared/schemas/tours/public';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import { SubmitForm } from '../../../components/form/submit-form.tsx';
import { applyServerIssues, useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { easySignLookup } from '../api/easy-sign-lookup.ts';
import { usePublicSend } from '../public-failure.tsx';

/** A booking number as printed or typed ("#1042", "0001042", "1 042"): its digits, without leading zeros. */
export function bookingNumberDigits(value: string): string | null {
  const text = value.replace(/\s+/g, '').replace(/^#/, '');
  if (!/^\d+$/.test(text)) return null;
  return text.replace(/^0+(?=\d)/, '');
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An e-mail address, or a phone with enough digits to match the booking's (as the server compares them). */
const contactUsable = (value: string) =>
  value.includes('@') ? EMAIL.test(value.trim()) : value.replace(/\D/g, '').length >= KIOSK_PHONE_MIN_DIGITS;

// The shared body plus what the server would only answer with a silent miss: says so at the field.
const lookupForm = lookupSchema.superRefine(
  (parsed, ctx) => {
    const values: Partial<typeof parsed> = parsed;
    if (values.order_number && bookingNumberDigits(values.order_number) === null)
      ctx.addIssue({ code: 'custom', message: 'digits_only', path: ['order_number'] });
    if (values.contact && !contactUsable(values.contact))
      ctx.addIssue({ code: 'custom', message: 'contact_invalid', path: ['contact'] });
  },
  { when: () => true },
);

/**
 * Finds a booking by its number and the phone or e-mail on it, and hands the short-lived token it answers
 * to `onFound`. A miss says only that nothing matched (the server answers the same 404 for any miss).
 */
export function EasySignForm({ onFound }: { onFound(token: string): void }) {
  const { t } = useAppTranslation();
  const form = useSchemaForm(lookupForm, {
    defaultValues: { order_number: '', contact: '' },
    messages: {
      order_number: { digits_only: 'participant:easySign.order_number_digits' },
      contact: {
        contact_invalid: 'participant:easySign.contact_invalid',
        too_short: 'participant:easySign.contact_invalid',
      },
    },
  });
  const { TextField } = fieldsOf(form.control);
  const { busy, failure, send } = usePublicSend();

  const submit = form.handleSubmit((values) =>
    send(
      async () => {
        const { token } = await easySignLookup({
          ...values,
          order_number: bookingNumberDigits(values.order_number) ?? values.order_number,
        });
        onFound(token);
      },
      (error) =>
        applyServerIssues(form, error) ||
        (error instanceof ApiError && error.status === 404 ? t('participant:easySign.not_found') : false),
    ),
  );

  return (
    <SubmitForm onSubmit={submit} aria-label={t('participant:easySign.title')}>
      <Stack gap="4">
        <Text color="fg.muted">{t('participant:easySign.intro')}</Text>
        <TextField
          name="order_number"
          label={t('participant:easySign.order_number')}
          helperText={t('participant:easySign.order_number_hint')}
          required
          autoComplete="off"
          inputMode="numeric"
        />
        <TextField
          name="contact"
          label={t('participant:easySign.contact')}
          helperText={t('participant:easySign.contact_hint')}
          required
          autoComplete="off"
        />
        {failure !== null && <MessageAlert status="error">{failure}</MessageAlert>}
        <Button type="submit" size="lg" loading={busy} alignSelf="flex-start">
          {t('participant:easySign.submit')}
        </Button>
      </Stack>
    </SubmitForm>
  );
}
