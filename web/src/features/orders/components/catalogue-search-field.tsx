import { Button, Field, HStack, Input, List, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import type { CatalogueMatch } from '../api/lookup-catalogue.ts';
import { useCatalogueSearch } from '../api/search-catalogue.ts';
import { lineLabel } from '../create/draft-lines.ts';
import type { OrderKind } from '../order-kind.ts';

/** The server answers from two characters on (a shorter word matches nearly everything). */
export const CATALOGUE_SEARCH_MIN = 2;
/** Waits for typing to pause before a search goes out. */
export const CATALOGUE_SEARCH_DELAY_MS = 300;

export interface CatalogueSearchFieldProps {
  kind: OrderKind;
  locationId: number;
  onPick(match: CatalogueMatch): void;
}

/**
 * Free-text search of what can go on an order (name, SKU, barcode, category, attribute: the server's
 * catalogue search), with what the clerk needs to know at every moment: searching, nothing found (and
 * what to try instead), failed, or the matches to add.
 */
export function CatalogueSearchField({ kind, locationId, onPick }: CatalogueSearchFieldProps) {
  const { t } = useAppTranslation();
  const [search, setSearch] = useState('');
  const typed = search.trim();
  const settled = useDebouncedValue(typed, CATALOGUE_SEARCH_DELAY_MS);
  const results = useCatalogueSearch(kind, locationId, settled);
  const active = typed.length >= CATALOGUE_SEARCH_MIN;
  // Typing ahead of the last answer counts as searching: an old "nothing matches" would mislead.
  const searching = active && (typed !== settled || results.isFetching);
  const matches = active && typed === settled ? (results.data?.matches ?? []) : [];

  let message = null;
  if (searching) {
    message = (
      <HStack gap="2" color="fg.muted" data-testid="catalogue-search-loading">
        <Spinner size="xs" />
        <Text fontSize="sm">{t('orders:create.searching', { search: typed })}</Text>
      </HStack>
    );
  } else if (active && results.isError) {
    message = (
      <Text fontSize="sm" color="fg.error">
        {t('orders:create.search_failed', { message: results.error.message })}
      </Text>
    );
  } else if (active && results.data !== undefined && matches.length === 0) {
    message = (
      <Stack gap="0.5" data-testid="catalogue-search-empty">
        <Text fontSize="sm" fontWeight="medium">
          {t('orders:create.search_empty', { search: typed })}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {t('orders:create.search_empty_hint')}
        </Text>
      </Stack>
    );
  }

  return (
    <Stack gap="2">
      <Field.Root>
        <Field.Label>{t('orders:create.catalogue_search')}</Field.Label>
        <Input
          type="search"
          value={search}
          maxLength={100}
          data-testid="catalogue-search"
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <Field.HelperText>{t('orders:create.catalogue_search_hint')}</Field.HelperText>
      </Field.Root>
      <div role="status" aria-live="polite">
        {message}
      </div>
      {matches.length > 0 && (
        <List.Root
          gap="1"
          listStyleType="none"
          ps="0"
          maxH="60"
          overflowY="auto"
          aria-label={t('orders:create.search_results', { search: typed })}
          data-testid="catalogue-search-results"
        >
          {matches.map((match) => {
            const label = lineLabel({ match });
            return (
              <List.Item key={`${match.product_id}-${match.item_id ?? ''}`}>
                <HStack justify="space-between" px="2" py="1" borderBottomWidth="1px">
                  <Stack gap="0">
                    <Text fontSize="sm">{label}</Text>
                    {match.product_category !== null && (
                      <Text fontSize="xs" color="fg.muted">
                        {match.product_category}
                      </Text>
                    )}
                  </Stack>
                  <Button
                    size="xs"
                    variant="outline"
                    aria-label={t('orders:create.add_item', { item: label })}
                    onClick={() => onPick(match)}
                  >
                    {t('orders:create.add')}
                  </Button>
                </HStack>
              </List.Item>
            );
          })}
        </List.Root>
      )}
    </Stack>
  );
}
