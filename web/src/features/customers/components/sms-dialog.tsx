import { Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  renderSmsTemplate,
  sendSmsInput,
  SMS_MAX_LENGTH,
  SMS_PLACEHOLDERS,
} from '@nine/shared/schemas/customers';
import { OptionSelect } from '../../../components/list-filter-fields.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import {
  applyServerIssues,
  useResetOnOpen,
  useSchemaForm,
} from '../../../components/form/use-schema-form.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useNotify } from '../../../lib/toast.tsx';
import { useSendSms } from '../api/send-sms.ts';
import { newIdempotencyKey } from '../../../lib/random-id.ts';
import { fieldsOf } from '../../../components/form/form-fields.tsx';

const TEMPLATES = ['ready', 'reminder', 'thanks'] as const;
const PLACEHOLDER_LIST = SMS_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ');
type Template = (typeof TEMPLATES)[number];

export interface SmsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  customer: { id: number; first_name: string; last_name: string; phone: string | null };
}

/** Send SMS: a template to start from, its placeholders filled in by the server, sent through the transport. */
export function SmsDialog({ open, onOpenChange, customer }: SmsDialogProps) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const send = useSendSms(customer.id);
  const [template, setTemplate] = useState<Template | ''>('');
  const [key, setKey] = useState(newIdempotencyKey);
  const form = useSchemaForm(sendSmsInput, {
    defaultValues: { text: '' },
    messages: { text: 'customers:sms.text_required' },
  });
  useResetOnOpen(form, {
    open,
    record: customer.id,
    values: () => ({ text: '' }),
    onOpen: () => {
      setTemplate('');
      setKey(newIdempotencyKey());
      send.reset();
    },
  });
  const text = useWatch({ control: form.control, name: 'text' });

  // Placeholders stay as they are: the server fills them in for the customer.
  const templateText = (name: Template) =>
    t(`customers:sms.template_texts.${name}`, {
      first_name: '{{first_name}}',
      name: '{{name}}',
      interpolation: { escapeValue: false },
    });

  const trimmed = text.trim();

  const submit = form.handleSubmit((body) => {
    if (send.isPending || customer.phone === null) return;
    send.mutate(
      { text: body.text, idempotencyKey: key },
      {
        onSuccess: () => {
          notify({
            type: 'success',
            title: t('customers:sms.sent_title'),
            message: t('customers:sms.sent', { phone: customer.phone }),
          });
          onOpenChange(false);
        },
        // A new attempt after a failure is a new message.
        onError: (error) => {
          setKey(newIdempotencyKey());
          if (applyServerIssues(form, error)) send.reset();
        },
      },
    );
  });

  const { TextareaField } = fieldsOf(form.control);
  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title={t('customers:sms.title')}
      onSubmit={() => void submit()}
      saving={send.isPending}
      submitLabel={t('customers:sms.send')}
      submitDisabled={customer.phone === null}
      error={send.error?.message ?? null}
      closeButton
    >
      <Text>
        {customer.phone === null
          ? t('customers:sms.no_phone')
          : t('customers:sms.to', {
              name: `${customer.first_name} ${customer.last_name}`.trim(),
              phone: customer.phone,
            })}
      </Text>
      <OptionSelect
        label={t('customers:sms.template')}
        emptyLabel={t('customers:sms.templates.blank')}
        options={TEMPLATES.map((name) => ({
          value: name,
          label: t(`customers:sms.templates.${name}`),
        }))}
        value={template}
        onChange={(value) => {
          const next = value as Template | '';
          setTemplate(next);
          if (next !== '') form.setValue('text', templateText(next), { shouldDirty: true });
        }}
      />
      <TextareaField
        name="text"
        label={t('customers:sms.text')}
        required
        rows={5}
        maxLength={SMS_MAX_LENGTH}
        helperText={`${t('customers:sms.placeholders', { list: PLACEHOLDER_LIST })} · ${t(
          'customers:sms.length',
          { count: text.length, max: SMS_MAX_LENGTH },
        )}`}
      />
      {trimmed !== '' && (
        <Stack gap="1">
          <Text fontSize="sm" fontWeight="semibold">
            {t('customers:sms.preview')}
          </Text>
          <Text fontSize="sm" whiteSpace="pre-wrap" data-testid="sms-preview">
            {renderSmsTemplate(trimmed, customer)}
          </Text>
        </Stack>
      )}
    </FormDialog>
  );
}
