import { Badge } from '@chakra-ui/react';
import type { LeaderEventRow } from '@nine/shared/schemas/tours/leaders';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { pagerOf } from '../../../components/list-page.ts';
import { formatDateTime, formatTime } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { createListCodec, listField, useListUrlState } from '../../../lib/use-list-url-state.ts';
import { useLeaderEvents } from '../api/leaders/get-leader-events.ts';

const PAGE_SIZES = [10, 25, 50] as const;

// Keys of their own, so the page's other lists keep theirs.
const codec = createListCodec<{ page: number; pageSize: number }>(
  { page: listField.page('events_page'), pageSize: listField.pageSize(PAGE_SIZES, 'events_size') },
  (pageSize) => ({ page: 1, pageSize }),
);

const STATUSES = {
  scheduled: { color: 'blue', key: 'tours:leaders.events.statuses.scheduled' },
  confirmed: { color: 'green', key: 'tours:leaders.events.statuses.confirmed' },
  cancelled: { color: 'red', key: 'tours:leaders.events.statuses.cancelled' },
  completed: { color: 'gray', key: 'tours:leaders.events.statuses.completed' },
} as const;
const statusOf = (status: string) => STATUSES[status as keyof typeof STATUSES] ?? STATUSES.scheduled;

/** Every departure the leader is assigned to at this location, latest first, paged on the server. */
export function LeaderEventsSection({
  locationId,
  leaderId,
}: {
  locationId: number | null;
  leaderId: number;
}) {
  const { t } = useAppTranslation();
  const { state, change } = useListUrlState(codec, undefined, 10);
  const query = useLeaderEvents(locationId, leaderId, { page: state.page, page_size: state.pageSize });
  const pager = pagerOf(query.data, state, change);
  const columns: DataTableColumn<LeaderEventRow>[] = [
    {
      id: 'starts_at',
      title: t('tours:leaders.events.when'),
      rowHeader: true,
      cell: (row) => `${formatDateTime(row.starts_at)} – ${formatTime(row.ends_at)}`,
    },
    { id: 'definition', title: t('tours:leaders.events.tour'), cell: (row) => row.definition_name },
    {
      id: 'status',
      title: t('tours:leaders.events.status'),
      cell: (row) => (
        <Badge colorPalette={row.released ? 'gray' : statusOf(row.status).color}>
          {t(row.released ? 'tours:leaders.events.released' : statusOf(row.status).key)}
        </Badge>
      ),
    },
  ];
  return (
    <DataTable<LeaderEventRow>
      columns={columns}
      rows={query.data?.rows}
      rowId={(row) => row.event_id}
      caption={t('tours:leaders.events.caption')}
      query={query}
      loading={t('tours:leaders.events.loading')}
      emptyNote={t('tours:leaders.events.empty')}
      pager={pager && { ...pager, pageSizes: PAGE_SIZES }}
      size="sm"
    />
  );
}
