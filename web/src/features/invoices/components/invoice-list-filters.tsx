import { Button, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import {
  DateRangeFields,
  SearchField,
  SelectField,
  optional,
} from '../../../components/list-filter-fields.tsx';
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
        <SelectField
          label={t('money:invoices.filters.status')}
          value={state.status ?? ''}
          onChange={(value) => onChange({ status: optional(value, statuses) })}
        >
          <option value="">{t('money:invoices.filters.any')}</option>
          {statuses.map((status) => (
            <option key={status} value={status}>
              {t(`money:invoices.status.${status}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('money:invoices.filters.balance_status')}
          value={state.balanceStatus ?? ''}
          onChange={(value) => onChange({ balanceStatus: optional(value, balanceStatuses) })}
        >
          <option value="">{t('money:invoices.filters.any')}</option>
          {balanceStatuses.map((status) => (
            <option key={status} value={status}>
              {t(`money:invoices.balance_status.${status}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('money:invoices.filters.type')}
          value={state.type ?? ''}
          onChange={(value) => onChange({ type: optional(value, listTypes[kind]) })}
        >
          <option value="">{t('money:invoices.filters.any')}</option>
          {listTypes[kind].map((type) => (
            <option key={type} value={type}>
              {t(`money:invoices.types.${type}`)}
            </option>
          ))}
        </SelectField>
      </SimpleGrid>
      <HStack gap="2">
        <Button size="sm" variant="ghost" onClick={onClear}>
          {t('money:invoices.filters.clear')}
        </Button>
      </HStack>
    </Stack>
  );
}
