import { Alert, Button, EmptyState, HStack, Heading, Stack, Stat, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import type {
  Stocktake,
  StocktakeLine,
  StocktakeScanResult,
  StocktakeSummary,
} from '@nine/shared/schemas/stock';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { AccessKeyDialog } from '../../../components/access-key-dialog.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useCloseStocktake } from '../api/close-stocktake.ts';
import { useCurrentStocktake } from '../api/get-current-stocktake.ts';
import { useStocktakes } from '../api/get-stocktakes.ts';
import { useScanStocktake } from '../api/scan-stocktake.ts';
import { useStartStocktake } from '../api/start-stocktake.ts';
import { ScanField } from '../../../components/code-scan-field.tsx';
import { ItemStatusBadge } from '../components/item-status-badge.tsx';
import type { ScanEvent } from '../components/scan-event.ts';
import { PageHeading } from '../../../components/page-heading.tsx';

export interface StocktakeScreenProps {
  title: string;
  locationId: number | null;
  scan: ScanEvent | null;
  /** operational_report change: start, scan and close. */
  canChange: boolean;
}

type LastScan =
  { kind: 'ok'; result: StocktakeScanResult } | { kind: 'failed'; code: string; message: string };

function LineTable({ label, lines, empty }: { label: string; lines: StocktakeLine[]; empty: string }) {
  const { t } = useAppTranslation();
  const columns: DataTableColumn<StocktakeLine>[] = [
    { id: 'sku', title: t('stock:stocktake.sku'), cell: (line) => line.sku },
    { id: 'product', title: t('stock:stocktake.product'), cell: (line) => line.product_name },
    {
      id: 'status',
      title: t('stock:stocktake.status'),
      cell: (line) => <ItemStatusBadge status={line.status} />,
    },
    { id: 'location', title: t('stock:stocktake.location'), cell: (line) => line.current_location },
  ];
  return (
    <Stack as="section" aria-label={label} gap="2">
      <Heading as="h2" size="md">
        {label} ({lines.length})
      </Heading>
      {lines.length === 0 ? (
        <Text color="fg.muted">{empty}</Text>
      ) : (
        <DataTable<StocktakeLine>
          columns={columns}
          rows={lines}
          rowId={(line) => line.item_id}
          caption={label}
        />
      )}
    </Stack>
  );
}

function ScanMessage({ last }: { last: LastScan | null }) {
  const { t } = useAppTranslation();
  if (last === null) return <Text color="fg.muted">{t('stock:stocktake.scan_first')}</Text>;
  if (last.kind === 'failed') return <Text color="fg.error">{last.message}</Text>;
  const { outcome, line } = last.result;
  const text = t(`stock:stocktake.outcome_${outcome}`, {
    sku: line.sku,
    product: line.product_name,
    location: line.current_location,
  });
  return <Text color={outcome === 'unexpected' ? 'fg.warning' : 'fg.success'}>{text}</Text>;
}

function OpenStocktake({
  stocktake,
  props,
  onClosed,
}: {
  stocktake: Stocktake;
  props: StocktakeScreenProps;
  onClosed(closed: Stocktake): void;
}) {
  const { t } = useAppTranslation();
  const locationId = props.locationId ?? 0;
  const scanMutation = useScanStocktake(locationId);
  const close = useCloseStocktake(locationId);
  const [last, setLast] = useState<LastScan | null>(null);
  const [confirming, setConfirming] = useState(false);
  // Scans are sent one at a time, in the order they were read, so the counts never go back.
  const queue = useRef<string[]>([]);
  const running = useRef(false);
  const { mutateAsync } = scanMutation;
  const id = stocktake.id;

  const enqueue = (code: string) => {
    if (!props.canChange) return;
    queue.current.push(code);
    if (running.current) return;
    running.current = true;
    void (async () => {
      while (queue.current.length > 0) {
        const next = queue.current.shift()!;
        try {
          setLast({ kind: 'ok', result: await mutateAsync({ id, code: next }) });
        } catch (error) {
          setLast({
            kind: 'failed',
            code: next,
            message:
              error instanceof ApiError && error.respCode === 1332
                ? t('stock:stocktake.unknown_code', { code: next })
                : error instanceof Error
                  ? error.message
                  : String(error),
          });
        }
      }
      running.current = false;
    })();
  };
  const enqueueRef = useRef(enqueue);
  enqueueRef.current = enqueue;
  const { scan } = props;
  useEffect(() => {
    if (scan !== null) enqueueRef.current(scan.code);
  }, [scan]);

  const number = (n: number) => formatNumber(n);
  return (
    <Stack gap="6">
      <Text color="fg.muted">
        {t('stock:stocktake.started', {
          id: stocktake.id,
          at: formatDateTime(stocktake.started_at),
          by: stocktake.started_by ?? '',
          approver: stocktake.approved_by ?? '',
        })}
      </Text>
      <HStack gap="8" wrap="wrap">
        <Stat.Root>
          <Stat.Label>{t('stock:stocktake.expected')}</Stat.Label>
          <Stat.ValueText>{number(stocktake.expected)}</Stat.ValueText>
        </Stat.Root>
        <Stat.Root>
          <Stat.Label>{t('stock:stocktake.counted')}</Stat.Label>
          <Stat.ValueText>{number(stocktake.counted)}</Stat.ValueText>
        </Stat.Root>
        <Stat.Root>
          <Stat.Label>{t('stock:stocktake.missing')}</Stat.Label>
          <Stat.ValueText>{number(stocktake.missing.length)}</Stat.ValueText>
        </Stat.Root>
        <Stat.Root>
          <Stat.Label>{t('stock:stocktake.unexpected')}</Stat.Label>
          <Stat.ValueText>{number(stocktake.unexpected.length)}</Stat.ValueText>
        </Stat.Root>
      </HStack>
      {props.canChange && (
        <ScanField
          label={t('stock:stocktake.code')}
          hint={t('stock:stocktake.code_hint')}
          submitLabel={t('stock:stocktake.count')}
          busy={scanMutation.isPending}
          maxLength={64}
          maxW="lg"
          onScan={enqueue}
        />
      )}
      <div role="status" aria-label={t('stock:stocktake.last_scan')}>
        <ScanMessage last={last} />
      </div>
      <LineTable
        label={t('stock:stocktake.missing_list')}
        lines={stocktake.missing}
        empty={t('stock:stocktake.none_missing')}
      />
      <LineTable
        label={t('stock:stocktake.unexpected_list')}
        lines={stocktake.unexpected}
        empty={t('stock:stocktake.none_unexpected')}
      />
      {props.canChange && (
        <HStack>
          <Button colorPalette="red" variant="outline" onClick={() => setConfirming(true)}>
            {t('stock:stocktake.close')}
          </Button>
        </HStack>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('stock:stocktake.close_title')}
        message={t('stock:stocktake.close_body', {
          missing: stocktake.missing.length,
          unexpected: stocktake.unexpected.length,
        })}
        confirmLabel={t('stock:stocktake.confirm_close')}
        danger
        pending={close.isPending}
        onConfirm={() =>
          close.mutate(stocktake.id, {
            onSuccess: (closed) => {
              setConfirming(false);
              onClosed(closed);
            },
          })
        }
        // The close runs on: the dialog stays until it has answered.
        onClose={() => !close.isPending && setConfirming(false)}
      />
    </Stack>
  );
}

function History({ locationId }: { locationId: number | null }) {
  const { t } = useAppTranslation();
  const list = useStocktakes(locationId, 1);
  const rows = (list.data?.rows ?? []).filter((r) => r.status === 'closed');
  if (rows.length === 0) return null;
  const date = (iso: string | null) => (iso === null ? '—' : formatDateTime(iso));
  const columns: DataTableColumn<StocktakeSummary>[] = [
    { id: 'number', title: t('stock:stocktake.number'), cell: (row) => row.id },
    { id: 'started_at', title: t('stock:stocktake.started_at'), cell: (row) => date(row.started_at) },
    { id: 'closed_at', title: t('stock:stocktake.closed_at'), cell: (row) => date(row.closed_at) },
    { id: 'expected', title: t('stock:stocktake.expected'), cell: (row) => row.expected_count },
    { id: 'missing', title: t('stock:stocktake.missing'), cell: (row) => row.missing_count ?? 0 },
    { id: 'unexpected', title: t('stock:stocktake.unexpected'), cell: (row) => row.unexpected_count ?? 0 },
  ];
  return (
    <Stack as="section" aria-label={t('stock:stocktake.history')} gap="2">
      <Heading as="h2" size="md">
        {t('stock:stocktake.history')}
      </Heading>
      <DataTable<StocktakeSummary>
        columns={columns}
        rows={rows}
        rowId={(row) => row.id}
        caption={t('stock:stocktake.history')}
      />
    </Stack>
  );
}

/** Stocktake of the current location: start with an access key, scan, compare, close with adjustments. */
export function StocktakeScreen(props: StocktakeScreenProps) {
  const { t } = useAppTranslation();
  const current = useCurrentStocktake(props.locationId);
  const start = useStartStocktake(props.locationId ?? 0);
  const [asking, setAsking] = useState(false);
  const [closed, setClosed] = useState<Stocktake | null>(null);
  const stocktake = current.data?.stocktake ?? null;
  const startError = start.error instanceof Error ? start.error.message : null;

  return (
    <Stack gap="6">
      <PageHeading title={props.title} />
      {current.isPending ? (
        <Text>{t('stock:common.loading')}</Text>
      ) : current.isError ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>{current.error.message}</Alert.Description>
        </Alert.Root>
      ) : stocktake === null ? (
        <EmptyState.Root>
          <EmptyState.Content>
            <EmptyState.Title as="h2">{t('stock:stocktake.none')}</EmptyState.Title>
            <EmptyState.Description>{t('stock:stocktake.none_hint')}</EmptyState.Description>
            {props.canChange && (
              <Button
                colorPalette="blue"
                onClick={() => {
                  start.reset();
                  setAsking(true);
                }}
              >
                {t('stock:stocktake.start')}
              </Button>
            )}
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <OpenStocktake key={stocktake.id} stocktake={stocktake} props={props} onClosed={setClosed} />
      )}
      {closed !== null && stocktake === null && (
        <MessageAlert status="success">
          {t('stock:stocktake.closed_summary', {
            id: closed.id,
            missing: closed.missing.length,
            unexpected: closed.unexpected.length,
          })}
        </MessageAlert>
      )}
      <History locationId={props.locationId} />
      {/* Starting a stocktake is approved with an access key. */}
      <AccessKeyDialog
        open={asking}
        busy={start.isPending}
        error={startError}
        title={t('stock:stocktake.key_title')}
        submitLabel={t('stock:stocktake.start')}
        onDismiss={() => setAsking(false)}
        onSubmit={(key) => start.mutate(key, { onSuccess: () => setAsking(false) })}
      >
        <Text>{t('stock:stocktake.key_intro')}</Text>
      </AccessKeyDialog>
    </Stack>
  );
}
