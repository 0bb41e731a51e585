import type { ReactNode } from 'react';
import type { DataTableColumn } from './data-table.tsx';

/**
 * A right-aligned money column: `minorOf` picks a row's amount in minor units, `money` says it in the
 * record's currency. With `positiveOnly`, a row without an amount (a line with no discount) stays blank.
 */
export function amountColumn<Row>(
  id: string,
  title: string,
  minorOf: (row: Row) => number,
  money: (minor: number) => ReactNode,
  options: { positiveOnly?: boolean } = {},
): DataTableColumn<Row> {
  return {
    id,
    title,
    align: 'end',
    cell: (row) => {
      const minor = minorOf(row);
      return options.positiveOnly === true && !(minor > 0) ? '' : money(minor);
    },
  };
}
