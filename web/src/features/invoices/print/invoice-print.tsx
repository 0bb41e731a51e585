import { Box, Button, HStack, Link as ChakraLink, Text, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatMoney } from '@nine/shared/money';
import { ApiError } from '../../../lib/api-client.ts';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { useInvoice, type InvoiceDetail } from '../api/get-invoice.ts';
import { formatDate, formatDateTime } from '../components/format.ts';
import { methodLabel, taxLabel } from '../components/invoice-view.tsx';

/** A4 for the office printer, or the 55 mm receipt width (spec section 9). */
export type InvoicePrintWidth = 'a4' | '55mm';

/** The print stylesheet: page size and margins, and nothing on paper but the document. */
export function invoicePrintStylesheet(width: InvoicePrintWidth): string {
  const page =
    width === 'a4' ? '@page { size: A4; margin: 12mm; }' : '@page { size: 55mm auto; margin: 2mm; }';
  return `${page}
@media print {
  html, body { background: #fff !important; color: #000 !important; }
  .nine-no-print { display: none !important; }
  .nine-print-sheet { box-shadow: none !important; border: 0 !important; margin: 0 !important; padding: 0 !important; }
}`;
}

export interface InvoicePrintProps {
  id: number;
  locationId: number;
  width: InvoicePrintWidth;
  backHref: string;
  /** Print controls composed by the page: the receipt through the agent when paired, else the browser. */
  controls?(invoice: InvoiceDetail): ReactNode;
}

const sheetWidth: Record<InvoicePrintWidth, string> = { a4: '186mm', '55mm': '51mm' };

/** A printable invoice: A4 through the browser's print dialog, the receipt through the page's controls. */
export function InvoicePrint(props: InvoicePrintProps) {
  const { t } = useAppTranslation();
  const query = useInvoice(props.locationId, props.id);

  return (
    <Box bg={{ base: 'bg.muted', _print: 'white' }} minH="100dvh" py={{ base: '6', _print: '0' }} px="2">
      <style>{invoicePrintStylesheet(props.width)}</style>
      <HStack className="nine-no-print" justify="center" gap="3" mb="4" wrap="wrap" align="flex-start">
        {props.width === 'a4' && (
          <Button onClick={() => window.print()} disabled={!query.data}>
            {t('money:invoices.print.print_a4')}
          </Button>
        )}
        {query.data && props.controls?.(query.data)}
        <ChakraLink asChild colorPalette="blue" variant="underline" mt="2">
          <Link href={props.backHref}>{t('money:invoices.print.back')}</Link>
        </ChakraLink>
      </HStack>
      {query.isPending && (
        <Text className="nine-no-print" textAlign="center">
          {t('common:loading')}
        </Text>
      )}
      {query.isError && (
        <Text className="nine-no-print" role="alert" textAlign="center">
          {query.error instanceof ApiError && query.error.status === 404
            ? t('money:invoices.view.not_found')
            : t('money:invoices.view.load_failed')}
        </Text>
      )}
      {query.data && <PrintSheet invoice={query.data} width={props.width} />}
    </Box>
  );
}

const Cell = chakra('td', { base: { py: '1', pe: '2', verticalAlign: 'top' } });
const HeadCell = chakra('th', {
  base: { py: '1', pe: '2', textAlign: 'start', borderBottom: '1px solid #000' },
});

function PrintSheet({ invoice, width }: { invoice: InvoiceDetail; width: InvoicePrintWidth }) {
  const { t } = useAppTranslation();
  const language = currentLanguage();
  const money = (minor: number) => formatMoney(minor, invoice.settings.currency_symbol, language);
  const receipt = width !== 'a4';
  const header = invoice.settings.invoice_print_header;
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
    <Box
      as="article"
      aria-label={t('money:invoices.print.sheet', { number: invoice.number })}
      className="nine-print-sheet"
      bg="white"
      color="black"
      mx="auto"
      width={sheetWidth[width]}
      maxW="full"
      p={receipt ? '2' : '8'}
      shadow="md"
      fontSize={receipt ? '9pt' : '10pt'}
      fontFamily={receipt ? 'mono' : undefined}
    >
      {header !== null && header.trim() !== '' && (
        <Text whiteSpace="pre-line" textAlign="center" mb="3" fontWeight="semibold">
          {header}
        </Text>
      )}
      <Text
        as="h1"
        fontSize={receipt ? '11pt' : '16pt'}
        fontWeight="bold"
        textAlign={receipt ? 'center' : 'start'}
      >
        {t(
          invoice.type === 'credit_note'
            ? 'money:invoices.print.credit_heading'
            : 'money:invoices.print.heading',
          {
            number: invoice.number,
          },
        )}
      </Text>
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
          <Box mt="1">
            <Text>
              {t('money:invoices.columns.customer')}: {invoice.customer_detail.name}
            </Text>
            {invoice.customer_detail.phone !== null && <Text>{invoice.customer_detail.phone}</Text>}
            {!receipt && invoice.customer_detail.address !== null && (
              <Text>{invoice.customer_detail.address}</Text>
            )}
          </Box>
        )}
      </Box>

      {receipt ? (
        <Box borderTop="1px dashed #000" borderBottom="1px dashed #000" py="1">
          {invoice.lines.map((line) => (
            <Box key={line.id} py="0.5">
              <Text>{line.description}</Text>
              <HStack justify="space-between">
                <Text>
                  {line.quantity} × {money(line.unit_price_minor)}
                </Text>
                <Text>{money(line.unit_price_minor * line.quantity - line.discount_minor)}</Text>
              </HStack>
            </Box>
          ))}
        </Box>
      ) : (
        <chakra.table width="full" borderCollapse="collapse">
          <thead>
            <tr>
              <HeadCell>{t('money:invoices.view.description')}</HeadCell>
              <HeadCell textAlign="end">{t('money:invoices.view.quantity')}</HeadCell>
              <HeadCell textAlign="end">{t('money:invoices.view.unit_price')}</HeadCell>
              <HeadCell textAlign="end">{t('money:invoices.columns.discount')}</HeadCell>
              <HeadCell textAlign="end">{t('money:invoices.view.amount')}</HeadCell>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line) => (
              <tr key={line.id}>
                <Cell>{line.description}</Cell>
                <Cell textAlign="end">{line.quantity}</Cell>
                <Cell textAlign="end">{money(line.unit_price_minor)}</Cell>
                <Cell textAlign="end">{money(line.discount_minor)}</Cell>
                <Cell textAlign="end">
                  {money(line.unit_price_minor * line.quantity - line.discount_minor)}
                </Cell>
              </tr>
            ))}
          </tbody>
        </chakra.table>
      )}

      <Box mt="3" ms={receipt ? undefined : 'auto'} width={receipt ? 'full' : '70mm'}>
        {totals.map(([label, value]) => (
          <HStack key={label} justify="space-between">
            <Text>{label}</Text>
            <Text fontWeight="semibold">{money(value)}</Text>
          </HStack>
        ))}
      </Box>
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
      {receipt && (
        <Text mt="3" textAlign="center">
          {t('money:invoices.receipt.thanks')}
        </Text>
      )}
    </Box>
  );
}
