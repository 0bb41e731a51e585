import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useMemo, type ReactNode } from 'react';
import { PrintScreen } from '../../../components/print-sheet.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { PRINT_PAGE_SIZE, reportQueryOf, type ReportState } from './report-params.ts';
import type { ReportPrintProps } from './report-screen.tsx';

/** The print view's query: the screen's filters and order, from the first row, in the largest page. */
export function usePrintQuery<Status extends string, Sort extends string>(
  state: ReportState<Status, Sort>,
  now: Date | undefined,
) {
  return useMemo(
    () => reportQueryOf({ ...state, page: 1 }, now ?? new Date(), PRINT_PAGE_SIZE),
    [state, now],
  );
}

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
      {/* Not the shared PrintSheet: its 10pt does not fit a ten-column report across A4. */}
      {state === 'ready' && (
        <Box
          as="article"
          className="nine-print-sheet"
          bg="white"
          color="black"
          mx="auto"
          width="186mm"
          maxW="full"
          p="8"
          shadow="md"
          fontSize="9pt"
        >
          {locationName !== null && <Text fontWeight="semibold">{locationName}</Text>}
          <Text as="h1" fontSize="16pt" fontWeight="bold" mb="1">
            {heading}
          </Text>
          {children}
        </Box>
      )}
    </PrintScreen>
  );
}
