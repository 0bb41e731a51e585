import { Table } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ReactNode, RefObject } from 'react';

/** A row's height before it is measured (size "sm"). */
const ESTIMATED_ROW_PX = 41;

export interface VirtualBodyProps<Row> {
  rows: readonly Row[];
  columnCount: number;
  scrollRef: RefObject<HTMLDivElement | null>;
  render(row: Row, index: number): ReactNode;
}

/**
 * Only the rows in view (and a few around them) are in the DOM; spacer rows keep the scroll height, so
 * the body stays a real table body and each row says its place through `aria-rowindex`.
 */
export function VirtualBody<Row>({ rows, columnCount, scrollRef, render }: VirtualBodyProps<Row>) {
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: 10,
    // Before the box is measured (and in tests) assume a screenful, so the first rows show at once.
    initialRect: { width: 0, height: 800 },
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <>
      {before > 0 && (
        <Table.Row aria-hidden="true">
          <Table.Cell colSpan={columnCount} p="0" height={`${before}px`} />
        </Table.Row>
      )}
      {items.map((item) => render(rows[item.index] as Row, item.index))}
      {after > 0 && (
        <Table.Row aria-hidden="true">
          <Table.Cell colSpan={columnCount} p="0" height={`${after}px`} />
        </Table.Row>
      )}
    </>
  );
}
