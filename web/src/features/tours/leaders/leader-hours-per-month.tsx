import type { LeaderDetail } from '@nine/shared/schemas/tours/leaders';
import { Box } from '@chakra-ui/react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { formatDayName, formatDecimal } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';

type Month = LeaderDetail['hours_per_month'][number];

/** Hours led in each of the last 12 months (the location's months), newest first. */
export function LeaderHoursPerMonth({ months }: { months: LeaderDetail['hours_per_month'] }) {
  const { t } = useAppTranslation();
  const name = (month: string) => {
    const day = { year: Number(month.slice(0, 4)), month: Number(month.slice(5, 7)), day: 1 };
    return `${formatDayName(day, 'month', 'long')} ${day.year}`;
  };
  const columns: DataTableColumn<Month>[] = [
    { id: 'month', title: t('tours:leaders.months.month'), rowHeader: true, cell: (row) => name(row.month) },
    {
      id: 'hours',
      title: t('tours:leaders.months.hours'),
      align: 'end',
      cell: (row) => formatDecimal(row.hours),
    },
  ];
  return (
    <Box maxW="md">
      <DataTable
        columns={columns}
        rows={[...months].reverse()}
        rowId={(row) => row.month}
        caption={t('tours:leaders.months.caption')}
        size="sm"
      />
    </Box>
  );
}
