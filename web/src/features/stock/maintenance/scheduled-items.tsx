import { Badge, Button, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import type { ScheduledMaintenanceRow } from '@nine/shared/schemas/stock';
import { HeadedSection } from '../../../components/headed-section.tsx';
import type { DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { OptionSelect } from '../../../components/list-filter-fields.tsx';
import { currentLanguage, useAppTranslation, type AppT } from '../../../lib/i18n.ts';
import { useScheduledMaintenance } from '../api/get-scheduled-maintenance.ts';
import { useOpenRepairLog } from '../api/open-repair-log.ts';
import { ItemStatusBadge } from '../components/item-status-badge.tsx';
import { ListPager } from '../../../components/list-pager.tsx';
import { MaintenanceTable } from './maintenance-table.tsx';
import { TextFilterField } from '../../../components/text-filter-field.tsx';
import { formatDecimal } from '../../../lib/format.ts';

const PAGE_SIZE = 20;

/** 'Maintenance due in': hours of renting left and/or the date the days rule falls due, whichever is set. */
export function dueIn(t: AppT, row: ScheduledMaintenanceRow, now: Date, locale: string): string {
  if (row.due) return t('stock:maintenance.due_now');
  const parts: string[] = [];
  if (row.due_in_hours !== null)
    parts.push(t('stock:maintenance.in_hours', { hours: formatDecimal(row.due_in_hours, locale) }));
  if (row.due_at !== null) {
    const days = Math.max(0, Math.ceil((new Date(row.due_at).getTime() - now.getTime()) / 86_400_000));
    parts.push(t('stock:maintenance.in_days', { count: days }));
  }
  return parts.join(' · ');
}

export function ScheduledItems({ locationId, canChange }: { locationId: number | null; canChange: boolean }) {
  const { t } = useAppTranslation();
  const [due, setDue] = useState<'all' | 'due'>('all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useScheduledMaintenance(locationId, {
    due,
    search: search.trim(),
    page,
    page_size: PAGE_SIZE,
  });
  const open = useOpenRepairLog();
  const locale = currentLanguage();
  const rows = list.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));
  const now = new Date();
  const columns: DataTableColumn<ScheduledMaintenanceRow>[] = [
    { id: 'sku', title: t('stock:maintenance.sku'), cell: (row) => row.sku },
    { id: 'product', title: t('stock:maintenance.product'), cell: (row) => row.product_name },
    {
      id: 'rental_group',
      title: t('stock:maintenance.rental_group'),
      cell: (row) => row.rental_group ?? '—',
    },
    {
      id: 'status',
      title: t('stock:maintenance.status'),
      cell: (row) => <ItemStatusBadge status={row.status} />,
    },
    {
      id: 'rent_hours_since',
      title: t('stock:maintenance.rent_hours_since'),
      cell: (row) => formatDecimal(row.rent_hours_since_service, locale),
    },
    {
      id: 'due_in',
      title: t('stock:maintenance.due_in'),
      cell: (row) =>
        row.due ? <Badge colorPalette="red">{dueIn(t, row, now, locale)}</Badge> : dueIn(t, row, now, locale),
    },
    {
      id: 'actions',
      title: t('stock:common.actions'),
      cell: (row) =>
        row.open_repair_log_id !== null ? (
          t('stock:maintenance.in_repair', { id: row.open_repair_log_id })
        ) : canChange && row.status === 'available' ? (
          <Button
            size="xs"
            variant="outline"
            loading={open.isPending && open.variables?.item_id === row.item_id}
            onClick={() =>
              open.mutate({
                item_id: row.item_id,
                problem: t('stock:maintenance.scheduled_problem'),
              })
            }
          >
            {t('stock:maintenance.start_service', { sku: row.sku })}
          </Button>
        ) : null,
    },
  ];

  return (
    <HeadedSection title={t('stock:maintenance.items')}>
      <HStack gap="3" wrap="wrap" align="end">
        <OptionSelect
          label={t('stock:maintenance.show')}
          options={[
            { value: 'all', label: t('stock:maintenance.show_all') },
            { value: 'due', label: t('stock:maintenance.show_due') },
          ]}
          value={due}
          width="44"
          onChange={(value) => {
            setDue(value as 'all' | 'due');
            setPage(1);
          }}
        />
        <TextFilterField
          label={t('stock:maintenance.search')}
          width="56"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
      </HStack>
      <MaintenanceTable<ScheduledMaintenanceRow>
        label={t('stock:maintenance.items')}
        pending={list.isPending}
        empty={rows.length === 0}
        emptyText={t('stock:maintenance.no_items')}
        columns={columns}
        rows={rows}
        rowId={(row) => row.item_id}
      />
      {pages > 1 && (
        <ListPager page={page} pageSize={PAGE_SIZE} total={list.data?.total ?? 0} onPage={setPage} />
      )}
    </HeadedSection>
  );
}
