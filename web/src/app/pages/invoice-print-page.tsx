import type { InvoiceDetail } from '@nine/shared/schemas/invoices';
import { ReceiptPrintButton } from '../../features/agent/printing/receipt-print-button.tsx';
import { buildInvoiceReceipt } from '../../features/invoices/print/invoice-receipt.ts';
import { useBusinessInfo } from '../../features/settings/api/get-business-info.ts';
import { currentLanguage, useAppTranslation } from '../../lib/i18n.ts';
import { InvoicePrint, type InvoicePrintWidth } from '../../features/invoices/print/invoice-print.tsx';
import { useSession } from '../../features/session/session-context.tsx';
import { pathWith, type RouteName } from '../route-table.ts';
import { useRouteId } from '../use-route-id.ts';
import { NotFoundPage } from './not-found-page.tsx';

/** The invoice on the counter's receipt printer through the paired agent, else through the browser. */
export function InvoiceReceiptPrintButton({
  invoice,
  locationId,
  size = 'sm',
}: {
  invoice: InvoiceDetail;
  locationId: number;
  size?: 'sm' | 'md';
}) {
  const { t } = useAppTranslation();
  const business = useBusinessInfo(locationId).data ?? null;
  return (
    <ReceiptPrintButton
      size={size}
      receipt={() => buildInvoiceReceipt({ t, invoice, business, locale: currentLanguage() })}
    >
      {t('money:invoices.print.print_receipt')}
    </ReceiptPrintButton>
  );
}

function PrintPage({ route, width }: { route: RouteName; width: InvoicePrintWidth }) {
  const id = useRouteId(route);
  const locationId = useSession()?.locationId ?? null;
  if (id === null) return <NotFoundPage />;
  if (locationId === null) return null;
  return (
    <InvoicePrint
      id={id}
      locationId={locationId}
      width={width}
      backHref={pathWith('invoice', { id })}
      controls={(invoice) => (
        <InvoiceReceiptPrintButton invoice={invoice} locationId={locationId} size="md" />
      )}
    />
  );
}

/** invoices/:id/print: A4 through the browser, or the receipt through the agent. */
export function InvoicePrintPage() {
  return <PrintPage route="invoicePrint" width="a4" />;
}

/** invoices/:id/print-55mm: the 55 mm receipt, through the agent when paired, else the browser. */
export function InvoicePrint55mmPage() {
  return <PrintPage route="invoicePrint55mm" width="55mm" />;
}
