import { Button, HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PrintScreen, ReportSheet } from '../../../components/print-sheet.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import type { ReportState } from './report-params.ts';
import type { ReportPrintProps } from './report-screen.tsx';

/** The print page of a report: print and back on screen, then the A4 sheet with the location and heading. */
export function ReportPrintSheet({
  print: { backHref, locationName },
  report,
  heading,
  children,
}: {
  print: ReportPrintProps<ReportState<string, string>>;
  report: { data?: unknown; isError: boolean; refetch(): unknown };
  heading: string;
  children: ReactNode;
}) {
  const { t } = useAppTranslation();
  const state = report.isError ? 'error' : report.data ? 'ready' : 'pending';
  return (
    <PrintScreen
      width="a4"
      controls={
        <Button onClick={() => window.print()} disabled={state !== 'ready'}>
          {t('stock:reports.print')}
        </Button>
      }
      backHref={backHref}
      backLabel={t('stock:reports.back')}
      loading={state === 'pending'}
      // The shared screen's error is a bare message; a report's failure offers a retry next to it.
      error={null}
    >
      {state === 'error' && (
        <HStack className="nine-no-print" role="alert" justify="center" gap="3">
          <Text>{t('stock:reports.load_failed')}</Text>
          <Button size="xs" variant="outline" onClick={() => void report.refetch()}>
            {t('stock:reports.retry')}
          </Button>
        </HStack>
      )}
      {/* 9pt: the shared 10pt does not fit a ten-column report across A4. */}
      {state === 'ready' && (
        <ReportSheet locationName={locationName} heading={heading} fontSize="9pt">
          {children}
        </ReportSheet>
      )}
    </PrintScreen>
  );
}
