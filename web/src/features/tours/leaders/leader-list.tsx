import { Badge, Button, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { LeaderListQuery, LeaderRow } from '@nine/shared/schemas/tours/leaders';
import { ChoiceFilter } from '../../../components/choice-filter.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { pagerOf } from '../../../components/list-page.ts';
import { LiveSearchField } from '../../../components/live-search-field.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { formatDay } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { createListCodec, listField, useListUrlState } from '../../../lib/use-list-url-state.ts';
import { useLeaders } from '../api/leaders/get-leaders.ts';
import { AddLeaderDialog } from './add-leader-dialog.tsx';
import { SkillExpiryBadge } from './skill-expiry-badge.tsx';

type SortField = NonNullable<LeaderListQuery['sort']>;
type ActiveFilter = NonNullable<LeaderListQuery['active']>;
const SORTS: readonly SortField[] = ['name', 'email', 'next_expiry', 'created_at'];
const ACTIVE: readonly ActiveFilter[] = ['active', 'inactive', 'all'];
const EXPIRING = ['30', '90'] as const;
const PAGE_SIZES = [10, 25, 50, 100] as const;

interface LeaderListState {
  page: number;
  pageSize: number;
  sort: SortField;
  sortType: 'asc' | 'desc';
  search?: string;
  active: ActiveFilter;
  expiring?: (typeof EXPIRING)[number];
}

const codec = createListCodec<LeaderListState>(
  {
    page: listField.page(),
    pageSize: listField.pageSize(PAGE_SIZES),
    sort: listField.oneOf('sort', SORTS),
    sortType: listField.oneOf('sort_type', ['asc', 'desc']),
    search: listField.text('search'),
    active: listField.oneOf('active', ACTIVE),
    expiring: listField.oneOf('expiring', EXPIRING),
  },
  (pageSize) => ({ page: 1, pageSize, sort: 'name', sortType: 'asc', active: 'active' }),
);

export interface LeaderListProps {
  locationId: number | null;
  /** May add leaders (tour manage). */
  canManage: boolean;
  leaderHref(id: number): string;
}

/** Tour leaders working at the location: searched, filtered (active, skills expiring) and paged on the server. */
export function LeaderList({ locationId, canManage, leaderHref }: LeaderListProps) {
  const { t } = useAppTranslation();
  const { state, change } = useListUrlState(codec, undefined, 25);
  const [adding, setAdding] = useState(false);
  const query = useLeaders(locationId, {
    page: state.page,
    page_size: state.pageSize,
    sort: state.sort,
    sort_type: state.sortType,
    search: state.search,
    active: state.active,
    expiring_within_days: state.expiring === undefined ? undefined : Number(state.expiring),
  });
  const data = query.data;
  const pager = pagerOf(data, state, change);

  const columns: DataTableColumn<LeaderRow>[] = [
    {
      id: 'name',
      title: t('tours:leaders.fields.name'),
      sortable: true,
      rowHeader: true,
      cell: (row) => (
        <ChakraLink asChild colorPalette="blue" variant="underline">
          <Link href={leaderHref(row.id)}>{row.name}</Link>
        </ChakraLink>
      ),
    },
    { id: 'email', title: t('tours:leaders.fields.email'), sortable: true, cell: (row) => row.email },
    { id: 'phone', title: t('tours:leaders.fields.phone'), cell: (row) => row.phone },
    {
      id: 'active',
      title: t('tours:leaders.fields.status'),
      cell: (row) => (
        <Badge colorPalette={row.active ? 'green' : 'gray'}>
          {t(row.active ? 'tours:leaders.status.active' : 'tours:leaders.status.inactive')}
        </Badge>
      ),
    },
    {
      id: 'next_expiry',
      title: t('tours:leaders.fields.skills_expiring'),
      sortable: true,
      cell: (row) =>
        row.next_expiry === null ? (
          t('tours:leaders.list.no_expiry')
        ) : (
          <HStack gap="2" wrap="wrap">
            <Text as="span">
              {t('tours:leaders.list.expiring_count', {
                count: row.skills_expiring,
                day: formatDay(row.next_expiry),
              })}
            </Text>
            <SkillExpiryBadge expiresOn={row.next_expiry} />
          </HStack>
        ),
    },
  ];

  return (
    <Stack gap="4">
      <PageHeading
        title={t('tours:leaders.title')}
        actions={
          canManage && (
            <Button size="sm" colorPalette="blue" onClick={() => setAdding(true)}>
              {t('tours:leaders.list.add')}
            </Button>
          )
        }
      />
      <HStack gap="4" align="end" wrap="wrap">
        <LiveSearchField
          maxW="sm"
          label={t('tours:leaders.list.search')}
          value={state.search}
          onSearch={(search) => change({ search })}
        />
        <ChoiceFilter
          label={t('tours:leaders.list.active_filter')}
          anyLabel={t('tours:leaders.status.active')}
          values={['inactive', 'all'] as const}
          value={state.active === 'active' ? undefined : state.active}
          optionLabel={(value) => t(`tours:leaders.status.${value}`)}
          onChange={(value) => change({ active: value ?? 'active' })}
        />
        <ChoiceFilter
          label={t('tours:leaders.list.expiring_filter')}
          anyLabel={t('tours:leaders.list.expiring_any')}
          values={EXPIRING}
          value={state.expiring}
          optionLabel={(days) => t('tours:leaders.list.expiring_within', { count: Number(days) })}
          onChange={(expiring) => change({ expiring })}
        />
      </HStack>
      <DataTable<LeaderRow>
        columns={columns}
        rows={data?.rows}
        rowId={(row) => row.id}
        caption={t('tours:leaders.list.caption')}
        sort={{ column: state.sort, direction: state.sortType }}
        onSort={({ column, direction }) => change({ sort: column as SortField, sortType: direction })}
        query={query}
        loading={t('tours:leaders.list.loading')}
        empty={t('tours:leaders.list.empty')}
        pager={pager && { ...pager, pageSizes: PAGE_SIZES }}
      />
      {canManage && (
        <AddLeaderDialog
          locationId={locationId}
          open={adding}
          onClose={() => setAdding(false)}
          leaderHref={leaderHref}
        />
      )}
    </Stack>
  );
}
