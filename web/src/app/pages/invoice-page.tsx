import { useLocation } from 'wouter';
import { grants } from '@nine/shared/permissions';
import { InvoiceView } from '../../features/invoices/components/invoice-view.tsx';
import { useSession } from '../../features/session/session-context.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { pathWith, pathTo } from '../route-table.ts';
import { useRouteId } from '../use-route-id.ts';
import { useViewerPermissions } from '../use-viewer-permissions.ts';
import { InvoiceReceiptPrintButton } from './invoice-print-page.tsx';
import { useInvoiceOrderHref } from './invoice-list-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';

/** invoices/:id: the invoice, its actions by permission (financial_transaction), its print views. */
export function InvoicePage() {
  const { t } = useAppTranslation();
  const id = useRouteId('invoice');
  const session = useSession();
  const permissions = useViewerPermissions() ?? [];
  const orderHref = useInvoiceOrderHref();
  const [, navigate] = useLocation();
  const locationId = session?.locationId ?? null;
  if (id === null) return <NotFoundPage />;
  if (locationId === null) return null;
  return (
    <InvoiceView
      key={`${locationId}:${id}`}
      id={id}
      locationId={locationId}
      canChange={grants(permissions, { resource: 'financial_transaction', action: 'change' })}
      canCredit={grants(permissions, { resource: 'financial_transaction', action: 'manage' })}
      listHref={(invoice) =>
        pathTo(invoice.type === 'sale' || invoice.order_type === 'sale' ? 'saleInvoices' : 'rentInvoices')
      }
      invoiceHref={(other) => pathWith('invoice', { id: other })}
      orderHref={orderHref}
      printLinks={[
        { label: t('money:invoices.print.a4'), href: pathWith('invoicePrint', { id }) },
        { label: t('money:invoices.print.receipt_55mm'), href: pathWith('invoicePrint55mm', { id }) },
      ]}
      printAction={(invoice) => (
        <InvoiceReceiptPrintButton invoice={invoice} locationId={locationId} size="md" />
      )}
      onOpenInvoice={(other) => navigate(pathWith('invoice', { id: other }))}
    />
  );
}
