import { Box, Button, HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format.ts';
import {
  PrintLines,
  PrintScreen,
  PrintSheet,
  PrintTotals,
  type PrintWidth,
} from '../../../components/print-sheet.tsx';
import { PrintCustomer } from '../../../components/print-customer.tsx';
import { loadFailureText } from '../../../components/record-load-state.tsx';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { useInvoice, type InvoiceDetail } from '../api/get-invoice.ts';
import { methodLabel, taxLabel } from '../components/invoice-view.tsx';

/** A4 for the office printer, or the 55 mm receipt width (spec section 9). */
export type InvoicePrintWidth = Extract<PrintWidth, 'a4' | '55mm'>;

export interface InvoicePrintProps {
  id: number;
  locationId: number;
  width: InvoicePrintWidth;
  backHref: string;
  /** Print controls composed by the page: the receipt through the agent when paired, else the browser. */
  controls?(invoice: InvoiceDetail): ReactNode;
}

/** A printable invoice: A4 through the browser's print dialog, the receipt through the page's controls. */
export function InvoicePrint(props: InvoicePrintProps) {
  const { t } = useAppTranslation();
  const query = useInvoice(props.locationId, props.id);

  return (
    <PrintScreen
      width={props.width}
      controls={
        <>
          {props.width === 'a4' && (
            <Button onClick={() => window.print()} disabled={!query.data}>
              {t('money:invoices.print.print_a4')}
            </Button>
          )}
          {query.data && props.controls?.(query.data)}
        </>
      }
      backHref={props.backHref}
      backLabel={t('money:invoices.print.back')}
      loading={query.isPending}
      error={loadFailureText(
        query.error,
        t('money:invoices.view.not_found'),
        t('money:invoices.view.load_failed'),
      )}
    >
      {query.data && <InvoiceSheet invoice={query.data} width={props.width} />}
    </PrintScreen>
  );
}

function InvoiceSheet({ invoice, width }: { invoice: InvoiceDetail; width: InvoicePrintWidth }) {
  const { t } = useAppTranslation();
  const language = currentLanguage();
  const money = (minor: number) => formatMoney(minor, invoice.settings.currency_symbol, language);
  const receipt = width !== 'a4';
  const totals: [string, number][] = [
    [t('money:invoices.columns.subtotal'), invoice.subtotal_minor],
    ...(invoice.discount_minor !== 0
      ? [[t('money:invoices.columns.discount'), -invoice.discount_minor] as [string, number]]
      : []),
    ...invoice.taxes.map((tax) => [taxLabel(t, tax, language), tax.amount_minor] as [string, number]),
    [t('money:invoices.columns.total'), invoice.total_minor],
    [t('money:invoices.columns.paid'), invoice.paid_minor],
    [t('money:invoices.columns.balance'), invoice.balance_minor],
  ];

  return (
    <PrintSheet
      width={width}
      label={t('money:invoices.print.sheet', { number: invoice.number })}
      header={invoice.settings.invoice_print_header}
      heading={t(
        invoice.type === 'credit_note'
          ? 'money:invoices.print.credit_heading'
          : 'money:invoices.print.heading',
        { number: invoice.number },
      )}
      receiptFooter={t('money:invoices.receipt.thanks')}
    >
      <Box mt="2" mb="3">
        <Text>
          {t('money:invoices.columns.created_at')}: {formatDateTime(invoice.created_at)}
        </Text>
        {invoice.posted_at !== null && (
          <Text>
            {t('money:invoices.columns.posted_at')}: {formatDateTime(invoice.posted_at)}
          </Text>
        )}
        {invoice.billing_from !== null && invoice.billing_to !== null && (
          <Text>
            {t('money:invoices.print.period', {
              from: formatDate(invoice.billing_from),
              to: formatDate(invoice.billing_to),
            })}
          </Text>
        )}
        {invoice.order_number !== null && (
          <Text>
            {t('money:invoices.columns.order')}: #{invoice.order_number}
          </Text>
        )}
        {invoice.credits !== null && (
          <Text>
            {t('money:invoices.view.credits')}: #{invoice.credits.number}
          </Text>
        )}
        {invoice.customer_detail !== null && (
          <PrintCustomer
            label={t('money:invoices.columns.customer')}
            name={invoice.customer_detail.name}
            phone={invoice.customer_detail.phone}
            address={invoice.customer_detail.address}
            receipt={receipt}
          />
        )}
      </Box>

      <PrintLines
        receipt={receipt}
        headings={[
          t('money:invoices.view.description'),
          t('money:invoices.view.quantity'),
          t('money:invoices.view.unit_price'),
          t('money:invoices.columns.discount'),
          t('money:invoices.view.amount'),
        ]}
        lines={invoice.lines.map((line) => {
          const amount = money(line.unit_price_minor * line.quantity - line.discount_minor);
          return {
            key: line.id,
            description: line.description,
            quantity: line.quantity,
            price: money(line.unit_price_minor),
            amount,
            cells: [
              line.description,
              line.quantity,
              money(line.unit_price_minor),
              money(line.discount_minor),
              amount,
            ],
          };
        })}
      />

      <PrintTotals
        receipt={receipt}
        width="70mm"
        rows={totals.map(([label, value]) => [label, money(value)] as const)}
      />
      {invoice.payments.length > 0 && (
        <Box mt="3">
          <Text fontWeight="semibold">{t('money:invoices.view.payments')}</Text>
          {invoice.payments.map((payment) => (
            <HStack key={payment.id} justify="space-between">
              <Text>
                {formatDate(payment.created_at)} {methodLabel(t, payment.method)}
              </Text>
              <Text>{money(payment.amount_minor - payment.refunded_minor)}</Text>
            </HStack>
          ))}
        </Box>
      )}
      {invoice.settings.is_tax_included && <Text mt="3">{t('money:invoices.view.tax_included')}</Text>}
      {invoice.settings.tax_comment !== null && invoice.settings.tax_comment.trim() !== '' && (
        <Text mt="2" whiteSpace="pre-line">
          {invoice.settings.tax_comment}
        </Text>
      )}
    </PrintSheet>
  );
}
