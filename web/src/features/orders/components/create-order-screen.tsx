import {
  Alert,
  Badge,
  Button,
  Card,
  HStack,
  Heading,
  List,
  SimpleGrid,
  Stack,
  Text,
  chakra,
} from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { STAFF_NOTE_MAX } from '@nine/shared/constants';
import { orderCustomerForm, orderDetailsForm, orderPeriodForm } from '@nine/shared/schemas/order-forms';
import { applyServerIssues, useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { createCustomer, type CustomerCreateBody } from '../api/create-customer.ts';
import { createRentOrder } from '../api/create-rent-order.ts';
import { lookupCatalogue } from '../api/lookup-catalogue.ts';
import { quoteRentOrder } from '../api/quote-rent-order.ts';
import type { CustomerMatch } from '../api/search-customers.ts';
import {
  createOrderMachine,
  createSteps,
  type CreateOrderContext,
  type CreateOrderEvent,
  type CreateStep,
  type LookupState,
} from '../create/create-order-machine.ts';
import { lineLabel } from '../create/draft-lines.ts';
import { CUSTOMER_NOTE_MAX } from './order-notes-form.tsx';
import { CreatedBanner } from './created-banner.tsx';
import { CustomerSearchField } from './customer-search-field.tsx';
import { NoteField } from './note-field.tsx';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { PriceSummary } from './price-summary.tsx';
import { CatalogueSearchField } from './catalogue-search-field.tsx';
import { DraftLinesTable, LineQuantityInput, MissedLookupMessage } from './draft-lines-table.tsx';
import { ScanField } from '../../../components/code-scan-field.tsx';
import { newIdempotencyKey } from '../../../lib/random-id.ts';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';

export interface CreateOrderScreenProps {
  title: string;
  locationId: number;
  currencySymbol: string;
  orderHref(id: number): string;
}

type Send = (event: CreateOrderEvent) => void;

/** The period step's form: the create's planned start and finish, handed to the flow on Next. */
function usePeriodForm() {
  return useSchemaForm(orderPeriodForm, {
    defaultValues: {},
    mode: 'onChange',
    messages: {
      planned_finish: {
        required: 'common:form.required',
        period_too_long: 'orders:create.period_too_long',
        '*': 'orders:create.finish_after_start',
      },
    },
  });
}
type PeriodForm = ReturnType<typeof usePeriodForm>;

type Details = Pick<CreateOrderContext, 'status' | 'staffNote' | 'customerNote' | 'ccSkipped'>;
const NEW_DETAILS: Details = { status: 'confirmed', staffNote: '', customerNote: '', ccSkipped: false };

/** The review's form: status, notes and the card, checked by the create's rules, handed over on submit. */
function useDetailsForm(details: Details) {
  return useSchemaForm(orderDetailsForm, {
    defaultValues: {
      status: details.status,
      staff_note: details.staffNote,
      customer_note: details.customerNote,
      cc_skipped: details.ccSkipped,
    },
    mode: 'onChange',
  });
}
type DetailsForm = ReturnType<typeof useDetailsForm>;

/** The review form's id: the wizard's "Create order" button, below the step, submits it. */
const REVIEW_FORM = 'create-order-review';

/** The create-customer call of the wizard, checked first with the customer form's shared rules. */
function NewCustomerForm({ onCreated }: { onCreated(customer: CustomerMatch): void }) {
  const { t } = useAppTranslation();
  const form = useSchemaForm(orderCustomerForm, {
    defaultValues: { first_name: '', last_name: '', email: '', phone: '' },
    messages: {
      email: { email: 'customers:validation.email' },
      phone: { invalid_phone: 'customers:validation.phone' },
    },
  });
  // One key per body: a retry of the same form sends it again, an edit makes a new request.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const create = useMutation({
    mutationFn: (body: CustomerCreateBody) => {
      const json = JSON.stringify(body);
      if (attempt.current?.body !== json) attempt.current = { body: json, key: newIdempotencyKey() };
      return createCustomer(body, attempt.current.key);
    },
    onSuccess: (customer) => {
      attempt.current = null;
      form.reset();
      onCreated(customer);
    },
    onError: (error) => {
      if (applyServerIssues(form, error)) create.reset();
    },
  });
  const submit = form.handleSubmit(({ first_name, last_name, email, phone }) =>
    create.mutate({ first_name, last_name, ...(email ? { email } : {}), ...(phone ? { phone } : {}) }),
  );
  const { TextField } = fieldsOf(form.control);
  return (
    <chakra.form
      display="flex"
      flexDirection="column"
      gap="3"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <Heading as="h3" size="sm">
        {t('orders:create.new_customer')}
      </Heading>
      <SimpleGrid columns={2} gap="3">
        <TextField name="first_name" label={t('orders:create.first_name')} required />
        <TextField name="last_name" label={t('orders:create.last_name')} required />
        <TextField name="email" type="email" label={t('orders:create.email')} />
        <TextField name="phone" type="tel" label={t('orders:create.phone')} />
      </SimpleGrid>
      {create.isError && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>{create.error.message}</Alert.Description>
        </Alert.Root>
      )}
      <Button type="submit" alignSelf="flex-start" variant="outline" loading={create.isPending}>
        {t('orders:create.create_customer')}
      </Button>
    </chakra.form>
  );
}

function CustomerStep({
  context,
  send,
  locationId,
}: {
  context: CreateOrderContext;
  send: Send;
  locationId: number;
}) {
  const { t } = useAppTranslation();
  const choose = (customer: CustomerMatch) => send({ type: 'CHOOSE_CUSTOMER', customer });

  if (context.customer !== null) {
    return (
      <Stack gap="3" align="flex-start">
        <Text fontWeight="semibold">
          {t('orders:create.chosen_customer', { name: context.customer.name })}
        </Text>
        <Button size="sm" variant="outline" onClick={() => send({ type: 'CLEAR_CUSTOMER' })}>
          {t('orders:create.change_customer')}
        </Button>
      </Stack>
    );
  }

  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
      <CustomerSearchField
        locationId={locationId}
        value={null}
        autoFocus
        onChange={(customer) => customer && choose(customer)}
      />
      <NewCustomerForm onCreated={choose} />
    </SimpleGrid>
  );
}

function PeriodStep({ form }: { form: PeriodForm }) {
  const { t } = useAppTranslation();
  const { InstantField } = fieldsOf(form.control);
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" maxW="2xl">
      <InstantField name="planned_start" label={t('orders:create.planned_start')} required />
      <InstantField name="planned_finish" label={t('orders:create.planned_finish')} required />
    </SimpleGrid>
  );
}

function LookupMessage({ lookup, send }: { lookup: LookupState; send: Send }) {
  const { t } = useAppTranslation();
  switch (lookup.status) {
    case 'idle':
      return null;
    case 'looking':
      return <Text color="fg.muted">{t('orders:create.looking_up', { code: lookup.code })}</Text>;
    case 'already_added':
      return <Text color="fg.warning">{t('orders:create.already_added', { item: lookup.label })}</Text>;
    default:
      return (
        <MissedLookupMessage
          lookup={lookup}
          onPick={(index) => {
            if (lookup.status === 'several') send({ type: 'ADD_MATCH', match: lookup.matches[index]! });
          }}
        />
      );
  }
}

function ItemsStep({
  context,
  send,
  locationId,
  money,
  busy,
}: {
  context: CreateOrderContext;
  send: Send;
  locationId: number;
  money(minor: number): string;
  busy: boolean;
}) {
  const { t } = useAppTranslation();
  return (
    <Stack gap="5">
      {context.unavailable.length > 0 && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>
            {t('orders:create.conflict', {
              items: [
                ...new Set(
                  context.unavailable.map((r) => r.product_category ?? r.product_sku ?? `#${r.item_id}`),
                ),
              ].join(', '),
            })}
          </Alert.Description>
        </Alert.Root>
      )}
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Stack gap="2">
          <ScanField
            label={t('orders:create.scan')}
            hint={t('orders:create.scan_hint')}
            submitLabel={t('orders:create.add')}
            busy={busy}
            onScan={(code) => send({ type: 'SCAN', code })}
          />
          <div role="status" aria-live="polite">
            <LookupMessage lookup={context.lookup} send={send} />
          </div>
        </Stack>
        <CatalogueSearchField
          kind="rent"
          locationId={locationId}
          onPick={(match) => send({ type: 'ADD_MATCH', match })}
        />
      </SimpleGrid>

      {context.lines.length === 0 ? (
        <Text color="fg.muted">{t('orders:create.no_lines')}</Text>
      ) : (
        <DraftLinesTable
          caption={t('orders:create.lines')}
          lines={context.lines}
          headed={false}
          detail={(line) => line.match.product_category ?? line.match.product_sku}
          removeLabel={(item) => t('orders:create.remove', { item })}
          onRemove={(key) => send({ type: 'REMOVE_LINE', key })}
          columns={[
            {
              id: 'quantity',
              title: '',
              cell: (line) =>
                line.match.kind === 'product' ? (
                  <LineQuantityInput
                    line={line}
                    label={t('orders:create.quantity_for', { item: lineLabel(line) })}
                    onChange={(quantity) => send({ type: 'SET_QUANTITY', key: line.key, quantity })}
                  />
                ) : (
                  line.quantity
                ),
            },
            {
              id: 'available',
              title: '',
              cell: (line) =>
                line.available === true ? (
                  <Badge colorPalette="green">{t('orders:create.available')}</Badge>
                ) : line.available === false ? (
                  <Badge colorPalette="red">{t('orders:create.unavailable')}</Badge>
                ) : null,
            },
            {
              id: 'amount',
              title: '',
              align: 'end',
              cell: (line) => {
                const quoted = context.quote?.lines[context.lines.indexOf(line)];
                return quoted ? money(quoted.unit_price_minor * quoted.quantity) : '';
              },
            },
          ]}
        />
      )}
    </Stack>
  );
}

/**
 * The review: who, when, the lines at their quoted price, the price as the receipt will show it, and the
 * details form; submitting it hands the checked details to the flow and creates the order.
 */
export function ReviewStep({
  context,
  send,
  money,
  form,
}: {
  context: CreateOrderContext;
  send: Send;
  money(minor: number): string;
  /** The screen's form, so what is typed outlives a step back; without it the step keeps its own. */
  form?: DetailsForm;
}) {
  const { t } = useAppTranslation();
  const own = useDetailsForm(context);
  const details = form ?? own;
  const submit = details.handleSubmit((values) => {
    send({
      type: 'SET_DETAILS',
      status: values.status,
      staffNote: values.staff_note ?? '',
      customerNote: values.customer_note ?? '',
      ccSkipped: values.cc_skipped,
    });
    send({ type: 'SUBMIT' });
  });
  const quote = context.quote;
  // The quote answers serialized items first: find each draft line's own quoted line.
  const quotedAmount = (line: CreateOrderContext['lines'][number]): number | null => {
    if (quote === null) return null;
    const index = quote.lines.findIndex((quoted) =>
      line.match.kind === 'item' && line.match.item_id !== null
        ? quoted.item_id === line.match.item_id
        : quoted.item_id === null && quoted.product_id === line.match.product_id,
    );
    return quote.price_breakdown.lines[index]?.amount_minor ?? null;
  };
  const { CheckboxField, SelectField } = fieldsOf(details.control);
  return (
    <Stack gap="4" maxW="2xl">
      <Text>{t('orders:create.chosen_customer', { name: context.customer?.name ?? '' })}</Text>
      <Text>
        {formatDateTime(context.start)} – {formatDateTime(context.finish)}
      </Text>
      <List.Root ps="5" aria-label={t('orders:create.lines')}>
        {context.lines.map((line) => {
          const amount = quotedAmount(line);
          return (
            <List.Item key={line.key}>
              <HStack justify="space-between">
                <Text>
                  {line.quantity} × {lineLabel(line)}
                </Text>
                {amount !== null && <Text>{money(amount)}</Text>}
              </HStack>
            </List.Item>
          );
        })}
      </List.Root>
      {quote !== null && (
        <Stack gap="1">
          <PriceSummary breakdown={quote.price_breakdown} money={money} label={t('orders:create.total')} />
          <HStack justify="space-between">
            <Text>{t('orders:create.deposit')}</Text>
            <Text>{money(quote.deposit_minor)}</Text>
          </HStack>
        </Stack>
      )}
      <chakra.form
        id={REVIEW_FORM}
        display="flex"
        flexDirection="column"
        gap="4"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        <SelectField
          name="status"
          label={t('orders:create.status')}
          options={[
            { value: 'confirmed', label: t('orders:create.status_confirmed') },
            { value: 'pending', label: t('orders:create.status_pending') },
          ]}
        />
        <NoteField
          control={details.control}
          name="staff_note"
          label={t('orders:create.staff_note')}
          max={STAFF_NOTE_MAX}
        />
        <NoteField
          control={details.control}
          name="customer_note"
          label={t('orders:create.customer_note')}
          max={CUSTOMER_NOTE_MAX}
        />
        <CheckboxField name="cc_skipped" label={t('orders:create.cc_skipped')} />
      </chakra.form>
    </Stack>
  );
}

/** Creating a rent order, step by step (create-order); the flow itself is createOrderMachine. */
export function CreateOrderScreen({ title, locationId, currencySymbol, orderHref }: CreateOrderScreenProps) {
  const { t } = useAppTranslation();
  // The forms hold what is typed; the flow gets it checked, on Next and on submit.
  const period = usePeriodForm();
  const details = useDetailsForm(NEW_DETAILS);
  const machine = useMemo(
    () =>
      createOrderMachine.provide({
        actors: {
          lookup: fromPromise(({ input, signal }) => lookupCatalogue('rent', input.code, { signal })),
          quote: fromPromise(({ input, signal }) => quoteRentOrder(input, { signal })),
          create: fromPromise(async ({ input }) => {
            try {
              return await createRentOrder(input.body, input.key);
            } catch (error) {
              // A field the server refuses shows on its field too; the failure shows with Retry and Edit.
              applyServerIssues(period, error);
              applyServerIssues(details, error);
              throw error;
            }
          }),
        },
      }),
    [period, details],
  );
  const [state, send] = useMachine(machine, { input: {} });
  const { context } = state;
  const money = (minor: number) => formatMoney(minor, currencySymbol, currentLanguage());

  // A new start can make the finish right or wrong: check the finish again once it is there.
  useEffect(() => {
    const watching = period.watch((values, { name }) => {
      if (name === 'planned_start' && values.planned_finish) void period.trigger('planned_finish');
    });
    return () => watching.unsubscribe();
  }, [period]);

  if (state.matches('done') && context.created !== null) {
    return (
      <Stack gap="4" align="flex-start">
        <CreatedBanner
          title={title}
          message={t('orders:create.created', { number: context.created.number })}
        />
        <HStack gap="3">
          <Button asChild>
            <Link href={orderHref(context.created.id)}>{t('orders:create.open_order')}</Link>
          </Button>
          <Button
            variant="outline"
            onClick={() => {
              period.reset({});
              details.reset();
              send({ type: 'START_OVER' });
            }}
          >
            {t('orders:create.start_over')}
          </Button>
        </HStack>
      </Stack>
    );
  }

  const step: CreateStep = state.matches('customer')
    ? 'customer'
    : state.matches('period')
      ? 'period'
      : state.matches('items')
        ? 'items'
        : 'review';
  const index = createSteps.indexOf(step);
  const submitting = state.matches('submitting');
  const canNext =
    (step === 'customer' && context.customer !== null) ||
    (step === 'period' && period.formState.isValid) ||
    (step === 'items' && context.lines.length > 0);
  const next =
    step === 'period'
      ? period.handleSubmit(({ planned_start, planned_finish }) => {
          send({ type: 'SET_PERIOD', start: planned_start, finish: planned_finish });
          send({ type: 'NEXT' });
        })
      : async () => send({ type: 'NEXT' });
  const detailsInvalid = Object.keys(details.formState.errors).length > 0;

  return (
    <Stack gap="5">
      <PageHeading title={title} />
      <List.Root as="ol" display="flex" gap="4" listStyleType="none" ps="0" flexWrap="wrap">
        {createSteps.map((name, i) => (
          <List.Item
            key={name}
            aria-current={name === step ? 'step' : undefined}
            fontWeight={name === step ? 'semibold' : 'normal'}
            color={i > index ? 'fg.muted' : 'fg'}
          >
            {i + 1}. {t(`orders:create.steps.${name}`)}
          </List.Item>
        ))}
      </List.Root>
      <Card.Root
        as="section"
        aria-label={t('orders:create.step_of', {
          step: index + 1,
          steps: createSteps.length,
          name: t(`orders:create.steps.${step}`),
        })}
      >
        <Card.Body>
          {step === 'customer' && <CustomerStep context={context} send={send} locationId={locationId} />}
          {step === 'period' && <PeriodStep form={period} />}
          {step === 'items' && (
            <ItemsStep
              context={context}
              send={send}
              locationId={locationId}
              money={money}
              busy={state.matches({ items: 'lookingUp' })}
            />
          )}
          {step === 'review' && <ReviewStep context={context} send={send} money={money} form={details} />}
        </Card.Body>
      </Card.Root>

      {state.matches('failed') && (
        <Alert.Root status="error" role="alert" alignItems="center">
          <Alert.Indicator />
          <Alert.Description>{t('orders:create.failed', { message: context.error ?? '' })}</Alert.Description>
          <HStack gap="2">
            <Button size="sm" onClick={() => send({ type: 'RETRY' })}>
              {t('orders:create.retry')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => send({ type: 'EDIT' })}>
              {t('orders:create.edit')}
            </Button>
          </HStack>
        </Alert.Root>
      )}

      <HStack gap="3">
        {index > 0 && (
          <Button
            variant="outline"
            disabled={submitting || state.matches('failed')}
            onClick={() => send({ type: 'BACK' })}
          >
            {t('orders:create.back')}
          </Button>
        )}
        {/* Keyed apart: a click on Next must not land on a submit button that took its place. */}
        {step !== 'review' ? (
          <Button key="next" disabled={!canNext} onClick={() => void next()}>
            {t('orders:create.next')}
          </Button>
        ) : (
          <Button
            key="submit"
            type="submit"
            form={REVIEW_FORM}
            loading={submitting}
            loadingText={t('orders:create.submitting')}
            disabled={state.matches('failed') || detailsInvalid}
          >
            {t('orders:create.submit')}
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
