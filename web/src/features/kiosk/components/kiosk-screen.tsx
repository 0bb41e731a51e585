import { Alert, Box, Button, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useQueries } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { KIOSK_RENTAL_DAYS, kioskCustomerRequest, type KioskProduct } from '@nine/shared/schemas/kiosk';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { kioskCustomer } from '../api/kiosk-customer.ts';
import { useKioskProducts } from '../api/get-kiosk-products.ts';
import {
  kioskRentalMachine,
  rentalPeriod,
  type KioskCustomerDetails,
  type KioskOrder,
} from '../kiosk-rental.ts';

/** A rental the kiosk prices before the customer picks it: one product for a period from now. */
export interface KioskQuoteRequest {
  planned_start: string;
  planned_finish: string;
  items: { product_id: number; quantity: number }[];
}

/** The rent order the kiosk asks for, made through the order API by the app (source 'kiosk'). */
export interface KioskOrderRequest {
  customer_id: number;
  source: 'kiosk';
  planned_start: string;
  planned_finish: string;
  items: { product_id: number; quantity: number }[];
}

export interface KioskScreenProps {
  currencySymbol: string;
  createOrder(body: KioskOrderRequest, idempotencyKey: string): Promise<KioskOrder>;
  /** The counter's own quote for a rental (rates, special pricing, taxes), shown as the price. */
  quote(body: KioskQuoteRequest, signal?: AbortSignal): Promise<{ total_minor: number }>;
  /** Under the order number: the receipt's status, when the app prints one. */
  receiptStatus?: string;
  /** Starts over for the next customer. */
  onFinished(): void;
  /** Back from the product list to the kiosk's start. */
  onCancel?(): void;
}

const BIG = { size: '2xl', minH: '20', fontSize: '2xl' } as const;

/**
 * The customer's kiosk: pick a product from the location's kiosk list, how many days from now, type a name
 * and phone, and the rent order is made for the counter to take payment.
 */
export function KioskScreen({
  currencySymbol,
  createOrder,
  quote,
  receiptStatus,
  onFinished,
  onCancel,
}: KioskScreenProps) {
  const { t } = useAppTranslation();
  const products = useKioskProducts();
  const machine = useMemo(
    () =>
      kioskRentalMachine.provide({
        actors: {
          rent: fromPromise(async ({ input }) => {
            const { customer_id } = await kioskCustomer(input.customer);
            return createOrder(
              {
                customer_id,
                source: 'kiosk',
                ...rentalPeriod(input.days, new Date()),
                items: [{ product_id: input.product.product_id, quantity: 1 }],
              },
              input.idempotencyKey,
            );
          }),
        },
      }),
    [createOrder],
  );
  const actor = useActorRef(machine);
  const step = useSelector(actor, (s) => s.value);
  const context = useSelector(actor, (s) => s.context);
  const money = (minor: number) => formatMoney(minor, currencySymbol);

  if (step === 'done' && context.order) {
    return (
      <Stack gap="6" align="center" textAlign="center" py="12">
        <Heading as="h1" size="4xl">
          {t('settings:kiosk.done_title')}
        </Heading>
        <Text fontSize="2xl">{t('settings:kiosk.done_pay')}</Text>
        <Text fontSize="6xl" fontWeight="bold" aria-label={t('settings:kiosk.order_number')}>
          {context.order.number}
        </Text>
        {receiptStatus ? <Text role="status">{receiptStatus}</Text> : null}
        <Button {...BIG} colorPalette="blue" onClick={onFinished}>
          {t('settings:kiosk.next_customer')}
        </Button>
      </Stack>
    );
  }

  if (step === 'products') {
    if (products.isPending) return <Text role="status">{t('common:loading')}</Text>;
    const list = products.data?.products ?? [];
    const back = onCancel ? <BackButton onBack={onCancel} /> : null;
    if (products.isError || list.length === 0)
      return (
        <Stack gap="6">
          <Alert.Root status={products.isError ? 'error' : 'info'} role="alert">
            <Alert.Indicator />
            <Alert.Title fontSize="xl">
              {products.isError ? t('settings:kiosk.load_failed') : t('settings:kiosk.no_products')}
            </Alert.Title>
          </Alert.Root>
          {back}
        </Stack>
      );
    return (
      <Stack gap="6">
        <Heading as="h1" size="3xl">
          {t('settings:kiosk.pick_product')}
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
          {list.map((product) => (
            <ProductButton
              key={product.product_id}
              product={product}
              money={money}
              onPick={() => actor.send({ type: 'PICK', product })}
            />
          ))}
        </SimpleGrid>
        {back}
      </Stack>
    );
  }

  const product = context.product!;
  if (step === 'period') {
    return (
      <Stack gap="6">
        <Heading as="h1" size="3xl">
          {t('settings:kiosk.pick_period', { product: product.name })}
        </Heading>
        <PeriodChoices
          product={product}
          quote={quote}
          money={money}
          onPick={(days, totalMinor) => actor.send({ type: 'DAYS', days, totalMinor })}
        />
        <BackButton onBack={() => actor.send({ type: 'BACK' })} />
      </Stack>
    );
  }

  const days = context.days!;
  const period = rentalPeriod(days, new Date());
  const failure =
    step === 'failed'
      ? context.error instanceof ApiError
        ? context.error.message
        : t('settings:kiosk.failed_unknown')
      : null;
  return (
    <Stack gap="6" maxW="2xl" w="full" mx="auto">
      <Heading as="h1" size="3xl">
        {t('settings:kiosk.details')}
      </Heading>
      <Text fontSize="xl">
        {t('settings:kiosk.summary', {
          product: product.name,
          days: t('settings:kiosk.days', { count: days }),
          finish: formatDateTime(period.planned_finish),
          amount: money(context.totalMinor ?? 0),
        })}
      </Text>
      <DetailsForm
        initial={context.customer}
        busy={step === 'renting'}
        error={failure}
        onSubmit={(customer) => actor.send({ type: 'SUBMIT', customer })}
      />
      <BackButton onBack={() => actor.send({ type: 'BACK' })} disabled={step === 'renting'} />
    </Stack>
  );
}

/**
 * The rental lengths, each priced by the server as the counter would price it. A length the location does
 * not rent (enforced rental periods) or cannot price is shown, but not offered.
 */
function PeriodChoices({
  product,
  quote,
  money,
  onPick,
}: {
  product: KioskProduct;
  quote: KioskScreenProps['quote'];
  money: (minor: number) => string;
  onPick(days: number, totalMinor: number): void;
}) {
  const { t } = useAppTranslation();
  // One start for every choice while the customer looks, so the prices do not move under them.
  const [from] = useState(() => new Date());
  const quotes = useQueries({
    queries: KIOSK_RENTAL_DAYS.map((days) => ({
      queryKey: ['kiosk-quote', product.product_id, days, from.toISOString()],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        quote(
          { ...rentalPeriod(days, from), items: [{ product_id: product.product_id, quantity: 1 }] },
          signal,
        ),
      retry: false,
      staleTime: 60_000,
    })),
  });
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
      {KIOSK_RENTAL_DAYS.map((days, index) => {
        const priced = quotes[index]!;
        return (
          <Button
            key={days}
            {...BIG}
            variant="outline"
            bg="bg.panel"
            flexDirection="column"
            h="28"
            disabled={!priced.isSuccess}
            onClick={() => priced.data && onPick(days, priced.data.total_minor)}
          >
            <span>{t('settings:kiosk.days', { count: days })}</span>
            <Text as="span" fontSize="lg" color="fg.muted">
              {priced.isSuccess
                ? money(priced.data.total_minor)
                : priced.isError
                  ? t('settings:kiosk.not_offered')
                  : t('common:loading')}
            </Text>
          </Button>
        );
      })}
    </SimpleGrid>
  );
}

function ProductButton({
  product,
  money,
  onPick,
}: {
  product: KioskProduct;
  money: (minor: number) => string;
  onPick(): void;
}) {
  const { t } = useAppTranslation();
  return (
    <Button
      {...BIG}
      h="auto"
      py="6"
      variant="outline"
      bg="bg.panel"
      flexDirection="column"
      alignItems="flex-start"
      whiteSpace="normal"
      textAlign="start"
      onClick={onPick}
    >
      <Box as="span" fontWeight="bold">
        {product.option ? `${product.name} (${product.option})` : product.name}
      </Box>
      <Box as="span" fontSize="lg" color="fg.muted">
        {t('settings:kiosk.per_day', { price: money(product.price_minor) })}
      </Box>
      {product.deposit_minor > 0 ? (
        <Box as="span" fontSize="md" color="fg.muted">
          {t('settings:kiosk.deposit', { amount: money(product.deposit_minor) })}
        </Box>
      ) : null}
    </Button>
  );
}

function BackButton({ onBack, disabled = false }: { onBack(): void; disabled?: boolean }) {
  const { t } = useAppTranslation();
  return (
    <Button size="xl" minH="16" variant="ghost" alignSelf="flex-start" onClick={onBack} disabled={disabled}>
      {t('settings:kiosk.back')}
    </Button>
  );
}

const EMPTY: KioskCustomerDetails = { first_name: '', last_name: '', phone: '' };

function DetailsForm({
  initial,
  busy,
  error,
  onSubmit,
}: {
  initial: KioskCustomerDetails | null;
  busy: boolean;
  error: string | null;
  onSubmit(customer: KioskCustomerDetails): void;
}) {
  const { t } = useAppTranslation();
  const form = useSchemaForm(kioskCustomerRequest, { defaultValues: initial ?? EMPTY });
  const { TextField } = fieldsOf(form.control);
  const submit = form.handleSubmit((values) => onSubmit(values));
  return (
    // Touch-sized fields: the kit's inputs, taller and in larger type.
    <form onSubmit={submit} noValidate>
      <Stack gap="4" css={{ '& input': { height: '16', fontSize: 'xl' } }}>
        <TextField name="first_name" label={t('settings:kiosk.first_name')} autoComplete="off" />
        <TextField name="last_name" label={t('settings:kiosk.last_name')} autoComplete="off" />
        <TextField
          name="phone"
          label={t('settings:kiosk.phone')}
          helperText={t('settings:kiosk.phone_hint')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
        />
        {error !== null ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{t('settings:kiosk.failed', { reason: error })}</Alert.Title>
          </Alert.Root>
        ) : null}
        <Button {...BIG} type="submit" colorPalette="blue" loading={busy}>
          {t('settings:kiosk.confirm')}
        </Button>
      </Stack>
    </form>
  );
}
