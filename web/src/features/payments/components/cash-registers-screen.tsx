import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  DataList,
  Field,
  HStack,
  Heading,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { registerActionForm, type RegisterActionForm } from '@nine/shared/schemas/money';
import type { IssueMessages } from '../../../components/form/issue-messages.ts';
import {
  applyServerIssues,
  useResetOnOpen,
  useSchemaForm,
  type FormSchema,
} from '../../../components/form/use-schema-form.ts';
import { SubmitForm } from '../../../components/form/submit-form.tsx';
import { OptionSelect } from '../../../components/list-filter-fields.tsx';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { closeRegister } from '../api/close-register.ts';
import {
  cashRegistersQueryKey,
  useCashRegisters,
  type CashRegisterState,
  type RegisterCloseOutcome,
} from '../api/get-cash-registers.ts';
import { moveRegisterCash } from '../api/move-register-cash.ts';
import { openRegister } from '../api/open-register.ts';
import { moneyFailure } from '../payment-failure.ts';
import { fieldsOf } from '../../../components/form/form-fields.tsx';

export interface CashRegistersScreenProps {
  locationId: number;
  multiRegister: boolean;
  /** The location's current register (general settings). */
  currentRegisterId: number | null;
  /** With several registers, the one this counter uses (kept on this device). */
  counterRegisterId: number | null;
  onChooseCounterRegister(id: number): void;
  canChange: boolean;
  format(minor: number): string;
  formatDate(iso: string): string;
}

/** Cash registers of the location: open with a float, cash in and out, close with the counted cash. */
export function CashRegistersScreen(props: CashRegistersScreenProps) {
  const { t } = useAppTranslation();
  const query = useCashRegisters(props.locationId);
  if (query.isPending)
    return (
      <Stack aria-busy="true">
        <Skeleton height="40" />
        <Text srOnly>{t('common:loading')}</Text>
      </Stack>
    );
  if (query.isError)
    return (
      <QueryError
        title={t('money:registers.load_failed')}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  // One register per counter unless the location runs several: then every register is shown. A current
  // register that was deactivated (not listed) names none: every register is shown then too.
  const current = query.data.some((r) => r.id === props.currentRegisterId) ? props.currentRegisterId : null;
  const registers = props.multiRegister
    ? query.data
    : query.data.filter((r) => current === null || r.id === current);
  if (registers.length === 0) return <Text color="fg.muted">{t('money:registers.none')}</Text>;
  const inUse = props.multiRegister
    ? (props.counterRegisterId ?? props.currentRegisterId)
    : props.currentRegisterId;
  return (
    <Stack gap="4">
      {props.multiRegister && (
        <Field.Root maxW="sm">
          <Field.Label>{t('money:registers.counter_register')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={inUse ?? ''}
              onChange={(event) => props.onChooseCounterRegister(Number(event.currentTarget.value))}
            >
              {query.data.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText>{t('money:registers.counter_register_help')}</Field.HelperText>
        </Field.Root>
      )}
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        {registers.map((register) => (
          <RegisterCard key={register.id} register={register} inUse={register.id === inUse} {...props} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

type Action = 'cash_in' | 'cash_out' | 'close';
const actions: readonly Action[] = ['cash_out', 'cash_in', 'close'];
type RegisterFormValues = {
  kind: Action | 'open';
  float_minor?: number | null;
  amount_minor?: number | null;
  counted_minor?: number | null;
  reason?: string;
};

/** The amount each action sends, named as its route reads it. */
const AMOUNT_FIELD = {
  open: 'float_minor',
  cash_in: 'amount_minor',
  cash_out: 'amount_minor',
  close: 'counted_minor',
} as const;

const REGISTER_MESSAGES: IssueMessages = {
  float_minor: 'money:payments.dialog.amount_invalid',
  amount_minor: 'money:payments.dialog.amount_invalid',
  counted_minor: 'money:payments.dialog.amount_invalid',
  reason: 'money:registers.reason_required',
};

/** A closed register opens with no float typed yet (0.00); closing starts from what the drawer expects. */
function valuesOf(session: CashRegisterState['session'], action: Action): RegisterFormValues {
  if (session === null) return { kind: 'open', float_minor: 0 };
  if (action === 'close') return { kind: 'close', counted_minor: session.expected_minor };
  return { kind: action, amount_minor: null, reason: '' };
}

function RegisterCard({
  register,
  inUse,
  locationId,
  canChange,
  format,
  formatDate,
}: CashRegistersScreenProps & { register: CashRegisterState; inUse: boolean }) {
  const { t } = useAppTranslation();
  const queryClient = useQueryClient();
  const titleId = useId();
  const session = register.session;
  const [action, setAction] = useState<Action>('cash_out');
  const [closed, setClosed] = useState<RegisterCloseOutcome | null>(null);
  // The form holds the fields of every action (shown one at a time); the schema's union checks the chosen one.
  const schema = registerActionForm as FormSchema<RegisterFormValues, RegisterActionForm>;
  const form = useSchemaForm(schema, {
    defaultValues: valuesOf(session, action),
    messages: REGISTER_MESSAGES,
  });
  // A session opened or closed elsewhere (another counter, a refetch) changes what the form sends.
  useResetOnOpen(form, { open: true, record: session?.id ?? null, values: () => valuesOf(session, action) });

  const mutation = useMutation({
    mutationFn: async (input: RegisterActionForm) => {
      if (input.kind === 'open') return openRegister(register.id, input.float_minor);
      if (input.kind === 'close') return closeRegister(register.id, input.counted_minor);
      return moveRegisterCash(register.id, input);
    },
    onSuccess: (result, input) => {
      queryClient.setQueryData<CashRegisterState[]>(cashRegistersQueryKey(locationId), (list) =>
        list?.map((r) => (r.id === register.id ? result.register : r)),
      );
      setClosed(input.kind === 'close' ? (result.outcome as RegisterCloseOutcome) : null);
      form.reset(valuesOf(result.register.session, action));
    },
    onError: (error) => {
      if (applyServerIssues(form, error)) mutation.reset();
    },
  });

  const chooseAction = (next: Action) => {
    setAction(next);
    mutation.reset();
    form.reset(valuesOf(session, next));
  };
  const submit = form.handleSubmit((input) => {
    if (!mutation.isPending) mutation.mutate(input);
  });

  const kind = session ? action : 'open';
  const countedMinor = useWatch({ control: form.control, name: 'counted_minor' });
  const failure = mutation.isError ? moneyFailure(mutation.error, t, format) : null;
  const counted =
    kind === 'close' && typeof countedMinor === 'number' && !Number.isNaN(countedMinor) && session
      ? countedMinor - session.expected_minor
      : null;

  const { MoneyField, TextField } = fieldsOf(form.control);
  return (
    <Card.Root as="section" aria-labelledby={titleId} size="sm">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap">
          <Heading as="h2" size="md" id={titleId}>
            {register.name}
          </Heading>
          <HStack>
            {inUse && <Badge colorPalette="blue">{t('money:registers.in_use')}</Badge>}
            <Badge colorPalette={session ? 'green' : 'gray'}>
              {session ? t('money:registers.open') : t('money:registers.closed')}
            </Badge>
          </HStack>
        </HStack>
        {(register.header_title || register.default_terminal) && (
          <Text fontSize="sm" color="fg.muted">
            {[register.header_title, register.default_terminal].filter(Boolean).join(' · ')}
          </Text>
        )}
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {session && (
            <DataList.Root orientation="horizontal" size="sm">
              {(
                [
                  ['opened', `${formatDate(session.opened_at)} · ${session.opened_by}`],
                  ['float', format(session.float_minor)],
                  ['cash_sales', format(session.cash_sales_minor)],
                  ['cash_refunds', format(session.cash_refunds_minor)],
                  ['cash_deposits_held', format(session.cash_deposits_held_minor)],
                  ['cash_deposits_returned', format(session.cash_deposits_returned_minor)],
                  ['cash_in', format(session.cash_in_minor)],
                  ['cash_out', format(session.cash_out_minor)],
                  ['expected', format(session.expected_minor)],
                ] as const
              ).map(([key, value]) => (
                <DataList.Item key={key}>
                  <DataList.ItemLabel>{t(`money:registers.figures.${key}`)}</DataList.ItemLabel>
                  <DataList.ItemValue fontWeight={key === 'expected' ? 'bold' : undefined}>
                    {value}
                  </DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
          )}
          {closed !== null && (
            <Alert.Root status={closed.difference_minor === 0 ? 'success' : 'warning'} role="status">
              <Alert.Indicator />
              <Alert.Description>
                {t('money:registers.closed_result', {
                  expected: format(closed.expected_minor),
                  counted: format(closed.counted_minor),
                  difference: format(closed.difference_minor),
                })}
              </Alert.Description>
            </Alert.Root>
          )}
          {canChange && (
            <SubmitForm display="flex" flexDirection="column" gap="3" onSubmit={submit}>
              <HStack gap="3" align="flex-start" wrap="wrap">
                {session && (
                  <OptionSelect
                    width="44"
                    label={t('money:registers.action')}
                    options={actions.map((a) => ({ value: a, label: t(`money:registers.actions.${a}`) }))}
                    value={action}
                    onChange={(value) => chooseAction(value as Action)}
                  />
                )}
                <Box width="36">
                  <MoneyField
                    // One field per action: each sends its own amount (float, movement, count).
                    key={kind}
                    name={AMOUNT_FIELD[kind]}
                    label={
                      kind === 'open'
                        ? t('money:registers.float')
                        : kind === 'close'
                          ? t('money:registers.counted')
                          : t('money:registers.amount')
                    }
                    required
                  />
                </Box>
                {kind !== 'open' && kind !== 'close' && (
                  <Box flex="1" minW="40">
                    <TextField name="reason" label={t('money:registers.reason')} required maxLength={200} />
                  </Box>
                )}
                <Button type="submit" size="sm" mt="6" loading={mutation.isPending}>
                  {t(`money:registers.submit.${kind}`)}
                </Button>
              </HStack>
              {counted !== null && (
                <Text role="status" fontWeight="semibold" color={counted === 0 ? 'fg.success' : 'fg.warning'}>
                  {t('money:registers.difference', { amount: format(counted) })}
                </Text>
              )}
              {failure !== null && <MessageAlert status="error">{failure.message}</MessageAlert>}
            </SubmitForm>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
