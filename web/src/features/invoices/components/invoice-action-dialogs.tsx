import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  Field,
  Input,
  Portal,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import type { AdhocChargeCreate } from '@nine/shared/schemas/invoices';
import { parseMoneyInput } from '@nine/shared/money';
import { useAppTranslation } from '../../../lib/i18n.ts';

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
    <Dialog.Root
      open={props.open}
      role={props.danger ? 'alertdialog' : 'dialog'}
      onOpenChange={(details) => {
        if (!details.open && !props.sending) props.onDismiss();
      }}
      onExitComplete={props.onExitComplete}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form
                id={formId}
                onSubmit={(event) => {
                  event.preventDefault();
                  if (props.canSubmit && !props.sending) props.onSubmit();
                }}
              >
                <Stack gap="4">
                  <Text>{props.intro}</Text>
                  {props.error !== null && (
                    <Alert.Root status="error" role="alert">
                      <Alert.Indicator />
                      <Alert.Description>{props.error}</Alert.Description>
                    </Alert.Root>
                  )}
                  {props.children}
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
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
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
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
  const [reason, setReason] = useState('');
  return (
    <FormDialog
      {...props}
      danger
      title={t('money:invoices.actions.credit_title', { number })}
      intro={t('money:invoices.actions.credit_intro')}
      submitLabel={t('money:invoices.actions.credit_submit')}
      canSubmit={reason.trim() !== ''}
      onSubmit={() => props.onSubmit(reason.trim())}
      onExitComplete={() => setReason('')}
    >
      <Field.Root required>
        <Field.Label>{t('money:invoices.actions.reason')}</Field.Label>
        <Textarea
          autoFocus
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
      </Field.Root>
    </FormDialog>
  );
}

/** An ad-hoc charge (add_adhoc_to_order): description, quantity and unit price; taxed unless unticked. */
export function AdhocChargeDialog(props: ActionDialogProps<AdhocChargeCreate> & { currencySymbol: string }) {
  const { t } = useAppTranslation();
  const [description, setDescription] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [price, setPrice] = useState('');
  const [taxable, setTaxable] = useState(true);
  const unit = parseMoneyInput(price);
  const count = /^\d{1,5}$/.test(quantity.trim()) ? Number(quantity) : 0;
  const valid = description.trim() !== '' && count >= 1 && count <= 10_000 && unit !== null && unit > 0;
  return (
    <FormDialog
      {...props}
      title={t('money:invoices.actions.adhoc_title')}
      intro={t('money:invoices.actions.adhoc_intro')}
      submitLabel={t('money:invoices.actions.adhoc_submit')}
      canSubmit={valid}
      onSubmit={() =>
        props.onSubmit({ description: description.trim(), quantity: count, unit_price_minor: unit!, taxable })
      }
      onExitComplete={() => {
        setDescription('');
        setQuantity('1');
        setPrice('');
        setTaxable(true);
      }}
    >
      <Field.Root required>
        <Field.Label>{t('money:invoices.actions.description')}</Field.Label>
        <Input
          autoFocus
          maxLength={200}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
      </Field.Root>
      <Field.Root required invalid={quantity !== '' && count < 1}>
        <Field.Label>{t('money:invoices.actions.quantity')}</Field.Label>
        <Input
          inputMode="numeric"
          value={quantity}
          onChange={(event) => setQuantity(event.currentTarget.value)}
        />
      </Field.Root>
      <Field.Root required invalid={price !== '' && (unit === null || unit <= 0)}>
        <Field.Label>{t('money:invoices.actions.unit_price', { symbol: props.currencySymbol })}</Field.Label>
        <Input inputMode="decimal" value={price} onChange={(event) => setPrice(event.currentTarget.value)} />
        <Field.ErrorText>{t('money:invoices.actions.amount_invalid')}</Field.ErrorText>
      </Field.Root>
      <Checkbox.Root checked={taxable} onCheckedChange={(details) => setTaxable(details.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('money:invoices.actions.taxable')}</Checkbox.Label>
      </Checkbox.Root>
    </FormDialog>
  );
}
