import { Button, Field, HStack, Input, List, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useCustomerSearch, type CustomerMatch } from '../api/search-customers.ts';

export interface CustomerSearchFieldProps {
  locationId: number | null;
  /** The chosen customer; null stands for the default customer, named by `defaultLabel`. */
  value: { id: number; name: string } | null;
  onChange(customer: CustomerMatch | null): void;
  /** Who null is ("Walk-in customer"); without it there is no way back to the default. */
  defaultLabel?: string;
  /** Focus the search when it appears (the first field of a step). */
  autoFocus?: boolean;
  /** Why the form refused the choice (none made): marks the search field invalid and says so under it. */
  errorText?: string;
}

/**
 * Picks the customer of an order by name, e-mail or phone, through the same lookup the create-order
 * wizard uses (GET customers/lookup, open to order clerks without the customer permission).
 */
export function CustomerSearchField({
  locationId,
  value,
  onChange,
  defaultLabel,
  autoFocus,
  errorText,
}: CustomerSearchFieldProps) {
  const { t } = useAppTranslation();
  const groupLabel = useId();
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search);
  const results = useCustomerSearch(locationId, settled);
  const searching = search.trim().length >= 2;
  const rows: CustomerMatch[] = searching ? (results.data?.rows ?? []) : [];
  const chosenName = value?.name ?? defaultLabel ?? t('orders:customer_search.none');

  const choose = (customer: CustomerMatch | null) => {
    onChange(customer);
    setSearch('');
  };

  return (
    <Stack gap="2" role="group" aria-labelledby={groupLabel} data-testid="customer-search-field">
      <HStack gap="3" wrap="wrap">
        <Text id={groupLabel} fontWeight="semibold">
          {t('orders:create.chosen_customer', { name: chosenName })}
        </Text>
        {value !== null && defaultLabel !== undefined && (
          <Button size="xs" variant="outline" onClick={() => choose(null)}>
            {t('orders:customer_search.use_default', { name: defaultLabel })}
          </Button>
        )}
      </HStack>
      <Field.Root invalid={errorText !== undefined}>
        <Field.Label>{t('orders:create.customer_search')}</Field.Label>
        <Input
          type="search"
          autoFocus={autoFocus}
          autoComplete="off"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && search !== '') {
              event.preventDefault();
              setSearch('');
            }
          }}
        />
        <Field.HelperText>{t('orders:create.customer_search_hint')}</Field.HelperText>
        {errorText !== undefined && <Field.ErrorText>{errorText}</Field.ErrorText>}
      </Field.Root>
      <div role="status" aria-live="polite">
        {searching && results.isError && (
          <Text color="fg.error">
            {t('orders:customer_search.failed', { message: results.error.message })}
          </Text>
        )}
        {searching && settled === search && results.data !== undefined && rows.length === 0 && (
          <Text color="fg.muted">{t('orders:create.no_customers')}</Text>
        )}
      </div>
      {rows.length > 0 && (
        <List.Root aria-label={t('orders:create.customer_results')} gap="2" listStyleType="none" ps="0">
          {rows.map((customer) => (
            <List.Item key={customer.id}>
              <HStack justify="space-between" borderWidth="1px" borderRadius="l2" px="3" py="2">
                <Stack gap="0">
                  <Text fontWeight="medium">{customer.name}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {[customer.email, customer.phone].filter(Boolean).join(' · ')}
                  </Text>
                </Stack>
                <Button
                  size="xs"
                  aria-label={t('orders:customer_search.choose_named', { name: customer.name })}
                  onClick={() => choose(customer)}
                >
                  {t('orders:create.choose')}
                </Button>
              </HStack>
            </List.Item>
          ))}
        </List.Root>
      )}
    </Stack>
  );
}
