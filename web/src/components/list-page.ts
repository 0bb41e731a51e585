import type { Page } from '@nine/shared/schemas/page';
import { formatNumber } from '../lib/format.ts';
import type { ListPagerProps } from './list-pager.tsx';

/*
 * What a paged list shows of the page the server answered (the one `Page<T>` envelope): the figures of its
 * status line and its pager. The list keeps page and page size in its URL state.
 */

type AnyPage = Pick<Page<unknown>, 'rows' | 'total' | 'total_capped' | 'page' | 'page_size'>;

// A type, not an interface: t() takes it as its interpolation values.
export type PageRange = {
  from: string;
  to: string;
  total: string;
  /** The count stopped at its cap ("10,000+"). */
  capped: boolean;
};

/**
 * The "26–30 of 30" figures of a page, formatted in the user's language: 'loading' before the first
 * answer, 'none' when the page is empty.
 */
export function pageRange(page: AnyPage | undefined): PageRange | 'loading' | 'none' {
  if (page === undefined) return 'loading';
  if (page.total === 0 || page.rows.length === 0) return 'none';
  const from = (page.page - 1) * page.page_size + 1;
  return {
    from: formatNumber(from),
    to: formatNumber(from + page.rows.length - 1),
    total: formatNumber(page.total),
    capped: page.total_capped === true,
  };
}

/** The pager under a page, none before the first answer. */
export function pagerOf(
  page: AnyPage | undefined,
  state: { page: number; pageSize: number },
  change: (patch: { page?: number; pageSize?: number }) => void,
): ListPagerProps | undefined {
  return (
    page && {
      page: state.page,
      pageSize: state.pageSize,
      total: page.total,
      capped: page.total_capped,
      rowsOnPage: page.rows.length,
      onPage: (next) => change({ page: next }),
      onPageSize: (pageSize) => change({ pageSize }),
    }
  );
}
