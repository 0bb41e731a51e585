import { Alert, Button, Heading, List, Stack, Text, chakra } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { kioskOrderLookup, type KioskOrderLookup, type KioskOrderSummary } from '@nine/shared/schemas/kiosk';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { SignatureInput, type SignatureInputHandle } from '../../../components/signature-input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { findKioskOrder } from '../api/find-kiosk-order.ts';
import { signKioskOrder } from '../api/sign-kiosk-order.ts';
import { kioskOrderLookupMachine } from '../kiosk-order-lookup.ts';

export interface KioskFindOrderProps {
  currencySymbol: string;
  /** Back to the kiosk's start, for the next customer. */
  onFinished(): void;
}

const BIG = { size: '2xl', minH: '20', fontSize: '2xl' } as const;

/**
 * The customer finds their rent order by its number and their phone or e-mail, checks what it holds, and
 * signs for it on the screen. Nothing about the customer is shown, only the order's lines, dates and total.
 */
export function KioskFindOrder({ currencySymbol, onFinished }: KioskFindOrderProps) {
  const { t } = useAppTranslation();
  const machine = useMemo(
    () =>
      kioskOrderLookupMachine.provide({
        actors: {
          find: fromPromise(({ input }) => findKioskOrder(input)),
          sign: fromPromise(({ input }) => signKioskOrder(input)),
        },
      }),
    [],
  );
  const actor = useActorRef(machine);
  const step = useSelector(actor, (s) => s.value);
  const context = useSelector(actor, (s) => s.context);
  const failure =
    context.error === null
      ? null
      : context.error instanceof ApiError
        ? context.error.message
        : t('settings:kiosk.failed_unknown');

  if (step === 'lookup' || step === 'finding')
    return (
      <LookupForm
        initial={context.lookup}
        busy={step === 'finding'}
        error={failure}
        onSubmit={(lookup) => actor.send({ type: 'FIND', lookup })}
        onCancel={onFinished}
      />
    );

  const order = context.order!;
  if (step === 'signed')
    return (
      <Stack gap="6" align="center" textAlign="center" py="12">
        <Heading as="h1" size="4xl">
          {t('settings:kiosk.find.signed_title')}
        </Heading>
        <Text fontSize="2xl">{t('settings:kiosk.find.signed_text', { number: order.number })}</Text>
        <Button {...BIG} colorPalette="blue" onClick={onFinished}>
          {t('settings:kiosk.next_customer')}
        </Button>
      </Stack>
    );

  return (
    <Stack gap="6" maxW="2xl" w="full" mx="auto">
      <Heading as="h1" size="3xl">
        {t('settings:kiosk.find.order_title', { number: order.number })}
      </Heading>
      <OrderSummary order={order} currencySymbol={currencySymbol} />
      {order.signable ? (
        <SignForm
          busy={step === 'signing'}
          error={failure}
          onSign={(signature) => actor.send({ type: 'SIGN', signature })}
        />
      ) : (
        <Alert.Root status="info" role="status">
          <Alert.Indicator />
          <Alert.Title fontSize="xl">{t('settings:kiosk.find.not_signable')}</Alert.Title>
        </Alert.Root>
      )}
      <Button
        size="xl"
        minH="16"
        variant="ghost"
        alignSelf="flex-start"
        disabled={step === 'signing'}
        onClick={() => actor.send({ type: 'BACK' })}
      >
        {t('settings:kiosk.back')}
      </Button>
    </Stack>
  );
}

function OrderSummary({ order, currencySymbol }: { order: KioskOrderSummary; currencySymbol: string }) {
  const { t } = useAppTranslation();
  return (
    <Stack gap="3" fontSize="xl">
      <List.Root ps="6" aria-label={t('settings:kiosk.find.lines')}>
        {order.lines.map((line) => (
          <List.Item key={line.name}>{t('settings:kiosk.find.line', line)}</List.Item>
        ))}
      </List.Root>
      {order.planned_start !== null && order.planned_finish !== null ? (
        <Text>
          {t('settings:kiosk.find.period', {
            start: formatDateTime(order.planned_start),
            finish: formatDateTime(order.planned_finish),
          })}
        </Text>
      ) : null}
      <Text fontWeight="semibold">
        {t('settings:kiosk.find.total', { amount: formatMoney(order.total_minor, currencySymbol) })}
      </Text>
      {order.signed_at !== null ? (
        <Text color="fg.muted">
          {t('settings:kiosk.find.signed_at', { at: formatDateTime(order.signed_at) })}
        </Text>
      ) : null}
    </Stack>
  );
}

function LookupForm({
  initial,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  initial: KioskOrderLookup | null;
  busy: boolean;
  error: string | null;
  onSubmit(lookup: KioskOrderLookup): void;
  onCancel(): void;
}) {
  const { t } = useAppTranslation();
  const form = useSchemaForm(kioskOrderLookup, {
    defaultValues: initial ?? { number: undefined as unknown as number, contact: '' },
    messages: { contact: 'settings:kiosk.find.contact_invalid' },
  });
  const { TextField, WholeNumberField } = fieldsOf(form.control);
  const submit = form.handleSubmit((values) => onSubmit(values));
  return (
    <Stack gap="6" maxW="2xl" w="full" mx="auto">
      <Heading as="h1" size="3xl">
        {t('settings:kiosk.find.title')}
      </Heading>
      {/* Touch-sized fields: the kit's inputs, taller and in larger type. */}
      <form onSubmit={submit} noValidate>
        <Stack gap="4" css={{ '& input': { height: '16', fontSize: 'xl' } }}>
          <WholeNumberField
            name="number"
            label={t('settings:kiosk.find.number')}
            helperText={t('settings:kiosk.find.number_hint')}
          />
          <TextField
            name="contact"
            label={t('settings:kiosk.find.contact')}
            helperText={t('settings:kiosk.find.contact_hint')}
            autoComplete="off"
          />
          {error !== null ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          ) : null}
          <Button {...BIG} type="submit" colorPalette="blue" loading={busy}>
            {t('settings:kiosk.find.submit')}
          </Button>
        </Stack>
      </form>
      <Button size="xl" minH="16" variant="ghost" alignSelf="flex-start" onClick={onCancel} disabled={busy}>
        {t('settings:kiosk.back')}
      </Button>
    </Stack>
  );
}

function SignForm({
  busy,
  error,
  onSign,
}: {
  busy: boolean;
  error: string | null;
  onSign(signature: Parameters<typeof signKioskOrder>[0]['signature']): void;
}) {
  const { t } = useAppTranslation();
  const input = useRef<SignatureInputHandle>(null);
  const [named, setNamed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;
  return (
    <chakra.form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setProblem(null);
        const reading = input.current?.read();
        if (!reading) return;
        if (reading.ok) onSign(reading.body);
        else if (reading.reason === 'empty_pad') setProblem(t('common:signature.empty_pad'));
      }}
    >
      <Stack gap="4">
        <Heading as="h2" size="xl">
          {t('settings:kiosk.find.sign_title')}
        </Heading>
        <Text fontSize="lg">{t('settings:kiosk.find.sign_intro')}</Text>
        <SignatureInput ref={input} size="lg" onNamedChange={setNamed} />
        {shown !== null ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{shown}</Alert.Title>
          </Alert.Root>
        ) : null}
        <Button {...BIG} type="submit" colorPalette="blue" loading={busy} disabled={!named}>
          {t('settings:kiosk.find.sign')}
        </Button>
      </Stack>
    </chakra.form>
  );
}
