import { Button, Field, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { PAGE_SIZES } from '../list/list-state.ts';

export interface ListPagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** The count stopped at its cap: the last page is not known. */
  capped: boolean;
  rowsOnPage: number;
  onPage(page: number): void;
  onPageSize(pageSize: number): void;
}

export function ListPager({ page, pageSize, total, capped, rowsOnPage, onPage, onPageSize }: ListPagerProps) {
  const { t } = useAppTranslation();
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const hasNext = capped ? rowsOnPage === pageSize : page < pages;
  const number = (n: number) => new Intl.NumberFormat(currentLanguage()).format(n);

  return (
    <HStack
      as="nav"
      aria-label={t('money:invoices.list.pagination')}
      justify="space-between"
      wrap="wrap"
      gap="3"
    >
      <Field.Root orientation="horizontal" width="auto" gap="2">
        <Field.Label htmlFor={sizeId} whiteSpace="nowrap" fontWeight="normal">
          {t('money:invoices.list.page_size')}
        </Field.Label>
        <NativeSelect.Root size="sm" width="24">
          <NativeSelect.Field
            id={sizeId}
            value={String(pageSize)}
            onChange={(event) => onPageSize(Number(event.currentTarget.value))}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <HStack gap="2">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('money:invoices.list.previous')}
        </Button>
        <Text fontSize="sm" aria-live="polite">
          {capped
            ? t('money:invoices.list.page', { page: number(page) })
            : t('money:invoices.list.page_of', { page: number(page), pages: number(pages) })}
        </Text>
        <Button size="sm" variant="outline" disabled={!hasNext} onClick={() => onPage(page + 1)}>
          {t('money:invoices.list.next')}
        </Button>
      </HStack>
    </HStack>
  );
}
