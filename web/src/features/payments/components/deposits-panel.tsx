import { Badge, Box, Button, Field, HStack, List, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import type { PaymentMethod } from '@nine/shared/schemas/money';
import { depositForm, type DepositForm } from '@nine/shared/schemas/payment-forms';
import type { OrderMoney } from '@nine/shared/schemas/payments';
import { applyServerIssues, useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { SubmitForm } from '../../../components/form/submit-form.tsx';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { newIdempotencyKey } from '../../../lib/random-id.ts';
import { moveDeposit } from '../api/move-deposit.ts';
import { overrideDeposit } from '../api/override-deposit.ts';
import { BoundedMoneyField } from './bounded-money-field.tsx';
import { moneyFailure } from '../payment-failure.ts';
import { RegisterClosedNotice } from './register-closed-notice.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';

type Move = DepositForm['move'];

/** The methods a deposit is collected or returned by. */
function depositMethods(money: OrderMoney): PaymentMethod[] {
  const methods: PaymentMethod[] = ['cash'];
  if (money.rules.allow_staff_credit_card_entry) methods.push('card');
  if (money.rules.accept_external_payments) methods.push('external');
  return methods;
}

export interface DepositsPanelProps {
  money: OrderMoney;
  format(minor: number): string;
  formatDate(iso: string): string;
  canChange: boolean;
  /** Overriding the required deposit exists for rent orders only. */
  canOverride: boolean;
  onChanged(): void;
  newKey?: () => string;
  /** The cash registers screen (a full browser path), offered when cash finds its register closed. */
  registersHref?: string | undefined;
  /** The counter's register when the location has several: cash held or returned goes through it. */
  cashRegisterId?: number | null;
  /**
   * Bumped by the order view's "Return deposit" (composed by the page): each new value chooses
   * returning the deposit and scrolls to and focuses this form's return button.
   */
  returnRequest?: number;
}

/**
 * The security deposit: collect it into custody, claim part or all for damage with a reason, return
 * (release) the rest; overriding the required amount needs an approver's access key and is logged.
 */
export function DepositsPanel({
  money,
  format,
  formatDate,
  canChange,
  canOverride,
  onChanged,
  newKey = () => newIdempotencyKey(),
  returnRequest = 0,
  registersHref,
  cashRegisterId = null,
}: DepositsPanelProps) {
  const { t } = useAppTranslation();
  const formId = useId();
  const held = money.deposit_held_minor;
  const owed = Math.max(money.deposit_required_minor - held, 0);
  const moves: Move[] = [
    'held',
    ...(held > 0 ? (['claimed', 'returned'] as const) : []),
    ...(canOverride ? (['override'] as const) : []),
  ];
  const amountFor = (next: Move) =>
    next === 'held' ? owed : next === 'override' ? money.deposit_required_minor : held;
  const form = useSchemaForm(depositForm, {
    defaultValues: {
      move: held > 0 ? 'returned' : 'held',
      amount_minor: held > 0 ? held : owed,
      held_minor: held,
      method: 'cash',
      reason: '',
      access_key: '',
    },
    messages: {
      amount_minor: 'money:payments.dialog.amount_invalid',
      reason: 'money:deposits.reason_required',
      access_key: 'money:deposits.key_required',
    },
  });
  const [done, setDone] = useState<string | null>(null);
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const move = form.watch('move');
  const current = moves.includes(move) ? move : 'held';

  const mutation = useMutation({
    mutationFn: async (input: DepositForm) => {
      if (input.move === 'override') {
        await overrideDeposit(money.order_id, {
          deposit_minor: input.amount_minor,
          version: money.order_version,
          comment: input.reason,
          access_key: input.access_key,
        });
        return;
      }
      const body = {
        kind: input.move,
        method: input.method,
        amount_minor: input.amount_minor,
        ...(input.move === 'claimed' ? { reason: input.reason } : {}),
        ...(input.method === 'cash' && cashRegisterId !== null && input.move !== 'claimed'
          ? { cash_register_id: cashRegisterId }
          : {}),
      };
      const fingerprint = JSON.stringify(body);
      if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newKey() };
      await moveDeposit(money.order_id, body, attempt.current.key);
    },
    onSuccess: (_, input) => {
      setDone(t(`money:deposits.done.${input.move}`, { amount: format(input.amount_minor) }));
      form.reset({ ...form.getValues(), reason: '', access_key: '' });
      onChanged();
    },
    onError: (error) => {
      if (applyServerIssues(form, error)) return;
      // A refused key is typed afresh.
      if (moneyFailure(error, t, format).needsAccessKey) form.setValue('access_key', '');
    },
  });
  const failure = mutation.isError ? moneyFailure(mutation.error, t, format) : null;

  const choose = (next: Move) => {
    form.reset({ ...form.getValues(), move: next, amount_minor: amountFor(next) });
    mutation.reset();
    setDone(null);
  };

  const onReturnRequest = useEffectEvent(() => {
    if (held > 0) choose('returned');
    const button = submitButton.current;
    // jsdom has no scrollIntoView; browsers do.
    if (typeof button?.scrollIntoView === 'function') button.scrollIntoView({ block: 'center' });
    button?.focus({ preventScroll: true });
  });
  // Once per request: a refetch of the money must not take the clerk's focus again.
  useEffect(() => {
    if (returnRequest !== 0) onReturnRequest();
  }, [returnRequest]);

  const { SelectField, TextField } = fieldsOf(form.control);
  return (
    <Stack gap="4">
      <HStack gap="6" wrap="wrap">
        <Text>
          {t('money:deposits.required')}: <strong>{format(money.deposit_required_minor)}</strong>
        </Text>
        <Text>
          {t('money:deposits.held')}: <strong>{format(held)}</strong>
        </Text>
        {money.deposit_in_custody && <Badge colorPalette="orange">{t('money:deposits.in_custody')}</Badge>}
      </HStack>
      {money.deposits.length === 0 ? (
        <Text color="fg.muted">{t('money:deposits.none')}</Text>
      ) : (
        <List.Root ps="5" aria-label={t('money:deposits.movements')}>
          {money.deposits.map((d) => (
            <List.Item key={d.id}>
              {t(`money:deposits.line.${d.kind}`, {
                amount: format(d.amount_minor),
                method: t(`money:payments.methods.${d.method}`),
                date: formatDate(d.created_at),
              })}
              {d.reason ? ` — ${d.reason}` : ''}
            </List.Item>
          ))}
        </List.Root>
      )}
      {canChange && (
        <SubmitForm
          display="flex"
          flexDirection="column"
          id={formId}
          gap="3"
          aria-label={t('money:deposits.form')}
          onSubmit={() => {
            if (mutation.isPending) return;
            // The order as it stands now: its deposit held bounds a claim or a return.
            form.setValue('held_minor', held);
            if (move !== current) form.setValue('move', current);
            void form.handleSubmit((input) => mutation.mutate(input))();
          }}
        >
          <Field.Root maxW="xs">
            <Field.Label>{t('money:deposits.action')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                value={current}
                onChange={(event) => choose(event.currentTarget.value as Move)}
              >
                {moves.map((m) => (
                  <option key={m} value={m}>
                    {t(`money:deposits.actions.${m}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <HStack gap="3" align="flex-start" wrap="wrap">
            <Box width="36">
              <BoundedMoneyField
                control={form.control}
                name="amount_minor"
                required
                label={current === 'override' ? t('money:deposits.new_required') : t('money:deposits.amount')}
                wordBound={() => t('money:payments.errors.exceeds_deposit_held', { amount: format(held) })}
              />
            </Box>
            {(current === 'held' || current === 'returned') && (
              <Box width="44">
                <SelectField
                  name="method"
                  label={t('money:payments.dialog.method')}
                  options={depositMethods(money).map((m) => ({
                    value: m,
                    label: t(`money:payments.methods.${m}`),
                  }))}
                />
              </Box>
            )}
            {current !== 'held' && current !== 'returned' && (
              <Box flex="1" minW="48">
                <TextField
                  name="reason"
                  required
                  maxLength={500}
                  label={current === 'override' ? t('money:deposits.comment') : t('money:deposits.reason')}
                />
              </Box>
            )}
            {current === 'override' && (
              <Box width="44">
                <TextField
                  name="access_key"
                  required
                  type="password"
                  autoComplete="off"
                  maxLength={64}
                  label={t('money:deposits.approver_key')}
                />
              </Box>
            )}
            <Button ref={submitButton} type="submit" size="sm" mt="6" loading={mutation.isPending}>
              {t(`money:deposits.submit.${current}`)}
            </Button>
          </HStack>
          {failure !== null && failure.closedRegister === null && (
            <MessageAlert status="error">{failure.message}</MessageAlert>
          )}
          <Text role="status" fontSize="sm" color="fg.success">
            {done ?? ''}
          </Text>
        </SubmitForm>
      )}
      {/* Outside the form: opening the register must not move the deposit typed above. */}
      {canChange && failure?.closedRegister && (
        <RegisterClosedNotice
          register={failure.closedRegister}
          format={format}
          registersHref={registersHref}
        />
      )}
    </Stack>
  );
}
