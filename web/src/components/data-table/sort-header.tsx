import { Button, HStack, Table, VisuallyHidden, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useAppTranslation } from '../../lib/i18n.ts';

export type SortDirection = 'asc' | 'desc';

export interface SortHeaderProps {
  title: string;
  sortable: boolean;
  /** The column's current sort; null when the list is sorted by another. */
  direction: SortDirection | null;
  onSort(): void;
  extra?: ReactNode;
  align?: 'start' | 'center' | 'end';
  nowrap?: boolean;
  /** An unsortable column's title is for screen readers only. */
  titleHidden?: boolean;
  hideWhenPrinting?: boolean;
  /**
   * The button's name says the order ("Total, sorted ascending"); else it is the title alone;
   * 'when-sorted': the title alone until the column is the sorted one.
   */
  describeSort?: boolean | 'when-sorted';
  /** An unsorted column shows '↕' (default); without it only the sorted column shows an arrow. */
  unsortedMarker?: boolean;
}

/** A column header; a sortable one holds a button (keyboard reachable) and says its order in `aria-sort`. */
export function SortHeader({
  title,
  sortable,
  direction,
  onSort,
  extra,
  align,
  nowrap,
  titleHidden,
  hideWhenPrinting,
  describeSort = true,
  unsortedMarker = true,
}: SortHeaderProps) {
  const { t } = useAppTranslation();
  const ariaSort = !sortable
    ? undefined
    : direction === 'asc'
      ? 'ascending'
      : direction === 'desc'
        ? 'descending'
        : 'none';
  return (
    <Table.ColumnHeader
      aria-sort={ariaSort}
      whiteSpace={nowrap ? 'nowrap' : undefined}
      textAlign={align}
      css={hideWhenPrinting ? { '@media print': { display: 'none' } } : undefined}
    >
      <HStack
        gap="0.5"
        wrap="nowrap"
        justify={align === 'end' ? 'flex-end' : align === 'center' ? 'center' : undefined}
      >
        {sortable ? (
          <Button
            variant="plain"
            size="xs"
            px="0"
            fontWeight="semibold"
            aria-label={
              !describeSort || (describeSort === 'when-sorted' && direction === null)
                ? undefined
                : direction === null
                  ? t('common:data_table.sort_by', { column: title })
                  : t(
                      direction === 'asc' ? 'common:data_table.sorted_asc' : 'common:data_table.sorted_desc',
                      {
                        column: title,
                      },
                    )
            }
            onClick={onSort}
          >
            {title}
            {(direction !== null || unsortedMarker) && (
              <>
                {' '}
                <chakra.span aria-hidden="true" color={direction ? 'fg' : 'fg.subtle'} fontSize="xs">
                  {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
                </chakra.span>
              </>
            )}
          </Button>
        ) : titleHidden ? (
          <VisuallyHidden>{title}</VisuallyHidden>
        ) : (
          title
        )}
        {extra}
      </HStack>
    </Table.ColumnHeader>
  );
}
