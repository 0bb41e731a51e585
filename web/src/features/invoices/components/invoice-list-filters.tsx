import { Box, Button, Field, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useAppTranslation } from '../../../lib/i18n.ts';
import type { InvoiceListKind } from '../invoice-kind.ts';
import { anchoredPresets, datePresets, presetRange, type DatePreset } from '../../../lib/date-presets.ts';
import { balanceStatuses, listTypes, statuses, type InvoiceListState } from '../list/list-state.ts';
import { formatIsoDay } from './format.ts';

export interface InvoiceListFiltersProps {
  kind: InvoiceListKind;
  state: InvoiceListState;
  onChange(change: Partial<InvoiceListState>): void;
  onClear(): void;
  now: Date;
}

function SelectField({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  children: ReactNode;
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.currentTarget.value)}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

const optional = <T extends string>(value: string, allowed: readonly T[]): T | undefined =>
  (allowed as readonly string[]).includes(value) ? (value as T) : undefined;

/** The search box keeps its own text until submitted, so typing does not reload the list on every key. */
function SearchField({ value, onSearch }: { value: string; onSearch(search: string | undefined): void }) {
  const { t } = useAppTranslation();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // A new value from the URL (back, forward, clear) replaces what was typed.
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  return (
    <Box
      as="form"
      role="search"
      gridColumn={{ base: 'auto', md: 'span 2' }}
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = text.trim();
        onSearch(trimmed === '' ? undefined : trimmed.slice(0, 100));
      }}
    >
      <Field.Root>
        <Field.Label>{t('money:invoices.filters.search')}</Field.Label>
        <HStack width="full" gap="2">
          <Input
            size="sm"
            type="search"
            name="search"
            maxLength={100}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <Button type="submit" size="sm" variant="outline">
            {t('money:invoices.filters.search_button')}
          </Button>
        </HStack>
        <Field.HelperText>{t('money:invoices.filters.search_hint')}</Field.HelperText>
      </Field.Root>
    </Box>
  );
}

/** Date range (the presets of spec section 9), status, balance status, type and search; all in the URL. */
export function InvoiceListFilters({ kind, state, onChange, onClear, now }: InvoiceListFiltersProps) {
  const { t } = useAppTranslation();
  const range = presetRange(state.datePreset, now, { from: state.from, to: state.to });
  const anchored = anchoredPresets.includes(state.datePreset);

  return (
    <Stack as="section" aria-label={t('money:invoices.filters.label')} gap="3">
      <SimpleGrid columns={{ base: 1, sm: 2, md: 3, xl: 4 }} gap="3" alignItems="start">
        <SearchField value={state.search ?? ''} onSearch={(search) => onChange({ search })} />
        <Stack gap="1">
          <SelectField
            label={t('money:invoices.filters.date')}
            value={state.datePreset}
            onChange={(value) =>
              onChange({
                datePreset: optional<DatePreset>(value, datePresets) ?? 'no_date_filter',
                from: undefined,
                to: undefined,
              })
            }
          >
            {datePresets.map((preset) => (
              <option key={preset} value={preset}>
                {t(`money:invoices.date_presets.${preset}`)}
              </option>
            ))}
          </SelectField>
          {range.from !== undefined && range.to !== undefined && state.datePreset !== 'custom' && (
            <Text fontSize="xs" color="fg.muted">
              {t('money:invoices.filters.range', {
                from: formatIsoDay(range.from),
                to: formatIsoDay(range.to),
              })}
            </Text>
          )}
        </Stack>
        {state.datePreset === 'custom' && (
          <>
            <Field.Root>
              <Field.Label>{t('money:invoices.filters.from_date')}</Field.Label>
              <Input
                size="sm"
                type="date"
                value={state.from ?? ''}
                max={state.to}
                onChange={(event) => onChange({ from: event.currentTarget.value || undefined })}
              />
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('money:invoices.filters.to_date')}</Field.Label>
              <Input
                size="sm"
                type="date"
                value={state.to ?? ''}
                min={state.from}
                onChange={(event) => onChange({ to: event.currentTarget.value || undefined })}
              />
            </Field.Root>
          </>
        )}
        {anchored && (
          <Field.Root>
            <Field.Label>{t('money:invoices.filters.period_start')}</Field.Label>
            <Input
              size="sm"
              type="date"
              value={state.from ?? range.from ?? ''}
              onChange={(event) => onChange({ from: event.currentTarget.value || undefined })}
            />
          </Field.Root>
        )}
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
