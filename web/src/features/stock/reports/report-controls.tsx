import { Alert, Box, Button, Field, HStack, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { CategoryRow } from '@nine/shared/schemas/inventory';
import { SearchField, SelectField } from '../../../components/list-filter-fields.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { anchoredPresets, datePresets, type DatePreset } from '../../../lib/date-presets.ts';
import { useRentProducts } from '../api/search-rent-products.ts';
import { useReportCategories } from '../api/get-report-categories.ts';
import type { ReportState } from './report-params.ts';

type AnyState = ReportState<string, string>;

/** A rent product picked from the catalogue search: type, then choose one of the suggestions. */
function ProductField({
  locationId,
  productId,
  productName,
  onChange,
}: {
  locationId: number;
  productId: number | undefined;
  /** The chosen product's name when known from the report's rows (after a reload, say). */
  productName: string | undefined;
  onChange(productId: number | undefined): void;
}) {
  const { t } = useAppTranslation();
  const ids = { input: useId(), list: useId(), hint: useId() };
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<{ id: number; label: string } | null>(null);
  const products = useRentProducts(locationId, text.trim()).data?.rows ?? [];
  const labelOf = (p: { name: string; sku: string }) => `${p.name} (${p.sku})`;
  const current =
    productId === undefined
      ? null
      : picked?.id === productId
        ? picked.label
        : (productName ?? `#${productId}`);
  if (current !== null)
    return (
      <Field.Root>
        <Field.Label>{t('stock:reports.product')}</Field.Label>
        <HStack gap="2">
          <Text fontSize="sm" truncate>
            {current}
          </Text>
          <Button
            size="xs"
            variant="outline"
            onClick={() => {
              setText('');
              onChange(undefined);
            }}
          >
            {t('stock:reports.clear_product')}
          </Button>
        </HStack>
      </Field.Root>
    );
  return (
    <Field.Root>
      <Field.Label htmlFor={ids.input}>{t('stock:reports.product')}</Field.Label>
      <Input
        id={ids.input}
        size="sm"
        list={ids.list}
        value={text}
        aria-describedby={ids.hint}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setText(value);
          const match = products.find((p) => labelOf(p) === value);
          if (match) {
            setPicked({ id: match.id, label: value });
            onChange(match.id);
          }
        }}
      />
      <datalist id={ids.list}>
        {products.map((p) => (
          <option key={p.id} value={labelOf(p)} />
        ))}
      </datalist>
      <Field.HelperText id={ids.hint}>{t('stock:reports.product_hint')}</Field.HelperText>
    </Field.Root>
  );
}

/** The category tree in order, each with its depth (children under their parent, indented). */
/** A date of the report's period; cleared, it leaves the filter out (undefined). */
function DayField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange(value: string | undefined): void;
}) {
  const id = useId();
  return (
    <Field.Root>
      <Field.Label htmlFor={id}>{label}</Field.Label>
      <Input
        id={id}
        size="sm"
        type="date"
        value={value ?? ''}
        onChange={(event) => onChange(event.currentTarget.value || undefined)}
      />
    </Field.Root>
  );
}

export function categoryOptions(rows: CategoryRow[]): (CategoryRow & { depth: number })[] {
  const children = new Map<number | null, CategoryRow[]>();
  for (const row of rows) children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row]);
  const out: (CategoryRow & { depth: number })[] = [];
  const walk = (parent: number | null, depth: number) => {
    const level = [...(children.get(parent) ?? [])].sort(
      (a, b) => a.sort_order - b.sort_order || a.name.localeCompare(b.name),
    );
    for (const row of level) {
      out.push({ ...row, depth });
      if (depth < 10) walk(row.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** The period, status, category, product and search filters both inventory reports share. */
export function ReportFilters<S extends AnyState>({
  locationId,
  state,
  onChange,
  onClear,
  statuses,
  searchLabel,
  productName,
}: {
  locationId: number;
  productName?: string | undefined;
  state: S;
  onChange(patch: Partial<AnyState>): void;
  onClear(): void;
  statuses: { value: string; label: string }[];
  searchLabel: string;
}) {
  const { t } = useAppTranslation();
  const categories = useReportCategories();
  const custom = state.preset === 'custom';
  const anchored = anchoredPresets.includes(state.preset);
  return (
    <Box as="section" aria-label={t('stock:reports.filters')}>
      <SimpleGrid columns={{ base: 1, md: 3, xl: 6 }} gap="3" alignItems="end">
        <SelectField
          label={t('stock:reports.period')}
          value={state.preset}
          onChange={(value) => onChange({ preset: value as DatePreset, from: undefined, to: undefined })}
        >
          {datePresets.map((preset) => (
            <option key={preset} value={preset}>
              {t(`stock:reports.presets.${preset}`)}
            </option>
          ))}
        </SelectField>
        {(custom || anchored) && (
          <DayField
            label={anchored ? t('stock:reports.start') : t('stock:reports.from')}
            value={state.from}
            onChange={(from) => onChange({ from })}
          />
        )}
        {custom && (
          <DayField label={t('stock:reports.to')} value={state.to} onChange={(to) => onChange({ to })} />
        )}
        <SelectField
          label={t('stock:reports.status')}
          value={state.status ?? ''}
          onChange={(value) => onChange({ status: value || undefined })}
        >
          <option value="">{t('stock:reports.all_statuses')}</option>
          {statuses.map((status) => (
            <option key={status.value} value={status.value}>
              {status.label}
            </option>
          ))}
        </SelectField>
        {categories.data && (
          <SelectField
            label={t('stock:reports.category')}
            value={state.category_id === undefined ? '' : String(state.category_id)}
            onChange={(value) => onChange({ category_id: value ? Number(value) : undefined })}
          >
            <option value="">{t('stock:reports.all_categories')}</option>
            {categoryOptions(categories.data.rows).map((category) => (
              <option key={category.id} value={category.id}>
                {'\u2003'.repeat(category.depth)}
                {category.name}
              </option>
            ))}
          </SelectField>
        )}
        <ProductField
          locationId={locationId}
          productId={state.product_id}
          productName={productName}
          onChange={(productId) => onChange({ product_id: productId })}
        />
        <SearchField
          label={searchLabel}
          buttonLabel={t('stock:reports.search_button')}
          value={state.search ?? ''}
          onSearch={(search) => onChange({ search })}
        />
        <Box>
          <Button size="sm" variant="ghost" onClick={onClear}>
            {t('stock:reports.clear')}
          </Button>
        </Box>
      </SimpleGrid>
    </Box>
  );
}

export function ReportLoadError({ onRetry }: { onRetry(): void }) {
  const { t } = useAppTranslation();
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Description>{t('stock:reports.load_failed')}</Alert.Description>
      <Button size="xs" variant="outline" ms="auto" onClick={onRetry}>
        {t('stock:reports.retry')}
      </Button>
    </Alert.Root>
  );
}

/** A report screen's title (with the period under it, if given), its export and the print view link. */
export function ReportHeader({
  title,
  period,
  toolbar,
  printHref,
}: {
  title: string;
  period?: string;
  toolbar: ReactNode;
  printHref: string;
}) {
  const { t } = useAppTranslation();
  const heading = (
    <Heading as="h1" size="xl">
      {title}
    </Heading>
  );
  return (
    <HStack justify="space-between" wrap="wrap" gap="3">
      {period === undefined ? (
        heading
      ) : (
        <Stack gap="0">
          {heading}
          <Text color="fg.muted">{period}</Text>
        </Stack>
      )}
      <HStack gap="2">
        {toolbar}
        <Button asChild size="sm" variant="outline">
          <Link href={printHref}>{t('stock:reports.print_view')}</Link>
        </Button>
      </HStack>
    </HStack>
  );
}

/** A report's summary figure, labelled and formatted: boxes on screen, a line on paper. */
export type ReportFigure = readonly [label: string, value: string];

export const figureLine = (figures: readonly ReportFigure[]) =>
  figures.map(([label, value]) => `${label}: ${value}`).join(' · ');

/** The figures of a totals strip. */
export function Figures({ figures }: { figures: readonly ReportFigure[] }) {
  return figures.map(([label, value]) => (
    <Box key={label} borderWidth="1px" borderRadius="md" px="4" py="2" minW="36">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="xl" fontWeight="semibold">
        {value}
      </Text>
    </Box>
  ));
}
