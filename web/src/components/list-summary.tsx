import { Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { pageRange, type PageRange } from './list-page.ts';

/*
 * The status line above a paged list ("26–30 of 30 orders"): said as the page changes, and read again in the
 * table's caption.
 */

export interface PageSummaryTexts {
  /** Before the first answer. */
  loading: string;
  /** An empty answer. */
  none: string;
  /** The page's figures, formatted in the user's language. */
  range(range: PageRange): string;
}

type RangedPage = Parameters<typeof pageRange>[0];

export function pageSummary(page: RangedPage, texts: PageSummaryTexts): string {
  const range = pageRange(page);
  return range === 'loading' ? texts.loading : range === 'none' ? texts.none : texts.range(range);
}

/** The summary as a polite live region, so a screen reader hears the new page's figures. */
export function ListStatus({ children }: { children: ReactNode }) {
  return (
    <Text role="status" aria-live="polite" fontSize="sm" color="fg.muted">
      {children}
    </Text>
  );
}
