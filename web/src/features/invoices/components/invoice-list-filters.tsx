import { Button, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { DateRangeFields, SearchField } from '../../../components/list-filter-fields.tsx';
import { ChoiceFilter } from '../../../components/choice-filter.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import type { InvoiceListKind } from '../invoice-kind.ts';
import { balanceStatuses, listTypes, statuses, type InvoiceListState } from '../list/list-state.ts';
import { formatDay } from '../../../lib/format.ts';

export interface InvoiceListFiltersProps {
  kind: InvoiceListKind;
  state: InvoiceListState;
  onChange(change: Partial<InvoiceListState>): void;
  onClear(): void;
  now: Date;
}

/** Date range (the presets of spec section 9), status, balance status, type and search; all in the URL. */
export function InvoiceListFilters({ kind, state, onChange, onClear, now }: InvoiceListFiltersProps) {
  const { t } = useAppTranslation();

  return (
    <Stack as="section" aria-label={t('money:invoices.filters.label')} gap="3">
      <SimpleGrid columns={{ base: 1, sm: 2, md: 3, xl: 4 }} gap="3" alignItems="start">
        <SearchField
          wide
          label={t('money:invoices.filters.search')}
          buttonLabel={t('money:invoices.filters.search_button')}
          hint={t('money:invoices.filters.search_hint')}
          value={state.search ?? ''}
          onSearch={(search) => onChange({ search })}
        />
        <DateRangeFields
          value={state}
          now={now}
          onChange={onChange}
          labels={{
            date: t('money:invoices.filters.date'),
            preset: (preset) => t(`money:invoices.date_presets.${preset}`),
            range: (from, to) =>
              t('money:invoices.filters.range', { from: formatDay(from), to: formatDay(to) }),
            fromDate: t('money:invoices.filters.from_date'),
            toDate: t('money:invoices.filters.to_date'),
            periodStart: t('money:invoices.filters.period_start'),
          }}
        />
        <ChoiceFilter
          label={t('money:invoices.filters.status')}
          anyLabel={t('money:invoices.filters.any')}
          values={statuses}
          value={state.status}
          optionLabel={(status) => t(`money:invoices.status.${status}`)}
          onChange={(status) => onChange({ status })}
        />
        <ChoiceFilter
          label={t('money:invoices.filters.balance_status')}
          anyLabel={t('money:invoices.filters.any')}
          values={balanceStatuses}
          value={state.balanceStatus}
          optionLabel={(status) => t(`money:invoices.balance_status.${status}`)}
          onChange={(balanceStatus) => onChange({ balanceStatus })}
        />
        <ChoiceFilter
          label={t('money:invoices.filters.type')}
          anyLabel={t('money:invoices.filters.any')}
          values={listTypes[kind]}
          value={state.type}
          optionLabel={(type) => t(`money:invoices.types.${type}`)}
          onChange={(type) => onChange({ type })}
        />
      </SimpleGrid>
      <HStack gap="2">
        <Button size="sm" variant="ghost" onClick={onClear}>
          {t('money:invoices.filters.clear')}
        </Button>
      </HStack>
    </Stack>
  );
}
