import { Button, Field, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import { useAppTranslation } from '../lib/i18n.ts';
import { PAGE_SIZES } from '../lib/use-list-url-state.ts';
import { formatNumber } from '../lib/format.ts';

export interface ListPagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** The count stopped at its cap: the last page is not known, so next is offered while pages are full. */
  capped?: boolean;
  /** Rows on the shown page; only read when `capped`. */
  rowsOnPage?: number;
  onPage(page: number): void;
  /** Without it the page size is fixed and no size select is shown (history tables). */
  onPageSize?(pageSize: number): void;
  /** The sizes the select offers; a list whose server caps lower passes its own. */
  pageSizes?: readonly number[];
  /** The navigation's accessible name, when a screen has more than one pager. */
  label?: string;
  /** Shown between the size select and the buttons (a total, say). */
  summary?: ReactNode;
  /** Leave the pager out of a printed list. */
  hideWhenPrinting?: boolean;
}

/** Page size and previous/next under a paged list; the list owns the state (URL or component). */
export function ListPager({
  page,
  pageSize,
  total,
  capped = false,
  rowsOnPage = 0,
  onPage,
  onPageSize,
  pageSizes = PAGE_SIZES,
  label,
  summary,
  hideWhenPrinting = false,
}: ListPagerProps) {
  const { t } = useAppTranslation();
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const hasNext = capped ? rowsOnPage === pageSize : page < pages;
  const number = (n: number) => formatNumber(n);

  return (
    <HStack
      as="nav"
      aria-label={label ?? t('common:list_pager.pagination')}
      justify="space-between"
      wrap="wrap"
      gap="3"
      css={hideWhenPrinting ? { '@media print': { display: 'none' } } : undefined}
    >
      {onPageSize !== undefined && (
        <Field.Root orientation="horizontal" width="auto" gap="2">
          <Field.Label htmlFor={sizeId} whiteSpace="nowrap" fontWeight="normal">
            {t('common:list_pager.page_size')}
          </Field.Label>
          <NativeSelect.Root size="sm" width="24">
            <NativeSelect.Field
              id={sizeId}
              value={String(pageSize)}
              onChange={(event) => onPageSize(Number(event.currentTarget.value))}
            >
              {pageSizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      )}
      {summary !== undefined && (
        <Text fontSize="sm" color="fg.muted">
          {summary}
        </Text>
      )}
      <HStack gap="2">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('common:list_pager.previous')}
        </Button>
        <Text fontSize="sm" aria-live="polite">
          {capped
            ? t('common:list_pager.page', { page: number(page) })
            : t('common:list_pager.page_of', { page: number(page), pages: number(pages) })}
        </Text>
        <Button size="sm" variant="outline" disabled={!hasNext} onClick={() => onPage(page + 1)}>
          {t('common:list_pager.next')}
        </Button>
      </HStack>
    </HStack>
  );
}
