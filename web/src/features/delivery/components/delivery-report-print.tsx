import { Button, Text, chakra } from '@chakra-ui/react';
import { PrintScreen, ReportSheet } from '../../../components/print-sheet.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useDeliveryReport, type DeliveryReportParams } from '../api/get-delivery-report.ts';
import { formatDay, formatTime } from '../../../lib/format.ts';

const Cell = chakra('td', {
  base: { py: '1', pe: '2', verticalAlign: 'top', borderBottom: '1px solid #ccc' },
});
const HeadCell = chakra('th', {
  base: { py: '1', pe: '2', textAlign: 'start', borderBottom: '1px solid #000' },
});

export interface DeliveryReportPrintProps {
  locationId: number;
  locationName: string | null;
  params: DeliveryReportParams;
  backHref: string;
}

/** reports/delivery-report/print: the day's runs on an A4 sheet for the driver, through the browser. */
export function DeliveryReportPrint({
  locationId,
  locationName,
  params,
  backHref,
}: DeliveryReportPrintProps) {
  const { t } = useAppTranslation();
  const query = useDeliveryReport(locationId, params);
  const rows = query.data;

  return (
    <PrintScreen
      width="a4"
      controls={
        <Button onClick={() => window.print()} disabled={!rows}>
          {t('fulfilment:delivery.print')}
        </Button>
      }
      backHref={backHref}
      backLabel={t('fulfilment:delivery.back')}
      loading={query.isPending}
      error={query.isError ? t('fulfilment:delivery.load_failed') : null}
    >
      {rows && (
        <ReportSheet
          locationName={locationName}
          heading={t('fulfilment:delivery.heading', { date: formatDay(params.date) })}
        >
          <Text mb="3">
            {[
              params.type ? t(`fulfilment:delivery.types.${params.type}`) : null,
              params.status ? t(`fulfilment:delivery.statuses.${params.status}`) : null,
              t('fulfilment:delivery.count', { count: rows.length }),
            ]
              .filter((part) => part !== null)
              .join(' · ')}
          </Text>
          {rows.length === 0 ? (
            <Text>{t('fulfilment:delivery.empty')}</Text>
          ) : (
            <chakra.table width="full" borderCollapse="collapse" aria-label={t('fulfilment:delivery.table')}>
              <thead>
                <tr>
                  <HeadCell>{t('fulfilment:delivery.columns.sort')}</HeadCell>
                  <HeadCell>{t('fulfilment:delivery.columns.no')}</HeadCell>
                  <HeadCell>{t('fulfilment:delivery.columns.type')}</HeadCell>
                  <HeadCell>{t('fulfilment:delivery.columns.scheduled')}</HeadCell>
                  <HeadCell>{t('fulfilment:delivery.columns.order')}</HeadCell>
                  <HeadCell>{t('fulfilment:delivery.columns.address')}</HeadCell>
                  <HeadCell>{t('fulfilment:delivery.columns.zip_code')}</HeadCell>
                  <HeadCell>{t('fulfilment:delivery.columns.items')}</HeadCell>
                  <HeadCell>{t('fulfilment:delivery.columns.status')}</HeadCell>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <Cell>{row.sort}</Cell>
                    <Cell>{row.no}</Cell>
                    <Cell>{t(`fulfilment:delivery.types.${row.type}`)}</Cell>
                    <Cell>{formatTime(row.scheduled)}</Cell>
                    <Cell>
                      {row.order.number}
                      {row.customer !== null && <Text fontSize="9pt">{row.customer}</Text>}
                    </Cell>
                    <Cell>{row.address}</Cell>
                    <Cell>{row.zip_code ?? ''}</Cell>
                    <Cell>
                      {row.items.map((item) => (
                        <Text key={item.id}>
                          {t('fulfilment:delivery.item', { quantity: item.quantity, name: item.name })}
                          {item.sku !== null && ` (${item.sku})`}
                        </Text>
                      ))}
                    </Cell>
                    <Cell>{t(`fulfilment:delivery.statuses.${row.status}`)}</Cell>
                  </tr>
                ))}
              </tbody>
            </chakra.table>
          )}
        </ReportSheet>
      )}
    </PrintScreen>
  );
}
