import { Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { maintenanceReportStatuses, type MaintenanceReportRow } from '@nine/shared/schemas/stock';
import { useMaintenanceReport } from '../api/get-maintenance-report.ts';
import { maintenancePeriodFigures, maintenanceTable } from './maintenance-definition.tsx';
import { Figures } from './report-controls.tsx';
import { formatDecimal } from '../../../lib/format.ts';
import { maintenanceStatusPalette, periodLabel } from './report-format.ts';
import type { MaintenanceReportState } from './report-params.ts';
import { ReportScreen, type ReportScreenProps } from './report-screen.tsx';
import { useReportData } from './use-report-data.ts';

export type MaintenanceReportProps = ReportScreenProps<MaintenanceReportState, MaintenanceReportRow>;

/** reports/maintenance: every item under a rule with where it stands, and the period's services. */
export function MaintenanceReport(props: MaintenanceReportProps) {
  const { state, onChange } = props;
  const reportData = useReportData(props, useMaintenanceReport);
  const { context, t, locale, query } = reportData;
  const ids = { period: useId(), counts: useId() };
  const data = reportData.report.data;

  return (
    <ReportScreen
      screen={props}
      data={reportData}
      definition={maintenanceTable}
      searchLabel={t('stock:reports.maintenance.search')}
      statuses={maintenanceReportStatuses.map((value) => ({
        value,
        label: t(`stock:reports.maintenance.statuses.${value}`),
      }))}
    >
      {data && (
        <Stack as="section" aria-labelledby={ids.period} gap="2" data-testid="maintenance-period">
          <Heading as="h2" size="md" id={ids.period}>
            {t('stock:reports.maintenance.period_title')} · {periodLabel(t, query, locale)}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {t('stock:reports.maintenance.period_hint')}
          </Text>
          <HStack gap="3" wrap="wrap">
            <Figures figures={maintenancePeriodFigures(data.period, context)} />
          </HStack>
        </Stack>
      )}
      {data && (
        <HStack as="section" aria-labelledby={ids.counts} gap="2" wrap="wrap">
          <Text id={ids.counts} fontWeight="semibold">
            {t('stock:reports.maintenance.counts')}
          </Text>
          {maintenanceReportStatuses.map((status) => (
            <Button
              key={status}
              size="xs"
              variant={state.status === status ? 'solid' : 'outline'}
              colorPalette={maintenanceStatusPalette[status]}
              aria-pressed={state.status === status}
              onClick={() => onChange({ status: state.status === status ? undefined : status })}
            >
              {t(`stock:reports.maintenance.statuses.${status}`)}:{' '}
              {formatDecimal(data.counts[status], locale)}
            </Button>
          ))}
        </HStack>
      )}
    </ReportScreen>
  );
}
