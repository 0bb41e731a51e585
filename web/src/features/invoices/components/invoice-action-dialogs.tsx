import { Button, Stack, Text } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { adhocChargeForm, creditNoteCreate, type AdhocChargeCreate } from '@nine/shared/schemas/invoices';
import { DialogFrame } from '../../../components/dialog-frame.tsx';
import { applyServerIssues, useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { fieldsOf } from '../../../components/form/form-fields.tsx';

interface FormDialogProps {
  open: boolean;
  title: string;
  intro: string;
  submitLabel: string;
  sending: boolean;
  error: string | null;
  canSubmit: boolean;
  danger?: boolean;
  onSubmit(): void;
  onDismiss(): void;
  onExitComplete?(): void;
  children?: ReactNode;
}

function FormDialog(props: FormDialogProps) {
  const { t } = useAppTranslation();
  const formId = useId();
  return (
    <DialogFrame
      open={props.open}
      role={props.danger ? 'alertdialog' : 'dialog'}
      onDismiss={() => {
        if (!props.sending) props.onDismiss();
      }}
      onExitComplete={props.onExitComplete}
      title={props.title}
      footer={
        <>
          <Button variant="outline" onClick={props.onDismiss} disabled={props.sending}>
            {t('money:invoices.actions.cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            colorPalette={props.danger ? 'red' : 'blue'}
            disabled={!props.canSubmit}
            loading={props.sending}
          >
            {props.submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault();
          if (props.canSubmit && !props.sending) props.onSubmit();
        }}
      >
        <Stack gap="4">
          <Text>{props.intro}</Text>
          {props.error !== null && <MessageAlert status="error">{props.error}</MessageAlert>}
          {props.children}
        </Stack>
      </form>
    </DialogFrame>
  );
}

export interface ActionDialogProps<T> {
  open: boolean;
  sending: boolean;
  error: string | null;
  onSubmit(value: T): void;
  onDismiss(): void;
}

/** Posting asks once: a posted invoice never changes again. */
export function PostInvoiceDialog({ number, ...props }: ActionDialogProps<void> & { number: number }) {
  const { t } = useAppTranslation();
  return (
    <FormDialog
      {...props}
      danger
      title={t('money:invoices.actions.post_title', { number })}
      intro={t('money:invoices.actions.post_intro')}
      submitLabel={t('money:invoices.actions.post')}
      canSubmit
      onSubmit={() => props.onSubmit()}
    />
  );
}

/** A credit note reverses the posted invoice in full; it asks why. */
export function CreditNoteDialog({ number, ...props }: ActionDialogProps<string> & { number: number }) {
  const { t } = useAppTranslation();
  // Checked as typed: Create credit note waits for a reason.
  const form = useSchemaForm(creditNoteCreate, { defaultValues: { reason: '' }, mode: 'onChange' });
  const submit = form.handleSubmit(({ reason }) => props.onSubmit(reason));
  // Read in render (isValid would come a tick late for a click right after typing).
  const valid = creditNoteCreate.safeParse(useWatch({ control: form.control })).success;
  const { TextareaField } = fieldsOf(form.control);
  return (
    <FormDialog
      {...props}
      danger
      title={t('money:invoices.actions.credit_title', { number })}
      intro={t('money:invoices.actions.credit_intro')}
      submitLabel={t('money:invoices.actions.credit_submit')}
      canSubmit={valid}
      onSubmit={() => void submit()}
      onExitComplete={() => form.reset()}
    >
      <TextareaField name="reason" label={t('money:invoices.actions.reason')} required maxLength={500} />
    </FormDialog>
  );
}

const ADHOC_DEFAULTS = {
  description: '',
  quantity: '1',
  // Empty until typed; the schema refuses it as required.
  unit_price_minor: null as unknown as number,
  taxable: true,
};

/** An ad-hoc charge (add_adhoc_to_order): description, quantity and unit price; taxed unless unticked. */
export function AdhocChargeDialog(
  props: Omit<ActionDialogProps<AdhocChargeCreate>, 'onSubmit'> & {
    currencySymbol: string;
    /** `fieldIssues` puts a refusal's field issues on the form; true when it did (no form-level error then). */
    onSubmit(charge: AdhocChargeCreate, fieldIssues: (error: unknown) => boolean): void;
  },
) {
  const { t } = useAppTranslation();
  // Checked as typed: Add charge waits for a valid charge.
  const form = useSchemaForm(adhocChargeForm, {
    defaultValues: ADHOC_DEFAULTS,
    messages: { unit_price_minor: 'money:invoices.actions.amount_invalid' },
    mode: 'onChange',
  });
  const submit = form.handleSubmit((charge) =>
    props.onSubmit(charge, (error) => applyServerIssues(form, error)),
  );
  // Read in render (isValid would come a tick late for a click right after typing).
  const valid = adhocChargeForm.safeParse(useWatch({ control: form.control })).success;
  const { control } = form;
  const { CheckboxField, MoneyField, TextField } = fieldsOf(control);
  return (
    <FormDialog
      {...props}
      title={t('money:invoices.actions.adhoc_title')}
      intro={t('money:invoices.actions.adhoc_intro')}
      submitLabel={t('money:invoices.actions.adhoc_submit')}
      canSubmit={valid}
      onSubmit={() => void submit()}
      onExitComplete={() => form.reset(ADHOC_DEFAULTS)}
    >
      <TextField
        name="description"
        label={t('money:invoices.actions.description')}
        required
        autoFocus
        maxLength={200}
      />
      <TextField name="quantity" label={t('money:invoices.actions.quantity')} required inputMode="numeric" />
      <MoneyField
        name="unit_price_minor"
        label={t('money:invoices.actions.unit_price', { symbol: props.currencySymbol })}
        required
      />
      <CheckboxField name="taxable" label={t('money:invoices.actions.taxable')} />
    </FormDialog>
  );
}
