import { grants } from '@nine/shared/permissions';
import { DeliveryReportPrint } from '../../features/delivery/components/delivery-report-print.tsx';
import { DeliveryReport } from '../../features/delivery/components/delivery-report.tsx';
import type { DeliveryReportParams } from '../../features/delivery/api/get-delivery-report.ts';
import { serializeReportParams } from '../../features/delivery/report-params.ts';
import { useReportUrlParams } from '../../features/delivery/use-report-url-params.ts';
import { useSession } from '../../features/session/session-context.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { pathTo, pathWith } from '../route-table.ts';
import { useViewerPermissions } from '../use-viewer-permissions.ts';
import { useScreenContext } from './use-screen-context.ts';

const orderHref = (id: number) => pathWith('rentOrder', { id });
const withParams = (path: string, params: DeliveryReportParams) => `${path}?${serializeReportParams(params)}`;
const printHref = (params: DeliveryReportParams) => withParams(pathTo('deliveryReportPrint'), params);

/** reports/delivery-report. */
export function DeliveryReportPage() {
  const { t } = useAppTranslation();
  const session = useSession();
  const permissions = useViewerPermissions() ?? [];
  const { params, change } = useReportUrlParams();
  const { currencySymbol } = useScreenContext();
  const locationId = session?.locationId ?? null;
  if (locationId === null) return null;
  return (
    <DeliveryReport
      key={locationId}
      title={t('fulfilment:titles.delivery_report')}
      locationId={locationId}
      params={params}
      onParams={change}
      orderHref={orderHref}
      printHref={printHref}
      canChange={grants(permissions, { resource: 'delivery_report', action: 'change' })}
      currencySymbol={currencySymbol}
    />
  );
}

/** reports/delivery-report/print: the same day and filters, on A4. */
export function DeliveryReportPrintPage() {
  const session = useSession();
  const { params } = useReportUrlParams();
  const locationId = session?.locationId ?? null;
  if (session === null || locationId === null) return null;
  const location = session.login.locations.find((candidate) => candidate.id === locationId);
  return (
    <DeliveryReportPrint
      locationId={locationId}
      locationName={location?.name ?? null}
      params={params}
      backHref={withParams(pathTo('deliveryReport'), params)}
    />
  );
}
