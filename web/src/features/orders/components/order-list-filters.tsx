import { Button, Field, HStack, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { useId, useState } from 'react';
import {
  DateRangeFields,
  SearchField,
  SelectField,
  optional,
} from '../../../components/list-filter-fields.tsx';
import { ChoiceFilter } from '../../../components/choice-filter.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import {
  balanceStatuses,
  orderSources,
  orderTypes,
  overdueTypes,
  statusFilters,
  type OrderListState,
} from '../list/list-state.ts';
import type { OrderKind } from '../order-kind.ts';
import { formatDay } from '../../../lib/format.ts';

// A rent list's order types: sale orders have their own list.
const rentOrderTypes = orderTypes.filter((type) => type !== 'sale');

export interface OrderListFiltersProps {
  kind: OrderKind;
  state: OrderListState;
  onChange(change: Partial<OrderListState>): void;
  onClear(): void;
  /** The locations the user works in; a choice shows only when there are several. */
  locations: readonly { id: number; name: string }[];
  currentLocationId: number | null;
  now: Date;
}

/** The filters of spec section 3 with the date presets of section 9; every change lands in the URL. */
export function OrderListFilters({
  kind,
  state,
  onChange,
  onClear,
  locations,
  currentLocationId,
  now,
}: OrderListFiltersProps) {
  const { t } = useAppTranslation();
  const moreId = useId();
  const [showMore, setShowMore] = useState(false);
  // Filters behind "More filters" that are set, so a hidden one is never a surprise.
  const activeMore = [
    state.orderType,
    state.rentalTypeId,
    state.source,
    state.overdueType,
    state.unbalanced,
    state.balanceStatus,
    state.locationId,
  ].filter((value) => value !== undefined).length;

  return (
    <Stack as="section" aria-label={t('orders:filters.label')} gap="3">
      <SimpleGrid columns={{ base: 1, sm: 2, md: 3, xl: 4 }} gap="3" alignItems="start">
        <SearchField
          wide
          label={t('orders:filters.search')}
          buttonLabel={t('orders:filters.search_button')}
          hint={t('orders:filters.search_hint')}
          value={state.search ?? ''}
          onSearch={(search) => onChange({ search })}
        />
        <SelectField
          label={t('orders:filters.status')}
          value={state.status}
          onChange={(value) => onChange({ status: optional(value, statusFilters[kind]) ?? 'all_orders' })}
        >
          {statusFilters[kind].map((status) => (
            <option key={status} value={status}>
              {t(`orders:status.${status}`)}
            </option>
          ))}
        </SelectField>
        <DateRangeFields
          value={state}
          now={now}
          onChange={onChange}
          labels={{
            date: t('orders:filters.date'),
            preset: (preset) => t(`orders:date_presets.${preset}`),
            range: (from, to) => t('orders:filters.range', { from: formatDay(from), to: formatDay(to) }),
            fromDate: t('orders:filters.from_date'),
            toDate: t('orders:filters.to_date'),
            periodStart: t('orders:filters.period_start'),
          }}
        />
      </SimpleGrid>
      <HStack gap="2">
        <Button
          size="sm"
          variant="outline"
          aria-expanded={showMore}
          aria-controls={moreId}
          onClick={() => setShowMore((open) => !open)}
        >
          {showMore
            ? t('orders:filters.fewer')
            : activeMore > 0
              ? t('orders:filters.more_active', { count: activeMore })
              : t('orders:filters.more')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onClear}>
          {t('orders:filters.clear')}
        </Button>
      </HStack>
      <SimpleGrid
        id={moreId}
        display={showMore ? 'grid' : 'none'}
        columns={{ base: 1, sm: 2, md: 3, xl: 4 }}
        gap="3"
        alignItems="start"
      >
        {kind === 'rent' && (
          <ChoiceFilter
            label={t('orders:filters.order_type')}
            anyLabel={t('orders:filters.any')}
            values={rentOrderTypes}
            value={state.orderType}
            optionLabel={(type) => t(`orders:types.${type}`)}
            onChange={(orderType) => onChange({ orderType })}
          />
        )}
        {kind === 'rent' && (
          <Field.Root>
            <Field.Label>{t('orders:filters.rental_type')}</Field.Label>
            <Input
              size="sm"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={state.rentalTypeId ?? ''}
              onChange={(event) => {
                const n = Number(event.currentTarget.value);
                onChange({ rentalTypeId: Number.isInteger(n) && n > 0 ? n : undefined });
              }}
            />
          </Field.Root>
        )}
        <ChoiceFilter
          label={t('orders:filters.source')}
          anyLabel={t('orders:filters.any')}
          values={orderSources}
          value={state.source}
          optionLabel={(source) => t(`orders:sources.${source}`)}
          onChange={(source) => onChange({ source })}
        />
        {kind === 'rent' && (
          <ChoiceFilter
            label={t('orders:filters.overdue_type')}
            anyLabel={t('orders:filters.any')}
            values={overdueTypes}
            value={state.overdueType}
            optionLabel={(type) => t(`orders:filters.overdue_types.${type}`)}
            onChange={(overdueType) => onChange({ overdueType })}
          />
        )}
        <SelectField
          label={t('orders:filters.unbalanced')}
          value={state.unbalanced === undefined ? '' : String(state.unbalanced)}
          onChange={(value) => onChange({ unbalanced: value === '' ? undefined : value === 'true' })}
        >
          <option value="">{t('orders:filters.any')}</option>
          <option value="true">{t('orders:filters.yes')}</option>
          <option value="false">{t('orders:filters.no')}</option>
        </SelectField>
        <ChoiceFilter
          label={t('orders:filters.balance_status')}
          anyLabel={t('orders:filters.any')}
          values={balanceStatuses}
          value={state.balanceStatus}
          optionLabel={(status) => t(`orders:filters.balance_statuses.${status}`)}
          onChange={(balanceStatus) => onChange({ balanceStatus })}
        />
        {locations.length > 1 && (
          <SelectField
            label={t('orders:filters.location')}
            value={String(state.locationId ?? currentLocationId ?? '')}
            onChange={(value) => {
              const id = Number(value);
              onChange({ locationId: id === currentLocationId ? undefined : id });
            }}
          >
            {locations.map((location) => (
              <option key={location.id} value={location.id}>
                {location.name}
              </option>
            ))}
          </SelectField>
        )}
      </SimpleGrid>
    </Stack>
  );
}
