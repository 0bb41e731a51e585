import {
  Alert,
  Badge,
  Button,
  Card,
  DataList,
  Field,
  HStack,
  Heading,
  Input,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  chakra,
} from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { parseMoneyInput } from '@nine/shared/money';
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
import { minorToText } from '../money-input.ts';
import { moneyFailure } from '../payment-failure.ts';

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
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('money:registers.load_failed')}</Alert.Title>
          <Alert.Description>{query.error.message}</Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('common:try_again')}
        </Button>
      </Alert.Root>
    );
  // One register per counter unless the location runs several: then every register is shown.
  const registers = props.multiRegister
    ? query.data
    : query.data.filter((r) => props.currentRegisterId === null || r.id === props.currentRegisterId);
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
  const formId = useId();
  const session = register.session;
  const [action, setAction] = useState<Action>('cash_out');
  const [amount, setAmount] = useState(session ? '' : '0.00');
  const [reason, setReason] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [closed, setClosed] = useState<RegisterCloseOutcome | null>(null);

  const mutation = useMutation({
    mutationFn: async ({ kind, minor }: { kind: Action | 'open'; minor: number }) => {
      if (kind === 'open') return openRegister(register.id, minor);
      if (kind === 'close') return closeRegister(register.id, minor);
      return moveRegisterCash(register.id, { kind, amount_minor: minor, reason: reason.trim() });
    },
    onSuccess: (result, input) => {
      queryClient.setQueryData<CashRegisterState[]>(cashRegistersQueryKey(locationId), (list) =>
        list?.map((r) => (r.id === register.id ? result.register : r)),
      );
      setClosed(input.kind === 'close' ? (result.outcome as RegisterCloseOutcome) : null);
      setAmount(input.kind === 'close' ? '0.00' : '');
      setReason('');
      setAttempted(false);
    },
  });

  const minor = parseMoneyInput(amount);
  const needsReason = session !== null && action !== 'close';
  const amountError =
    minor === null || (minor <= 0 && session !== null && action !== 'close')
      ? t('money:payments.dialog.amount_invalid')
      : null;
  const reasonError = needsReason && reason.trim() === '' ? t('money:registers.reason_required') : null;
  const failure = mutation.isError ? moneyFailure(mutation.error, t, format) : null;
  const counted = action === 'close' && minor !== null && session ? minor - session.expected_minor : null;

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
            <chakra.form
              display="flex"
              flexDirection="column"
              noValidate
              id={formId}
              gap="3"
              onSubmit={(event) => {
                event.preventDefault();
                setAttempted(true);
                if (amountError || reasonError || minor === null || mutation.isPending) return;
                mutation.mutate({ kind: session ? action : 'open', minor });
              }}
            >
              <HStack gap="3" align="flex-end" wrap="wrap">
                {session && (
                  <Field.Root width="44">
                    <Field.Label>{t('money:registers.action')}</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        value={action}
                        onChange={(event) => {
                          setAction(event.currentTarget.value as Action);
                          setAttempted(false);
                          mutation.reset();
                          setAmount(
                            event.currentTarget.value === 'close' ? minorToText(session.expected_minor) : '',
                          );
                        }}
                      >
                        <option value="cash_out">{t('money:registers.actions.cash_out')}</option>
                        <option value="cash_in">{t('money:registers.actions.cash_in')}</option>
                        <option value="close">{t('money:registers.actions.close')}</option>
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                )}
                <Field.Root width="36" required invalid={attempted && amountError !== null}>
                  <Field.Label>
                    {!session
                      ? t('money:registers.float')
                      : action === 'close'
                        ? t('money:registers.counted')
                        : t('money:registers.amount')}
                  </Field.Label>
                  <Input
                    inputMode="decimal"
                    autoComplete="off"
                    value={amount}
                    onChange={(event) => setAmount(event.currentTarget.value)}
                  />
                </Field.Root>
                {needsReason && (
                  <Field.Root flex="1" minW="40" required invalid={attempted && reasonError !== null}>
                    <Field.Label>{t('money:registers.reason')}</Field.Label>
                    <Input
                      maxLength={200}
                      value={reason}
                      onChange={(event) => setReason(event.currentTarget.value)}
                    />
                  </Field.Root>
                )}
                <Button type="submit" size="sm" loading={mutation.isPending}>
                  {!session ? t('money:registers.submit.open') : t(`money:registers.submit.${action}`)}
                </Button>
              </HStack>
              {counted !== null && (
                <Text role="status" fontWeight="semibold" color={counted === 0 ? 'fg.success' : 'fg.warning'}>
                  {t('money:registers.difference', { amount: format(counted) })}
                </Text>
              )}
              {attempted && (amountError ?? reasonError) !== null && (
                <Text fontSize="sm" color="fg.error">
                  {amountError ?? reasonError}
                </Text>
              )}
              {failure !== null && (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Description>{failure.message}</Alert.Description>
                </Alert.Root>
              )}
            </chakra.form>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
