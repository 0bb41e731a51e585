import {
  Alert,
  Badge,
  Button,
  Field,
  HStack,
  Input,
  List,
  NativeSelect,
  Stack,
  Text,
  chakra,
} from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { PaymentMethod } from '@nine/shared/schemas/money';
import type { OrderMoney } from '@nine/shared/schemas/payments';
import { parseMoneyInput } from '@nine/shared/money';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { newIdempotencyKey } from '../new-key.ts';
import { moveDeposit } from '../api/move-deposit.ts';
import { overrideDeposit } from '../api/override-deposit.ts';
import { minorToText } from '../money-input.ts';
import { moneyFailure } from '../payment-failure.ts';
import { RegisterClosedNotice } from './register-closed-notice.tsx';

type Move = 'held' | 'claimed' | 'returned' | 'override';

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
  const [move, setMove] = useState<Move>(held > 0 ? 'returned' : 'held');
  const [amount, setAmount] = useState(minorToText(held > 0 ? held : owed));
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [reason, setReason] = useState('');
  const [accessKey, setAccessKey] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const current = moves.includes(move) ? move : 'held';

  const mutation = useMutation({
    mutationFn: async (input: { move: Move; amountMinor: number }) => {
      if (input.move === 'override') {
        await overrideDeposit(money.order_id, {
          deposit_minor: input.amountMinor,
          version: money.order_version,
          comment: reason.trim(),
          access_key: accessKey,
        });
        return;
      }
      const body = {
        kind: input.move,
        method,
        amount_minor: input.amountMinor,
        ...(reason.trim() !== '' ? { reason: reason.trim() } : {}),
        ...(method === 'cash' && cashRegisterId !== null && input.move !== 'claimed'
          ? { cash_register_id: cashRegisterId }
          : {}),
      };
      const fingerprint = JSON.stringify(body);
      if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newKey() };
      await moveDeposit(money.order_id, body, attempt.current.key);
    },
    onSuccess: (_, input) => {
      setDone(t(`money:deposits.done.${input.move}`, { amount: format(input.amountMinor) }));
      setReason('');
      setAccessKey('');
      setAttempted(false);
      onChanged();
    },
    onError: (error) => {
      if (moneyFailure(error, t, format).needsAccessKey) setAccessKey('');
    },
  });

  const minor = parseMoneyInput(amount);
  const amountError =
    minor === null || (minor <= 0 && current !== 'override')
      ? t('money:payments.dialog.amount_invalid')
      : (current === 'claimed' || current === 'returned') && minor > held
        ? t('money:payments.errors.exceeds_deposit_held', { amount: format(held) })
        : null;
  const reasonError =
    (current === 'claimed' || current === 'override') && reason.trim() === ''
      ? t('money:deposits.reason_required')
      : null;
  const keyError =
    current === 'override' && accessKey.trim() === '' ? t('money:deposits.key_required') : null;
  const failure = mutation.isError ? moneyFailure(mutation.error, t, format) : null;

  const choose = (next: Move) => {
    setMove(next);
    setAttempted(false);
    mutation.reset();
    setDone(null);
    setAmount(
      minorToText(next === 'held' ? owed : next === 'override' ? money.deposit_required_minor : held),
    );
  };

  useEffect(() => {
    if (returnRequest === 0) return;
    if (held > 0) choose('returned');
    const button = submitButton.current;
    // jsdom has no scrollIntoView; browsers do.
    if (typeof button?.scrollIntoView === 'function') button.scrollIntoView({ block: 'center' });
    button?.focus({ preventScroll: true });
    // Once per request: a refetch of the money must not take the clerk's focus again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [returnRequest]);

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
        <chakra.form
          display="flex"
          flexDirection="column"
          noValidate
          id={formId}
          gap="3"
          aria-label={t('money:deposits.form')}
          onSubmit={(event) => {
            event.preventDefault();
            setAttempted(true);
            if (amountError || reasonError || keyError || mutation.isPending || minor === null) return;
            mutation.mutate({ move: current, amountMinor: minor });
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
          <HStack gap="3" align="flex-end" wrap="wrap">
            <Field.Root width="36" required invalid={attempted && amountError !== null}>
              <Field.Label>
                {current === 'override' ? t('money:deposits.new_required') : t('money:deposits.amount')}
              </Field.Label>
              <Input
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onChange={(event) => setAmount(event.currentTarget.value)}
              />
            </Field.Root>
            {(current === 'held' || current === 'returned') && (
              <Field.Root width="44">
                <Field.Label>{t('money:payments.dialog.method')}</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    value={method}
                    onChange={(event) => setMethod(event.currentTarget.value as PaymentMethod)}
                  >
                    <option value="cash">{t('money:payments.methods.cash')}</option>
                    {money.rules.allow_staff_credit_card_entry && (
                      <option value="card">{t('money:payments.methods.card')}</option>
                    )}
                    {money.rules.accept_external_payments && (
                      <option value="external">{t('money:payments.methods.external')}</option>
                    )}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            )}
            {current !== 'held' && current !== 'returned' && (
              <Field.Root flex="1" minW="48" required invalid={attempted && reasonError !== null}>
                <Field.Label>
                  {current === 'override' ? t('money:deposits.comment') : t('money:deposits.reason')}
                </Field.Label>
                <Input
                  maxLength={500}
                  value={reason}
                  onChange={(event) => setReason(event.currentTarget.value)}
                />
              </Field.Root>
            )}
            {current === 'override' && (
              <Field.Root
                width="44"
                required
                invalid={(attempted && keyError !== null) || failure?.needsAccessKey}
              >
                <Field.Label>{t('money:deposits.approver_key')}</Field.Label>
                <Input
                  type="password"
                  autoComplete="off"
                  maxLength={64}
                  value={accessKey}
                  onChange={(event) => setAccessKey(event.currentTarget.value)}
                />
              </Field.Root>
            )}
            <Button ref={submitButton} type="submit" size="sm" loading={mutation.isPending}>
              {t(`money:deposits.submit.${current}`)}
            </Button>
          </HStack>
          {attempted && (amountError ?? reasonError ?? keyError) !== null && (
            <Text fontSize="sm" color="fg.error">
              {amountError ?? reasonError ?? keyError}
            </Text>
          )}
          {failure !== null && failure.closedRegister === null && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Description>{failure.message}</Alert.Description>
            </Alert.Root>
          )}
          <Text role="status" fontSize="sm" color="fg.success">
            {done ?? ''}
          </Text>
        </chakra.form>
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
