import { Button, Text, chakra } from '@chakra-ui/react';
import type { TourManifest } from '@nine/shared/schemas/tours/reservations';
import { PrintScreen, ReportSheet } from '../../../components/print-sheet.tsx';
import { formatDateTime, formatNumber, formatTime } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useEventManifest } from '../api/reservations/get-event-manifest.ts';
import { emergencyContact, participantName } from './event-manifest.tsx';

const Cell = chakra('td', {
  base: { py: '1.5', pe: '2', verticalAlign: 'top', borderBottom: '1px solid #999' },
});
const HeadCell = chakra('th', {
  base: { py: '1', pe: '2', textAlign: 'start', borderBottom: '1px solid #000' },
});
// Room to tick or sign by hand at the meeting point.
const BoxCell = chakra('td', {
  base: { py: '1.5', borderBottom: '1px solid #999', borderInlineStart: '1px solid #999', width: '28mm' },
});

export interface ManifestPrintProps {
  locationId: number | null;
  locationName: string | null;
  eventId: number;
  backHref: string;
}

/** One participant line per person, then a blank line per seat nobody is named for yet. */
function ManifestTable({ manifest }: { manifest: TourManifest }) {
  const { t } = useAppTranslation();
  const blanks = manifest.unnamed.flatMap((row) =>
    Array.from({ length: row.seats }, (_, index) => ({
      ...row,
      key: `${row.order_id}-${row.age_group_id}-${index}`,
    })),
  );
  return (
    <chakra.table
      width="full"
      borderCollapse="collapse"
      aria-label={t('tours:reservations.manifest.print_table')}
    >
      <thead>
        <tr>
          <HeadCell>#</HeadCell>
          <HeadCell>{t('tours:reservations.manifest.columns.name')}</HeadCell>
          <HeadCell>{t('tours:reservations.manifest.columns.age_group')}</HeadCell>
          <HeadCell>{t('tours:reservations.manifest.columns.reservation')}</HeadCell>
          <HeadCell>{t('tours:reservations.manifest.columns.emergency')}</HeadCell>
          <HeadCell>{t('tours:reservations.manifest.columns.signed')}</HeadCell>
          <HeadCell>{t('tours:reservations.manifest.columns.check_in_sign')}</HeadCell>
        </tr>
      </thead>
      <tbody>
        {manifest.participants.map((row, index) => (
          <tr key={row.participant_id}>
            <Cell>{index + 1}</Cell>
            <Cell>
              {participantName(row)}
              {row.is_organiser && (
                <Text fontSize="8pt">{t('tours:reservations.manifest.organiser_badge')}</Text>
              )}
              {row.answers_summary !== null && <Text fontSize="8pt">{row.answers_summary}</Text>}
            </Cell>
            <Cell>{row.age_group_name ?? ''}</Cell>
            <Cell>
              {row.order_number}
              {row.customer_name !== null && <Text fontSize="8pt">{row.customer_name}</Text>}
            </Cell>
            <Cell>{emergencyContact(row)}</Cell>
            <Cell>
              {row.signed
                ? t('tours:reservations.manifest.signed')
                : t('tours:reservations.manifest.unsigned')}
            </Cell>
            <BoxCell>{row.checked_in_at === null ? '' : formatTime(row.checked_in_at)}</BoxCell>
          </tr>
        ))}
        {blanks.map((row, index) => (
          <tr key={row.key}>
            <Cell>{manifest.participants.length + index + 1}</Cell>
            <Cell color="#555">{t('tours:reservations.manifest.unnamed_line')}</Cell>
            <Cell>{row.age_group_name}</Cell>
            <Cell>
              {row.order_number}
              {row.customer_name !== null && <Text fontSize="8pt">{row.customer_name}</Text>}
            </Cell>
            <Cell />
            <Cell />
            <BoxCell />
          </tr>
        ))}
      </tbody>
    </chakra.table>
  );
}

/** The event's manifest on A4 for the leader: the event, then everyone with a column to tick or sign. */
export function ManifestPrint({ locationId, locationName, eventId, backHref }: ManifestPrintProps) {
  const { t } = useAppTranslation();
  const query = useEventManifest(locationId, eventId);
  const manifest = query.data;
  return (
    <PrintScreen
      width="a4"
      controls={
        <Button onClick={() => window.print()} disabled={manifest === undefined}>
          {t('tours:reservations.manifest.print_now')}
        </Button>
      }
      backHref={backHref}
      backLabel={t('tours:reservations.manifest.back')}
      loading={query.isPending}
      error={query.isError ? t('tours:reservations.manifest.load_failed') : null}
    >
      {manifest !== undefined && (
        <ReportSheet
          locationName={locationName}
          heading={t('tours:reservations.manifest.print_heading', {
            name: manifest.event.definition_name,
            when: formatDateTime(manifest.event.starts_at),
          })}
          fontSize="9pt"
        >
          <Text mb="1">
            {[
              manifest.event.meeting_point?.name ?? null,
              manifest.event.leader_names.length > 0
                ? t('tours:reservations.manifest.print_leaders', {
                    names: manifest.event.leader_names.join(', '),
                  })
                : null,
            ]
              .filter((part) => part !== null)
              .join(' · ')}
          </Text>
          <Text mb="3">
            {t('tours:reservations.manifest.progress_value', {
              seats: formatNumber(manifest.totals.seats),
              named: formatNumber(manifest.totals.named),
              signed: formatNumber(manifest.totals.signed),
              checked_in: formatNumber(manifest.totals.checked_in),
            })}
          </Text>
          <ManifestTable manifest={manifest} />
        </ReportSheet>
      )}
    </PrintScreen>
  );
}
