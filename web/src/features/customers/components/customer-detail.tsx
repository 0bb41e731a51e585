import {
  Box,
  Button,
  Card,
  DataList,
  HStack,
  Heading,
  Image,
  SimpleGrid,
  Spinner,
  Stack,
  Stat,
  Tabs,
  Text,
  chakra,
} from '@chakra-ui/react';
import { useState } from 'react';
import { formatDateTime, formatDay, formatMoney } from '../../../lib/format.ts';
import { customerNoteInput, participantInput, type CustomerDetail } from '@nine/shared/schemas/customers';
import { useWatch } from 'react-hook-form';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { RowActionButton } from '../../../components/data-table/row-action-button.tsx';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useAddCustomerNote } from '../api/add-customer-note.ts';
import { useAddParticipant } from '../api/add-participant.ts';
import { useRemoveParticipant } from '../api/remove-participant.ts';
import { useCustomer } from '../api/get-customer.ts';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { CustomerFormDialog, customerMessages } from './customer-form-dialog.tsx';
import { HistoryTable, type HistoryLinks } from './history-table.tsx';
import { SmsDialog } from './sms-dialog.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';

export interface CustomerDetailViewProps {
  id: number;
  currencySymbol: string;
  canChange: boolean;
  links: HistoryLinks;
}

const TABS = ['orders', 'invoices', 'payments', 'messages', 'notes', 'participants', 'signatures'] as const;

/** Customer Detail: contact data, balance, and tabs for the customer's history and records. */
export function CustomerDetailView({ id, currencySymbol, canChange, links }: CustomerDetailViewProps) {
  const { t } = useAppTranslation();
  const query = useCustomer(id);
  const [editing, setEditing] = useState(false);
  const [texting, setTexting] = useState(false);
  const [tab, setTab] = useState<(typeof TABS)[number]>('orders');

  if (query.isPending)
    return (
      <HStack py="8" justify="center">
        <Spinner />
        <Text>{t('customers:list.loading')}</Text>
      </HStack>
    );
  if (query.isError || !query.data)
    return <MessageAlert status="error">{t('customers:detail.not_found')}</MessageAlert>;
  const customer = query.data;
  const money = (minor: number) => formatMoney(minor, currencySymbol, currentLanguage());
  const contact: [string, string | null][] = [
    [t('customers:fields.email'), customer.email],
    [t('customers:fields.phone'), customer.phone],
    [t('customers:fields.address'), customer.address],
    [t('customers:fields.postal_code'), customer.postal_code],
    [t('customers:fields.city'), customer.city],
    [t('customers:fields.country'), customer.country],
    [t('customers:fields.created_at'), formatDateTime(customer.created_at)],
  ];
  // The balance due shows red while the customer owes.
  const balance: [string, number, boolean][] = [
    [t('customers:detail.ordered'), customer.balance.ordered_minor, false],
    [t('customers:detail.paid'), customer.balance.paid_minor, false],
    [t('customers:detail.balance_due'), customer.balance.balance_minor, true],
    [t('customers:detail.invoiced'), customer.balance.invoiced_minor, false],
  ];

  return (
    <Stack gap="6">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="lg">
          {customer.name}
        </Heading>
        {canChange && !customer.is_anonymous && (
          <HStack gap="2">
            <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
              {t('customers:detail.edit')}
            </Button>
            <Button
              size="sm"
              colorPalette="blue"
              disabled={customer.phone === null}
              onClick={() => setTexting(true)}
            >
              {t('customers:detail.send_sms')}
            </Button>
          </HStack>
        )}
      </HStack>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <SectionCard title={t('customers:detail.contact')} size="md">
          <DataList.Root orientation="horizontal" size="sm">
            {contact.map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue>{value || '—'}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
          {customer.notes && (
            <Text mt="3" fontSize="sm" whiteSpace="pre-wrap">
              {customer.notes}
            </Text>
          )}
        </SectionCard>
        <SectionCard title={t('customers:detail.balance')} size="md">
          <SimpleGrid columns={2} gap="4">
            {balance.map(([label, minor, due]) => (
              <Stat.Root key={label}>
                <Stat.Label>{label}</Stat.Label>
                <Stat.ValueText color={due && minor > 0 ? 'fg.error' : undefined}>
                  {money(minor)}
                </Stat.ValueText>
              </Stat.Root>
            ))}
          </SimpleGrid>
        </SectionCard>
      </SimpleGrid>

      <Tabs.Root value={tab} onValueChange={(d) => setTab(d.value as typeof tab)} lazyMount variant="line">
        <Tabs.List overflowX="auto">
          {TABS.map((name) => (
            <Tabs.Trigger key={name} value={name}>
              {t(`customers:detail.tabs.${name}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {(['orders', 'invoices', 'payments', 'messages'] as const).map((kind) => (
          <Tabs.Content key={kind} value={kind}>
            <HistoryTable customerId={id} kind={kind} currencySymbol={currencySymbol} links={links} />
          </Tabs.Content>
        ))}
        <Tabs.Content value="notes">
          <NotesSection customer={customer} canChange={canChange} />
        </Tabs.Content>
        <Tabs.Content value="participants">
          <ParticipantsSection customer={customer} canChange={canChange} />
        </Tabs.Content>
        <Tabs.Content value="signatures">
          <SignaturesSection customer={customer} />
        </Tabs.Content>
      </Tabs.Root>

      <CustomerFormDialog open={editing} onOpenChange={setEditing} customer={customer} />
      {texting && (
        <SmsDialog
          open
          onOpenChange={(open) => {
            setTexting(open);
            // The message just sent is the one to look at.
            if (!open) setTab('messages');
          }}
          customer={customer}
        />
      )}
    </Stack>
  );
}

function NotesSection({ customer, canChange }: { customer: CustomerDetail; canChange: boolean }) {
  const { t } = useAppTranslation();
  const add = useAddCustomerNote(customer.id);
  const form = useSchemaForm(customerNoteInput, { defaultValues: { body: '' } });
  const body = useWatch({ control: form.control, name: 'body' });
  const submit = form.handleSubmit(({ body: checked }) => {
    if (add.isPending) return;
    add.mutate(checked, { onSuccess: () => form.reset({ body: '' }) });
  });
  const { TextareaField } = fieldsOf(form.control);
  return (
    <Stack gap="4" py="2">
      {canChange && (
        <chakra.form onSubmit={submit} maxW="xl" noValidate>
          <TextareaField name="body" label={t('customers:detail.note_label')} maxLength={2000} />
          <Button mt="2" size="sm" type="submit" loading={add.isPending} disabled={body.trim() === ''}>
            {t('customers:detail.add_note')}
          </Button>
        </chakra.form>
      )}
      {customer.note_log.length === 0 ? (
        <Text color="fg.muted">{t('customers:detail.empty.notes')}</Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none">
          {customer.note_log.map((note) => (
            <Box as="li" key={note.id} borderWidth="1px" borderRadius="md" p="3">
              <Text whiteSpace="pre-wrap">{note.body}</Text>
              <Text fontSize="xs" color="fg.muted" mt="1">
                {t('customers:detail.note_by', {
                  name: note.created_by_name ?? '—',
                  date: formatDateTime(note.created_at),
                })}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

type Participant = CustomerDetail['participants'][number];

function ParticipantsSection({ customer, canChange }: { customer: CustomerDetail; canChange: boolean }) {
  const { t } = useAppTranslation();
  const add = useAddParticipant(customer.id);
  const remove = useRemoveParticipant(customer.id);
  const blank = { name: '', email: '', phone: '', birth_date: null };
  const form = useSchemaForm(participantInput, { defaultValues: blank, messages: customerMessages });
  const submit = form.handleSubmit((checked) => add.mutate(checked, { onSuccess: () => form.reset(blank) }));
  const columns: DataTableColumn<Participant>[] = [
    { id: 'name', title: t('customers:fields.name'), cell: (p) => p.name },
    { id: 'email', title: t('customers:fields.email'), cell: (p) => p.email },
    { id: 'phone', title: t('customers:fields.phone'), cell: (p) => p.phone },
    { id: 'birth_date', title: t('customers:detail.birth_date'), cell: (p) => formatDay(p.birth_date) },
    ...(canChange
      ? [
          {
            id: 'actions',
            title: t('customers:list.actions'),
            cell: (p: Participant) => (
              <RowActionButton
                colorPalette="red"
                loading={remove.isPending && remove.variables === p.id}
                label={t('customers:detail.remove')}
                name={t('customers:detail.remove_named', { name: p.name })}
                onClick={() => remove.mutate(p.id)}
              />
            ),
          },
        ]
      : []),
  ];
  const { DateTimeField, TextField } = fieldsOf(form.control);
  return (
    <Stack gap="4" py="2">
      <DataTable<Participant>
        columns={columns}
        rows={customer.participants}
        rowId={(p) => p.id}
        caption={t('customers:detail.tabs.participants')}
        emptyNote={t('customers:detail.empty.participants')}
      />
      {canChange && (
        <chakra.form onSubmit={submit} noValidate>
          <Heading as="h3" size="sm" mb="2">
            {t('customers:detail.add_participant')}
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 4 }} gap="3">
            <TextField name="name" label={t('customers:fields.name')} required />
            <TextField name="email" label={t('customers:fields.email')} type="email" />
            <TextField name="phone" label={t('customers:fields.phone')} type="tel" />
            <DateTimeField name="birth_date" label={t('customers:detail.birth_date')} />
          </SimpleGrid>
          <Button mt="2" size="sm" type="submit" loading={add.isPending}>
            {t('customers:detail.add')}
          </Button>
        </chakra.form>
      )}
    </Stack>
  );
}

function SignaturesSection({ customer }: { customer: CustomerDetail }) {
  const { t } = useAppTranslation();
  if (customer.signatures.length === 0)
    return (
      <Text py="2" color="fg.muted">
        {t('customers:detail.empty.signatures')}
      </Text>
    );
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3" py="2">
      {customer.signatures.map((s) => (
        <Card.Root key={s.id} size="sm">
          <Card.Body gap="1">
            <Text fontWeight="semibold">{s.document}</Text>
            <Text fontSize="sm">{t('customers:detail.signed_by', { name: s.signer_name })}</Text>
            <Text fontSize="xs" color="fg.muted">
              {formatDateTime(s.signed_at)}
            </Text>
            {s.image !== null && (
              <Image
                src={s.image}
                alt={t('customers:detail.signature_of', { name: s.signer_name })}
                maxH="24"
                objectFit="contain"
                bg="white"
              />
            )}
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
