import { Badge, Button, DataList, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type {
  TourManifest,
  TourManifestRow,
  TourManifestUnnamed,
} from '@nine/shared/schemas/tours/reservations';
import { errorCatalogue } from '@nine/shared/errors';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { ScanField } from '../../../components/code-scan-field.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { RowActionButton } from '../../../components/data-table/row-action-button.tsx';
import { RecordLoadFailed, RecordLoading } from '../../../components/record-load-state.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime, formatNumber, formatTime } from '../../../lib/format.ts';
import { useAppTranslation, type AppT } from '../../../lib/i18n.ts';
import { useNotify } from '../../../lib/toast.tsx';
import { useCheckInByCode } from '../api/reservations/check-in-by-code.ts';
import { useCheckInParticipant } from '../api/reservations/check-in-participant.ts';
import { useEventManifest } from '../api/reservations/get-event-manifest.ts';
import { EventStatusBadge } from '../events/event-badges.tsx';
import { EventWaitlist } from './event-waitlist.tsx';

/** A scan handed over by the page (the agent's scanner or a keyboard wedge); `seq` tells equal codes apart. */
export interface ManifestScan {
  code: string;
  seq: number;
}

export interface EventManifestProps {
  locationId: number | null;
  eventId: number;
  /** Holds tour:change: may check participants in (the server checks again). */
  canChange: boolean;
  scan: ManifestScan | null;
  /** The printable manifest of the event. */
  printHref: string;
  /** The in-app address of a reservation. */
  reservationHref(orderId: number): string;
}

export const participantName = (row: Pick<TourManifestRow, 'first_name' | 'last_name'>) =>
  `${row.first_name} ${row.last_name}`.trim();

/** An emergency contact as one line: name and phone, either alone, or nothing. */
export const emergencyContact = (row: Pick<TourManifestRow, 'emergency_name' | 'emergency_phone'>) =>
  [row.emergency_name, row.emergency_phone].filter((part) => part !== null && part !== '').join(' · ');

/** What a refused check-in says: the catalogue's message, or the unknown code in the screen's words. */
function checkInFailure(t: AppT, error: unknown, code?: string): string {
  // A code of another departure, a cancelled booking, or not a check-in code at all (another barcode).
  const unknown: readonly number[] = [errorCatalogue.notFound.code, errorCatalogue.validation.code];
  if (error instanceof ApiError && unknown.includes(error.respCode ?? 0) && code !== undefined)
    return t('tours:reservations.manifest.code_unknown', { code });
  return error instanceof Error ? error.message : t('tours:reservations.manifest.check_in_failed');
}

function Header({ manifest }: { manifest: TourManifest }) {
  const { t } = useAppTranslation();
  const { event, totals } = manifest;
  const rows: [string, ReactNode][] = [
    [
      t('tours:reservations.manifest.when'),
      t('tours:reservations.manifest.when_value', {
        start: formatDateTime(event.starts_at),
        end: formatTime(event.ends_at),
      }),
    ],
    [
      t('tours:reservations.manifest.meeting_point'),
      event.meeting_point === null
        ? t('tours:reservations.manifest.no_meeting_point')
        : [event.meeting_point.name, event.meeting_point.address].filter(Boolean).join(', '),
    ],
    [
      t('tours:reservations.manifest.seats'),
      t('tours:reservations.manifest.seats_value', {
        taken: formatNumber(event.seats_taken),
        capacity: formatNumber(event.capacity),
      }),
    ],
    [
      t('tours:reservations.manifest.leaders'),
      event.leader_names.length === 0
        ? t('tours:reservations.manifest.no_leaders')
        : event.leader_names.join(', '),
    ],
    [
      t('tours:reservations.manifest.progress'),
      t('tours:reservations.manifest.progress_value', {
        seats: formatNumber(totals.seats),
        named: formatNumber(totals.named),
        signed: formatNumber(totals.signed),
        checked_in: formatNumber(totals.checked_in),
      }),
    ],
  ];
  return (
    <Stack gap="3">
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette={event.group_color ?? 'gray'} variant="solid">
          {event.definition_code}
        </Badge>
        <Text fontWeight="semibold" fontSize="lg">
          {event.definition_name}
        </Text>
        <EventStatusBadge status={event.status} />
      </HStack>
      <DataList.Root orientation="horizontal" size="sm">
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel minW="36">{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Stack>
  );
}

/**
 * One event's manifest at the meeting point: the event, everyone on its live reservations with waiver and
 * check-in state, the seats nobody is named for yet, and check-in by tapping a row or scanning the
 * participant's QR code (the scan field, the agent's scanner or a keyboard-wedge scanner).
 */
export function EventManifest({
  locationId,
  eventId,
  canChange,
  scan,
  printHref,
  reservationHref,
}: EventManifestProps) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const query = useEventManifest(locationId, eventId);
  const manifest = query.data;
  const byCode = useCheckInByCode();
  const toggle = useCheckInParticipant();

  // Every scan gets its own answer (mutate's callbacks only reach the latest call): a quick run of scans
  // toasts each name or refusal.
  const checkInCode = (code: string) => {
    if (!canChange) return;
    byCode
      .mutateAsync({ eventId, code })
      .then((row) =>
        notify({
          type: 'success',
          title: t('tours:reservations.manifest.checked_in_toast', { name: participantName(row) }),
        }),
      )
      .catch((error: unknown) =>
        notify({
          type: 'error',
          title: t('tours:reservations.manifest.check_in_failed'),
          message: checkInFailure(t, error, code),
        }),
      );
  };

  // A scan from the page (agent or wedge) checks in like a typed code; `seq` counts a repeat again. Only a
  // scan newer than the mount: the page keeps its last scan, and a remount must not check it in again.
  const lastSeq = useRef(scan?.seq ?? 0);
  const scanned = useRef(checkInCode);
  scanned.current = checkInCode;
  useEffect(() => {
    if (scan === null || scan.seq <= lastSeq.current) return;
    lastSeq.current = scan.seq;
    scanned.current(scan.code);
  }, [scan]);

  // The rows whose check-in (or undo) is on its way, each with its own spinner.
  const [pending, setPending] = useState<ReadonlySet<number>>(() => new Set());
  const settle = (id: number, busy: boolean) =>
    setPending((last) => {
      const next = new Set(last);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });

  const toggleRow = (row: TourManifestRow) => {
    settle(row.participant_id, true);
    toggle
      .mutateAsync({ participantId: row.participant_id, undo: row.checked_in_at !== null })
      .then((next) =>
        notify({
          type: 'success',
          title: t(
            next.checked_in_at === null
              ? 'tours:reservations.manifest.undone_toast'
              : 'tours:reservations.manifest.checked_in_toast',
            { name: participantName(next) },
          ),
        }),
      )
      .catch((error: unknown) =>
        notify({
          type: 'error',
          title: t('tours:reservations.manifest.check_in_failed'),
          message: checkInFailure(t, error),
        }),
      )
      .finally(() => settle(row.participant_id, false));
  };

  const columns: DataTableColumn<TourManifestRow>[] = [
    {
      id: 'name',
      title: t('tours:reservations.manifest.columns.name'),
      rowHeader: true,
      cell: (row) => (
        <Stack gap="0">
          <Text fontWeight="medium">{participantName(row)}</Text>
          {row.is_organiser && (
            <Text fontSize="xs" color="fg.muted">
              {t('tours:reservations.manifest.organiser_badge')}
            </Text>
          )}
          {row.answers_summary !== null && (
            <Text fontSize="xs" color="fg.muted">
              {row.answers_summary}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      id: 'age_group',
      title: t('tours:reservations.manifest.columns.age_group'),
      cell: (row) => row.age_group_name ?? '—',
    },
    {
      id: 'organiser',
      title: t('tours:reservations.manifest.columns.organiser'),
      cell: (row) => row.customer_name ?? '—',
    },
    {
      id: 'reservation',
      title: t('tours:reservations.manifest.columns.reservation'),
      cell: (row) => (
        <ChakraLink asChild colorPalette="blue" variant="underline">
          <Link href={reservationHref(row.order_id)}>{row.order_number}</Link>
        </ChakraLink>
      ),
    },
    {
      id: 'signed',
      title: t('tours:reservations.manifest.columns.signed'),
      cell: (row) => (
        <Badge colorPalette={row.signed ? 'green' : 'orange'} variant="subtle">
          {t(row.signed ? 'tours:reservations.manifest.signed' : 'tours:reservations.manifest.unsigned')}
        </Badge>
      ),
    },
    {
      id: 'emergency',
      title: t('tours:reservations.manifest.columns.emergency'),
      cell: (row) => emergencyContact(row) || '—',
    },
    {
      id: 'checked_in',
      title: t('tours:reservations.manifest.columns.checked_in'),
      cell: (row) => (
        <HStack gap="2" wrap="wrap">
          {row.checked_in_at !== null && (
            <Badge colorPalette="green" variant="solid">
              {t('tours:reservations.manifest.checked_in_at', { time: formatTime(row.checked_in_at) })}
            </Badge>
          )}
          {canChange && (
            <RowActionButton
              label={
                row.checked_in_at === null
                  ? t('tours:reservations.manifest.check_in')
                  : t('tours:reservations.manifest.undo')
              }
              name={t(
                row.checked_in_at === null
                  ? 'tours:reservations.manifest.check_in_named'
                  : 'tours:reservations.manifest.undo_named',
                { name: participantName(row) },
              )}
              colorPalette={row.checked_in_at === null ? 'blue' : undefined}
              loading={pending.has(row.participant_id)}
              onClick={() => toggleRow(row)}
            />
          )}
          {!canChange && row.checked_in_at === null && '—'}
        </HStack>
      ),
    },
  ];

  const unnamedColumns: DataTableColumn<TourManifestUnnamed>[] = [
    {
      id: 'reservation',
      title: t('tours:reservations.manifest.columns.reservation'),
      cell: (row) => (
        <ChakraLink asChild colorPalette="blue" variant="underline">
          <Link href={reservationHref(row.order_id)}>{row.order_number}</Link>
        </ChakraLink>
      ),
    },
    {
      id: 'organiser',
      title: t('tours:reservations.manifest.columns.organiser'),
      cell: (row) => row.customer_name ?? '—',
    },
    {
      id: 'age_group',
      title: t('tours:reservations.manifest.columns.age_group'),
      cell: (row) => row.age_group_name,
    },
    {
      id: 'seats',
      title: t('tours:reservations.manifest.columns.seats'),
      align: 'end',
      cell: (row) => formatNumber(row.seats),
    },
  ];

  if (manifest === undefined)
    return query.error !== null ? (
      <RecordLoadFailed
        error={query.error}
        notFound={t('tours:reservations.manifest.not_found')}
        failed={t('tours:reservations.manifest.load_failed')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    ) : (
      <RecordLoading />
    );

  const unnamedSeats = manifest.unnamed.reduce((sum, row) => sum + row.seats, 0);

  return (
    <Stack gap="5">
      <SectionCard title={t('tours:reservations.manifest.title')}>
        <Stack gap="3" align="start">
          <Header manifest={manifest} />
          <Button asChild size="sm" variant="outline">
            <Link href={printHref}>{t('tours:reservations.manifest.print')}</Link>
          </Button>
        </Stack>
      </SectionCard>

      {canChange && (
        <ScanField
          label={t('tours:reservations.manifest.scan_label')}
          hint={t('tours:reservations.manifest.scan_hint')}
          submitLabel={t('tours:reservations.manifest.scan_submit')}
          onScan={checkInCode}
          busy={byCode.isPending}
          maxLength={32}
          maxW="md"
        />
      )}

      <DataTable<TourManifestRow>
        columns={columns}
        rows={manifest.participants}
        rowId={(row) => row.participant_id}
        caption={t('tours:reservations.manifest.caption')}
        showCaption
        query={query}
        emptyNote={t('tours:reservations.manifest.no_participants')}
      />

      {manifest.unnamed.length > 0 && (
        <DataTable<TourManifestUnnamed>
          columns={unnamedColumns}
          rows={manifest.unnamed}
          rowId={(row) => `${row.order_id}-${row.age_group_id}`}
          caption={t('tours:reservations.manifest.unnamed_caption', {
            count: unnamedSeats,
            seats: formatNumber(unnamedSeats),
          })}
          showCaption
        />
      )}

      <EventWaitlist
        locationId={locationId}
        eventId={eventId}
        canChange={canChange}
        reservationHref={reservationHref}
      />
    </Stack>
  );
}
