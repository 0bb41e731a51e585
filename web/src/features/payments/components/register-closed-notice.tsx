import { Alert, Button, Field, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { parseMoneyInput } from '@nine/shared/money';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { openRegister } from '../api/open-register.ts';
import { minorToText } from '../money-input.ts';
import { moneyFailure, type ClosedRegister } from '../payment-failure.ts';

export interface RegisterClosedNoticeProps {
  register: ClosedRegister;
  format(minor: number): string;
  /** The cash registers screen (a full browser path): opened in a new tab so the form here stays as typed. */
  registersHref?: string | undefined;
  /** Opening here is offered to whoever may move money (the same permission opens a register). */
  canOpen?: boolean;
}

/**
 * Cash needs an open register (1256): says which one is closed and opens it right here with its float,
 * so the payment, refund or deposit typed in the form around it is kept and simply sent again.
 */
export function RegisterClosedNotice({
  register,
  format,
  registersHref,
  canOpen = true,
}: RegisterClosedNoticeProps) {
  const { t } = useAppTranslation();
  const queryClient = useQueryClient();
  const [float, setFloat] = useState(minorToText(0));
  const [attempted, setAttempted] = useState(false);
  const open = useMutation({
    mutationFn: (floatMinor: number) => openRegister(register.id!, floatMinor),
    // Every screen showing a register's state (this dialog's "goes to" line, the registers screen).
    onSettled: () =>
      queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] === 'payments' && query.queryKey[2] === 'registers',
      }),
  });
  const floatMinor = parseMoneyInput(float);
  const floatError = floatMinor === null ? t('money:payments.dialog.amount_invalid') : null;
  const name = register.name;
  const submit = () => {
    setAttempted(true);
    if (floatMinor === null || open.isPending) return;
    open.mutate(floatMinor);
  };

  if (open.isSuccess) {
    return (
      <Alert.Root status="success" role="status" data-testid="register-opened">
        <Alert.Indicator />
        <Alert.Description>
          {t('money:registers.opened_here', { name: open.data.register.name || name })}
        </Alert.Description>
      </Alert.Root>
    );
  }
  return (
    <Alert.Root status="warning" role="alert" data-testid="register-closed">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>
          {name !== '' ? t('money:registers.closed_named', { name }) : t('money:registers.closed_unnamed')}
        </Alert.Description>
        <Stack gap="2" mt="2">
          {canOpen && register.id !== null && (
            <HStack gap="3" align="flex-end" wrap="wrap">
              <Field.Root width="36" invalid={attempted && floatError !== null}>
                <Field.Label>{t('money:registers.float')}</Field.Label>
                <Input
                  size="sm"
                  inputMode="decimal"
                  autoComplete="off"
                  value={float}
                  onChange={(event) => setFloat(event.currentTarget.value)}
                  onKeyDown={(event) => {
                    // Enter opens the register, never submits the payment form around it.
                    if (event.key !== 'Enter') return;
                    event.preventDefault();
                    submit();
                  }}
                />
              </Field.Root>
              <Button size="sm" colorPalette="orange" loading={open.isPending} onClick={submit}>
                {t('money:registers.open_named', { name: name || t('money:registers.title') })}
              </Button>
            </HStack>
          )}
          {attempted && floatError !== null && (
            <Text fontSize="sm" color="fg.error">
              {floatError}
            </Text>
          )}
          {open.isError && (
            <Text fontSize="sm" color="fg.error">
              {moneyFailure(open.error, t, format).message}
            </Text>
          )}
          {registersHref !== undefined && (
            <Link href={registersHref} target="_blank" rel="noopener" colorPalette="blue" fontSize="sm">
              {t('money:registers.go_to')}
            </Link>
          )}
        </Stack>
      </Alert.Content>
    </Alert.Root>
  );
}
