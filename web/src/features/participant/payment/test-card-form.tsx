import { Button, HStack, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { testCardForm, type OnlinePaymentIntent } from '@nine/shared/schemas/online-payments';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import { SubmitForm } from '../../../components/form/submit-form.tsx';
import { applyServerIssues, useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useConfirmTestPayment } from '../api/payment/confirm-test-payment.ts';
import { publicFailureText } from '../public-failure.tsx';

/**
 * The test provider's card form, labelled like a real one (the block above it says "test mode"). The server decides by
 * the number alone (4242… pays, 4000 0000 0000 0002 is declined) and has recorded the payment when it answers.
 */
export function TestCardForm({
  token,
  intent,
  amountLabel,
  onPaid,
  onCancel,
}: {
  token: string;
  intent: OnlinePaymentIntent;
  /** The amount as shown on the pay button ($56.29). */
  amountLabel: string;
  onPaid(): void;
  onCancel(): void;
}) {
  const { t } = useAppTranslation();
  const form = useSchemaForm(testCardForm, {
    defaultValues: { card_number: '', expiry: '', cvc: '' },
    messages: {
      // A real card's number (4111…) is well formed but means nothing here: the server's `test_card_unknown`
      // says which numbers test mode takes.
      card_number: {
        test_card_unknown: 'participant:payment.test_card_unknown',
        '*': 'participant:payment.card_number_invalid',
      },
      expiry: 'participant:payment.expiry_invalid',
      cvc: 'participant:payment.cvc_invalid',
    },
  });
  const { TextField } = fieldsOf(form.control);
  // The form opens ready to type.
  useEffect(() => form.setFocus('card_number'), [form]);
  const confirm = useConfirmTestPayment(token);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await confirm.mutateAsync({
        ref: intent.intent_id,
        body: { card_number: values.card_number, client_secret: intent.client_secret },
      });
      if (result.status === 'succeeded') onPaid();
      else setFailure(t('participant:payment.declined'));
    } catch (error) {
      if (applyServerIssues(form, error)) return;
      setFailure(publicFailureText(error, t));
    }
  });

  return (
    <SubmitForm onSubmit={submit} aria-label={t('participant:payment.card_form')}>
      <Stack gap="4">
        <TextField
          name="card_number"
          label={t('participant:payment.card_number')}
          required
          inputMode="numeric"
          autoComplete="cc-number"
        />
        <HStack gap="4" align="flex-start">
          <TextField
            name="expiry"
            label={t('participant:payment.expiry')}
            required
            inputMode="numeric"
            autoComplete="cc-exp"
          />
          <TextField
            name="cvc"
            label={t('participant:payment.cvc')}
            required
            inputMode="numeric"
            autoComplete="cc-csc"
          />
        </HStack>
        {failure !== null && <MessageAlert status="error">{failure}</MessageAlert>}
        <HStack gap="3">
          <Button type="submit" size="lg" loading={confirm.isPending}>
            {t('participant:payment.pay', { amount: amountLabel })}
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={confirm.isPending}>
            {t('participant:payment.cancel')}
          </Button>
        </HStack>
      </Stack>
    </SubmitForm>
  );
}
