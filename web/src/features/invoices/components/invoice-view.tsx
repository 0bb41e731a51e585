import { Badge, Button, DataList, Grid, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { LinkButtons, type LinkTarget } from '../../../components/link-buttons.tsx';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { amountColumn } from '../../../components/data-table/amount-column.ts';
import { RecordLoadFailed, RecordLoading } from '../../../components/record-load-state.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { currentLanguage, useAppTranslation, type AppT } from '../../../lib/i18n.ts';
import { useNotify } from '../../../lib/toast.tsx';
import { useAddAdhocCharge } from '../api/add-adhoc-charge.ts';
import { useCreateCreditNote } from '../api/create-credit-note.ts';
import { useInvoice, type InvoiceDetail } from '../api/get-invoice.ts';
import { usePostInvoice } from '../api/post-invoice.ts';
import { formatDate, formatDateTime, formatMoney, formatRate } from '../../../lib/format.ts';
import { AdhocChargeDialog, CreditNoteDialog, PostInvoiceDialog } from './invoice-action-dialogs.tsx';
import { InvoiceStatusBadge } from './invoice-table.tsx';
import { newIdempotencyKey } from '../../../lib/random-id.ts';
import { PageHeading } from '../../../components/page-heading.tsx';

export interface InvoiceViewProps {
  id: number;
  locationId: number;
  /** financial_transaction change: post, add an ad-hoc charge. */
  canChange: boolean;
  /** financial_transaction manage: correct a posted invoice by a credit note. */
  canCredit: boolean;
  listHref(invoice: InvoiceDetail): string;
  invoiceHref(id: number): string;
  orderHref(invoice: InvoiceDetail): string | null;
  printLinks: readonly LinkTarget[];
  /** The receipt print button, composed by the page (the agent is another feature). */
  printAction?(invoice: InvoiceDetail): ReactNode;
  onOpenInvoice(id: number): void;
}

const methodKeys = ['cash', 'card', 'external', 'account_credit'] as const;
export function methodLabel(t: AppT, method: string): string {
  return (methodKeys as readonly string[]).includes(method)
    ? t(`money:invoices.methods.${method as (typeof methodKeys)[number]}`)
    : method;
}

/** A tax line's label: its name and rate, or "Tax" when the taxes are combined. */
export function taxLabel(t: AppT, tax: { name: string; rate_bp: number }, language: string): string {
  const rate = formatRate(tax.rate_bp, language);
  return t('money:invoices.view.tax_line', { name: tax.name || t('money:invoices.view.tax'), rate });
}

/** A payment or one of its refunds, as a row of the invoice's payments table. */
interface MoneyMove {
  key: string;
  at: string;
  label: string;
  /** Who took the payment, or why the refund was made. */
  note: string | null;
  amount_minor: number;
}

/** Each payment followed by its refunds (negative). */
function moneyMoves(t: AppT, invoice: InvoiceDetail): MoneyMove[] {
  return invoice.payments.flatMap((payment) => [
    {
      key: `p${payment.id}`,
      at: payment.created_at,
      label: methodLabel(t, payment.method),
      note: payment.created_by,
      amount_minor: payment.amount_minor,
    },
    ...payment.refunds.map((refund) => ({
      key: `r${refund.id}`,
      at: refund.created_at,
      label: t('money:invoices.view.refund'),
      note: refund.reason,
      amount_minor: -refund.amount_minor,
    })),
  ]);
}

type Dialog = 'post' | 'credit' | 'adhoc' | null;

/** The invoice: header, customer, order, lines, taxes, totals, payments and refunds, and its actions. */
export function InvoiceView(props: InvoiceViewProps) {
  const { t } = useAppTranslation();
  const query = useInvoice(props.locationId, props.id);

  if (query.isPending) return <RecordLoading />;
  if (query.isError) {
    return (
      <RecordLoadFailed
        error={query.error}
        notFound={t('money:invoices.view.not_found')}
        failed={t('money:invoices.view.load_failed')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <InvoiceScreen {...props} invoice={query.data} />;
}

type InvoiceLine = InvoiceDetail['lines'][number];

function InvoiceScreen(props: InvoiceViewProps & { invoice: InvoiceDetail }) {
  const { invoice } = props;
  const { t } = useAppTranslation();
  const notify = useNotify();
  const language = currentLanguage();
  const money = (minor: number) => formatMoney(minor, invoice.settings.currency_symbol, language);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const post = usePostInvoice(props.locationId);
  const credit = useCreateCreditNote(props.locationId);
  const adhoc = useAddAdhocCharge(props.locationId);
  const errorOf = (error: Error | null) => (error === null ? null : error.message);
  const close = () => {
    setDialog(null);
    post.reset();
    credit.reset();
    adhoc.reset();
  };
  const done = (title: string) => {
    notify({ type: 'success', title });
    setKey(newIdempotencyKey());
    close();
  };

  const orderHref = props.orderHref(invoice);
  const canPost = props.canChange && invoice.actions.post;
  const canCredit = props.canCredit && invoice.actions.credit_note;
  const canAdhoc = props.canChange && invoice.actions.adhoc_charge;

  const totals: [string, string, boolean?][] = [
    [t('money:invoices.columns.subtotal'), money(invoice.subtotal_minor)],
    ...(invoice.discount_minor !== 0
      ? [[t('money:invoices.columns.discount'), money(-invoice.discount_minor)] as [string, string]]
      : []),
    ...invoice.taxes.map((tax) => [taxLabel(t, tax, language), money(tax.amount_minor)] as [string, string]),
    [t('money:invoices.view.total_tax'), money(invoice.tax_minor)],
    [t('money:invoices.columns.total'), money(invoice.total_minor), true],
    [t('money:invoices.columns.paid'), money(invoice.paid_minor)],
    ...(invoice.refunded_minor > 0
      ? [[t('money:invoices.view.refunded'), money(invoice.refunded_minor)] as [string, string]]
      : []),
    [t('money:invoices.columns.balance'), money(invoice.balance_minor), true],
  ];

  return (
    <Stack gap="5">
      <HStack justify="space-between" wrap="wrap" gap="3" align="flex-start">
        <Stack gap="1">
          <PageHeading title={t('money:invoices.view.heading', { number: invoice.number })} />
          <HStack gap="2">
            <Badge variant="outline">{t(`money:invoices.types.${invoice.type}`)}</Badge>
            <InvoiceStatusBadge t={t} status={invoice.status} />
          </HStack>
        </Stack>
        <HStack gap="2" wrap="wrap">
          <Button asChild size="sm" variant="ghost">
            <Link href={props.listHref(invoice)}>{t('money:invoices.view.back')}</Link>
          </Button>
          <LinkButtons links={props.printLinks} variant="outline" />
        </HStack>
      </HStack>

      {(canPost || canCredit || canAdhoc || props.printAction) && (
        <HStack
          as="section"
          aria-label={t('money:invoices.view.actions')}
          gap="2"
          wrap="wrap"
          align="flex-start"
        >
          {canPost && (
            <Button colorPalette="blue" onClick={() => setDialog('post')}>
              {t('money:invoices.actions.post')}
            </Button>
          )}
          {canAdhoc && (
            <Button variant="outline" onClick={() => setDialog('adhoc')}>
              {t('money:invoices.actions.adhoc')}
            </Button>
          )}
          {canCredit && (
            <Button variant="outline" colorPalette="red" onClick={() => setDialog('credit')}>
              {t('money:invoices.actions.credit')}
            </Button>
          )}
          {props.printAction?.(invoice)}
        </HStack>
      )}

      {invoice.status === 'posted' && invoice.type !== 'credit_note' && (
        <Text fontSize="sm" color="fg.muted">
          {invoice.credited_by !== null ? (
            <>
              {t('money:invoices.view.credited_by')}{' '}
              <ChakraLink asChild colorPalette="blue" variant="underline">
                <Link
                  href={props.invoiceHref(invoice.credited_by.id)}
                >{`#${invoice.credited_by.number}`}</Link>
              </ChakraLink>
            </>
          ) : (
            t('money:invoices.view.posted_note')
          )}
        </Text>
      )}

      <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="4">
        <SectionCard title={t('money:invoices.view.details')}>
          <DataList.Root orientation="horizontal" size="sm">
            {(
              [
                [t('money:invoices.columns.created_at'), formatDateTime(invoice.created_at)],
                [t('money:invoices.columns.in_progress_at'), formatDateTime(invoice.in_progress_at)],
                [t('money:invoices.columns.posted_at'), formatDateTime(invoice.posted_at) || '—'],
                [t('money:invoices.columns.billing_from'), formatDate(invoice.billing_from) || '—'],
                [t('money:invoices.columns.billing_to'), formatDate(invoice.billing_to) || '—'],
              ] as const
            ).map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue>{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
            <DataList.Item>
              <DataList.ItemLabel>{t('money:invoices.columns.order')}</DataList.ItemLabel>
              <DataList.ItemValue>
                {invoice.order_number === null ? (
                  '—'
                ) : orderHref === null ? (
                  `#${invoice.order_number}`
                ) : (
                  <ChakraLink asChild colorPalette="blue" variant="underline">
                    <Link href={orderHref}>
                      {t('money:invoices.view.order_link', { number: invoice.order_number })}
                    </Link>
                  </ChakraLink>
                )}
              </DataList.ItemValue>
            </DataList.Item>
            {invoice.credits !== null && (
              <DataList.Item>
                <DataList.ItemLabel>{t('money:invoices.view.credits')}</DataList.ItemLabel>
                <DataList.ItemValue>
                  <ChakraLink asChild colorPalette="blue" variant="underline">
                    <Link href={props.invoiceHref(invoice.credits.id)}>{`#${invoice.credits.number}`}</Link>
                  </ChakraLink>
                </DataList.ItemValue>
              </DataList.Item>
            )}
          </DataList.Root>
        </SectionCard>
        <SectionCard title={t('money:invoices.view.customer')}>
          {invoice.customer_detail === null ? (
            <Text color="fg.muted">{t('money:invoices.list.no_customer')}</Text>
          ) : (
            <Stack gap="1">
              <Text fontWeight="semibold">{invoice.customer_detail.name}</Text>
              {invoice.customer_detail.phone !== null && <Text>{invoice.customer_detail.phone}</Text>}
              {invoice.customer_detail.email !== null && <Text>{invoice.customer_detail.email}</Text>}
              {invoice.customer_detail.address !== null && <Text>{invoice.customer_detail.address}</Text>}
            </Stack>
          )}
        </SectionCard>
      </Grid>

      <SectionCard title={t('money:invoices.view.lines')}>
        <DataTable<InvoiceLine>
          columns={[
            {
              id: 'description',
              title: t('money:invoices.view.description'),
              cell: (line) => line.description,
            },
            {
              id: 'quantity',
              title: t('money:invoices.view.quantity'),
              cell: (line) => line.quantity,
              align: 'end',
            },
            amountColumn(
              'unit_price',
              t('money:invoices.view.unit_price'),
              (line) => line.unit_price_minor,
              money,
            ),
            amountColumn(
              'discount',
              t('money:invoices.columns.discount'),
              (line) => line.discount_minor,
              money,
            ),
            amountColumn('tax', t('money:invoices.columns.tax'), (line) => line.tax_minor, money),
            amountColumn('amount', t('money:invoices.view.amount'), (line) => line.total_minor, money),
          ]}
          rows={invoice.lines}
          rowId={(line) => line.id}
          caption={t('money:invoices.view.lines')}
          empty={t('money:invoices.view.no_lines')}
        />
      </SectionCard>

      <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="4">
        <SectionCard title={t('money:invoices.view.totals')}>
          <DataList.Root orientation="horizontal" size="sm">
            {totals.map(([label, value, strong]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel fontWeight={strong ? 'semibold' : undefined}>{label}</DataList.ItemLabel>
                <DataList.ItemValue fontWeight={strong ? 'semibold' : undefined}>{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
          {invoice.settings.is_tax_included && (
            <Text mt="3" fontSize="sm" color="fg.muted">
              {t('money:invoices.view.tax_included')}
            </Text>
          )}
          {invoice.settings.tax_comment !== null && invoice.settings.tax_comment.trim() !== '' && (
            <Text mt="2" fontSize="sm" whiteSpace="pre-line">
              {invoice.settings.tax_comment}
            </Text>
          )}
        </SectionCard>
        <SectionCard title={t('money:invoices.view.payments')}>
          {invoice.payments.length === 0 ? (
            <Text color="fg.muted">{t('money:invoices.view.no_payments')}</Text>
          ) : (
            <DataTable<MoneyMove>
              columns={[
                { id: 'date', title: t('money:invoices.view.date'), cell: (move) => formatDateTime(move.at) },
                {
                  id: 'method',
                  title: t('money:invoices.view.method'),
                  cell: (move) => (
                    <>
                      {move.label}
                      {move.note !== null && <Text as="span" color="fg.muted">{` · ${move.note}`}</Text>}
                    </>
                  ),
                },
                {
                  id: 'amount',
                  title: t('money:invoices.view.amount'),
                  cell: (move) => money(move.amount_minor),
                  align: 'end',
                },
              ]}
              rows={moneyMoves(t, invoice)}
              rowId={(move) => move.key}
              caption={t('money:invoices.view.payments')}
            />
          )}
        </SectionCard>
      </Grid>

      <PostInvoiceDialog
        open={dialog === 'post'}
        number={invoice.number}
        sending={post.isPending}
        error={errorOf(post.error)}
        onDismiss={close}
        onSubmit={() =>
          post.mutate(invoice.id, { onSuccess: () => done(t('money:invoices.actions.posted_toast')) })
        }
      />
      <CreditNoteDialog
        open={dialog === 'credit'}
        number={invoice.number}
        sending={credit.isPending}
        error={errorOf(credit.error)}
        onDismiss={close}
        onSubmit={(reason) =>
          credit.mutate(
            { id: invoice.id, body: { reason }, key },
            {
              onSuccess: (note) => {
                done(t('money:invoices.actions.credited_toast', { number: note.number }));
                props.onOpenInvoice(note.id);
              },
            },
          )
        }
      />
      <AdhocChargeDialog
        open={dialog === 'adhoc'}
        currencySymbol={invoice.settings.currency_symbol}
        sending={adhoc.isPending}
        error={errorOf(adhoc.error)}
        onDismiss={close}
        onSubmit={(body, fieldIssues) =>
          adhoc.mutate(
            { id: invoice.id, body, key },
            {
              onSuccess: (charge) => {
                done(t('money:invoices.actions.adhoc_toast', { number: charge.number }));
                props.onOpenInvoice(charge.id);
              },
              onError: (error) => {
                if (fieldIssues(error)) adhoc.reset();
              },
            },
          )
        }
      />
    </Stack>
  );
}
