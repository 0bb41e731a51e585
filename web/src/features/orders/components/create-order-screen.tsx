import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Field,
  HStack,
  Heading,
  IconButton,
  Input,
  List,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { STAFF_NOTE_MAX } from '@nine/shared/constants';
import { formatMoney } from '@nine/shared/money';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { createCustomer, type CustomerCreateBody } from '../api/create-customer.ts';
import { createRentOrder } from '../api/create-rent-order.ts';
import { lookupCatalogue } from '../api/lookup-catalogue.ts';
import { quoteRentOrder } from '../api/quote-rent-order.ts';
import { useCustomerSearch, type CustomerMatch } from '../api/search-customers.ts';
import {
  createOrderMachine,
  createSteps,
  periodValid,
  type CreateOrderContext,
  type CreateOrderEvent,
  type CreateStep,
  type LookupState,
} from '../create/create-order-machine.ts';
import { lineLabel } from '../create/draft-lines.ts';
import { CUSTOMER_NOTE_MAX } from './order-notes-form.tsx';
import { formatDateTime } from './format.ts';
import { PriceSummary } from './price-summary.tsx';
import { CatalogueSearchField } from './catalogue-search-field.tsx';
import { ScanField } from './scan-field.tsx';

export interface CreateOrderScreenProps {
  title: string;
  locationId: number;
  currencySymbol: string;
  orderHref(id: number): string;
}

type Send = (event: CreateOrderEvent) => void;

/** Waits for typing to pause before a search goes out. */
function useSettled(value: string, ms = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** datetime-local wants local "YYYY-MM-DDTHH:mm"; the API wants ISO instants. */
function toLocalInput(iso: string | null): string {
  if (iso === null) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function fromLocalInput(value: string): string | null {
  if (value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
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
  const [search, setSearch] = useState('');
  const results = useCustomerSearch(locationId, useSettled(search));
  const [draft, setDraft] = useState<CustomerCreateBody>({ first_name: '', last_name: '' });
  // One key per customer-create attempt, kept for a retry of the same form.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const create = useMutation({
    mutationFn: () => createCustomer(draft, key),
    onSuccess: (customer) => {
      send({ type: 'CHOOSE_CUSTOMER', customer });
      setDraft({ first_name: '', last_name: '' });
      setKey(crypto.randomUUID());
    },
  });
  const edit = (change: Partial<CustomerCreateBody>) => {
    setDraft((current) => ({ ...current, ...change }));
    setKey(crypto.randomUUID());
  };

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

  const rows: CustomerMatch[] = results.data?.rows ?? [];
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
      <Stack gap="3">
        <Field.Root>
          <Field.Label>{t('orders:create.customer_search')}</Field.Label>
          <Input
            type="search"
            autoFocus
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <Field.HelperText>{t('orders:create.customer_search_hint')}</Field.HelperText>
        </Field.Root>
        {results.data !== undefined && rows.length === 0 && (
          <Text color="fg.muted">{t('orders:create.no_customers')}</Text>
        )}
        {rows.length > 0 && (
          <List.Root aria-label={t('orders:create.customer_results')} gap="2" listStyleType="none" ps="0">
            {rows.map((customer) => (
              <List.Item key={customer.id}>
                <HStack justify="space-between" borderWidth="1px" borderRadius="l2" px="3" py="2">
                  <Stack gap="0">
                    <Text fontWeight="medium">{customer.name}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {[customer.email, customer.phone].filter(Boolean).join(' · ')}
                    </Text>
                  </Stack>
                  <Button size="xs" onClick={() => send({ type: 'CHOOSE_CUSTOMER', customer })}>
                    {t('orders:create.choose')}
                  </Button>
                </HStack>
              </List.Item>
            ))}
          </List.Root>
        )}
      </Stack>
      <Stack
        as="form"
        gap="3"
        onSubmit={(event) => {
          event.preventDefault();
          if (draft.first_name.trim() !== '' && draft.last_name.trim() !== '') create.mutate();
        }}
      >
        <Heading as="h3" size="sm">
          {t('orders:create.new_customer')}
        </Heading>
        <SimpleGrid columns={2} gap="3">
          <Field.Root required>
            <Field.Label>{t('orders:create.first_name')}</Field.Label>
            <Input
              value={draft.first_name}
              onChange={(event) => edit({ first_name: event.currentTarget.value })}
            />
          </Field.Root>
          <Field.Root required>
            <Field.Label>{t('orders:create.last_name')}</Field.Label>
            <Input
              value={draft.last_name}
              onChange={(event) => edit({ last_name: event.currentTarget.value })}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('orders:create.email')}</Field.Label>
            <Input
              type="email"
              value={draft.email ?? ''}
              onChange={(event) => edit({ email: event.currentTarget.value || undefined })}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('orders:create.phone')}</Field.Label>
            <Input
              type="tel"
              value={draft.phone ?? ''}
              onChange={(event) => edit({ phone: event.currentTarget.value || undefined })}
            />
          </Field.Root>
        </SimpleGrid>
        {create.isError && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{create.error.message}</Alert.Description>
          </Alert.Root>
        )}
        <Button
          type="submit"
          alignSelf="flex-start"
          variant="outline"
          loading={create.isPending}
          disabled={draft.first_name.trim() === '' || draft.last_name.trim() === ''}
        >
          {t('orders:create.create_customer')}
        </Button>
      </Stack>
    </SimpleGrid>
  );
}

function PeriodStep({ context, send }: { context: CreateOrderContext; send: Send }) {
  const { t } = useAppTranslation();
  const bothSet = context.start !== null && context.finish !== null;
  const invalid = bothSet && !periodValid(context.start, context.finish);
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" maxW="2xl">
      <Field.Root required>
        <Field.Label>{t('orders:create.planned_start')}</Field.Label>
        <Input
          type="datetime-local"
          value={toLocalInput(context.start)}
          onChange={(event) =>
            send({
              type: 'SET_PERIOD',
              start: fromLocalInput(event.currentTarget.value),
              finish: context.finish,
            })
          }
        />
      </Field.Root>
      <Field.Root required invalid={invalid}>
        <Field.Label>{t('orders:create.planned_finish')}</Field.Label>
        <Input
          type="datetime-local"
          value={toLocalInput(context.finish)}
          onChange={(event) =>
            send({
              type: 'SET_PERIOD',
              start: context.start,
              finish: fromLocalInput(event.currentTarget.value),
            })
          }
        />
        <Field.ErrorText>{t('orders:create.finish_after_start')}</Field.ErrorText>
      </Field.Root>
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
    case 'not_found':
      return <Text color="fg.error">{t('orders:create.not_found', { code: lookup.code })}</Text>;
    case 'already_added':
      return <Text color="fg.warning">{t('orders:create.already_added', { item: lookup.label })}</Text>;
    case 'failed':
      return <Text color="fg.error">{t('orders:create.lookup_failed', { message: lookup.message })}</Text>;
    case 'several':
      return (
        <Stack gap="2">
          <Text>{t('orders:create.several_matches', { code: lookup.code })}</Text>
          <HStack gap="2" wrap="wrap">
            {lookup.matches.map((match) => (
              <Button
                key={`${match.product_id}-${match.item_id ?? ''}`}
                size="xs"
                variant="outline"
                onClick={() => send({ type: 'ADD_MATCH', match })}
              >
                {lineLabel({ match })}
              </Button>
            ))}
          </HStack>
        </Stack>
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
        <Table.ScrollArea borderWidth="1px" borderRadius="l2">
          <Table.Root size="sm" aria-label={t('orders:create.lines')}>
            <Table.Body>
              {context.lines.map((line, index) => {
                const label = lineLabel(line);
                const quoted = context.quote?.lines[index];
                return (
                  <Table.Row key={line.key}>
                    <Table.Cell>
                      <Text fontWeight="medium">{label}</Text>
                      <Text fontSize="xs" color="fg.muted">
                        {line.match.product_category ?? line.match.product_sku}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>
                      {line.match.kind === 'product' ? (
                        <Input
                          size="xs"
                          width="20"
                          type="number"
                          min={0}
                          max={999}
                          aria-label={t('orders:create.quantity_for', { item: label })}
                          value={line.quantity}
                          onChange={(event) =>
                            send({
                              type: 'SET_QUANTITY',
                              key: line.key,
                              quantity: Number(event.currentTarget.value),
                            })
                          }
                        />
                      ) : (
                        line.quantity
                      )}
                    </Table.Cell>
                    <Table.Cell>
                      {line.available === true && (
                        <Badge colorPalette="green">{t('orders:create.available')}</Badge>
                      )}
                      {line.available === false && (
                        <Badge colorPalette="red">{t('orders:create.unavailable')}</Badge>
                      )}
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      {quoted ? money(quoted.unit_price_minor * quoted.quantity) : ''}
                    </Table.Cell>
                    <Table.Cell>
                      <IconButton
                        size="xs"
                        variant="ghost"
                        aria-label={t('orders:create.remove', { item: label })}
                        onClick={() => send({ type: 'REMOVE_LINE', key: line.key })}
                      >
                        ×
                      </IconButton>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}

/** The review: who, when, the lines at their quoted price, and the price as the receipt will show it. */
export function ReviewStep({
  context,
  send,
  money,
}: {
  context: CreateOrderContext;
  send: Send;
  money(minor: number): string;
}) {
  const { t } = useAppTranslation();
  const noteTooLong = context.staffNote.trim().length > STAFF_NOTE_MAX;
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
      <Field.Root>
        <Field.Label>{t('orders:create.status')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={context.status}
            onChange={(event) =>
              send({
                type: 'SET_DETAILS',
                status: event.currentTarget.value === 'pending' ? 'pending' : 'confirmed',
              })
            }
          >
            <option value="confirmed">{t('orders:create.status_confirmed')}</option>
            <option value="pending">{t('orders:create.status_pending')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root invalid={noteTooLong}>
        <Field.Label>{t('orders:create.staff_note')}</Field.Label>
        <Textarea
          rows={2}
          value={context.staffNote}
          onChange={(event) => send({ type: 'SET_DETAILS', staffNote: event.currentTarget.value })}
        />
        <Field.ErrorText>{t('orders:notes.too_long', { max: STAFF_NOTE_MAX })}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={context.customerNote.trim().length > CUSTOMER_NOTE_MAX}>
        <Field.Label>{t('orders:create.customer_note')}</Field.Label>
        <Textarea
          rows={2}
          value={context.customerNote}
          onChange={(event) => send({ type: 'SET_DETAILS', customerNote: event.currentTarget.value })}
        />
      </Field.Root>
      <Checkbox.Root
        checked={context.ccSkipped}
        onCheckedChange={(details) => send({ type: 'SET_DETAILS', ccSkipped: details.checked === true })}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('orders:create.cc_skipped')}</Checkbox.Label>
      </Checkbox.Root>
    </Stack>
  );
}

/** Creating a rent order, step by step (create-order); the flow itself is createOrderMachine. */
export function CreateOrderScreen({ title, locationId, currencySymbol, orderHref }: CreateOrderScreenProps) {
  const { t } = useAppTranslation();
  const machine = useMemo(
    () =>
      createOrderMachine.provide({
        actors: {
          lookup: fromPromise(({ input, signal }) => lookupCatalogue('rent', input.code, { signal })),
          quote: fromPromise(({ input, signal }) => quoteRentOrder(input, { signal })),
          create: fromPromise(({ input }) => createRentOrder(input.body, input.key)),
        },
      }),
    [],
  );
  const [state, send] = useMachine(machine, { input: {} });
  const { context } = state;
  const money = (minor: number) => formatMoney(minor, currencySymbol, currentLanguage());

  if (state.matches('done') && context.created !== null) {
    return (
      <Stack gap="4" align="flex-start">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{t('orders:create.created', { number: context.created.number })}</Alert.Title>
        </Alert.Root>
        <HStack gap="3">
          <Button asChild>
            <Link href={orderHref(context.created.id)}>{t('orders:create.open_order')}</Link>
          </Button>
          <Button variant="outline" onClick={() => send({ type: 'START_OVER' })}>
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
    (step === 'period' && periodValid(context.start, context.finish)) ||
    (step === 'items' && context.lines.length > 0);

  return (
    <Stack gap="5">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
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
          {step === 'period' && <PeriodStep context={context} send={send} />}
          {step === 'items' && (
            <ItemsStep
              context={context}
              send={send}
              locationId={locationId}
              money={money}
              busy={state.matches({ items: 'lookingUp' })}
            />
          )}
          {step === 'review' && <ReviewStep context={context} send={send} money={money} />}
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
        {step !== 'review' ? (
          <Button disabled={!canNext} onClick={() => send({ type: 'NEXT' })}>
            {t('orders:create.next')}
          </Button>
        ) : (
          <Button
            loading={submitting}
            loadingText={t('orders:create.submitting')}
            disabled={state.matches('failed') || context.staffNote.trim().length > STAFF_NOTE_MAX}
            onClick={() => send({ type: 'SUBMIT' })}
          >
            {t('orders:create.submit')}
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
