import { Table } from '@chakra-ui/react';
import type { LeaderDetail } from '@nine/shared/schemas/tours/leaders';
import { formatDayName, formatDecimal } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';

/** Hours led in each of the last 12 months (the location's months), newest first: a plain table. */
export function LeaderHoursPerMonth({ months }: { months: LeaderDetail['hours_per_month'] }) {
  const { t } = useAppTranslation();
  const name = (month: string) => {
    const day = { year: Number(month.slice(0, 4)), month: Number(month.slice(5, 7)), day: 1 };
    return `${formatDayName(day, 'month', 'long')} ${day.year}`;
  };
  return (
    <Table.Root size="sm" maxW="md">
      <Table.Caption srOnly>{t('tours:leaders.months.caption')}</Table.Caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('tours:leaders.months.month')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('tours:leaders.months.hours')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {[...months].reverse().map((row) => (
          <Table.Row key={row.month}>
            <Table.Cell as="th" scope="row" fontWeight="normal">
              {name(row.month)}
            </Table.Cell>
            <Table.Cell textAlign="end">{formatDecimal(row.hours)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
