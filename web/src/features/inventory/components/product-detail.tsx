import {
  Badge,
  Box,
  Button,
  Card,
  DataList,
  HStack,
  Link as ChakraLink,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  chakra,
} from '@chakra-ui/react';
import { useState } from 'react';
import { useWatch, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { Link } from 'wouter';
import {
  itemForm,
  stockForm,
  type ItemUpdate,
  type ProductDetailView as Detail,
} from '@nine/shared/schemas/inventory';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { InlineForm } from '../../../components/form/inline-form.tsx';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { applyServerIssues, useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { ListPager } from '../../../components/list-pager.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useCreateItem } from '../api/create-item.ts';
import { useDeleteItem } from '../api/delete-item.ts';
import { useProduct } from '../api/get-product.ts';
import { useRentProductView } from '../api/get-rent-product-view.ts';
import { useProductRentals, type RentalHistoryPage } from '../api/get-product-rentals.ts';
import { useSetStock } from '../api/set-stock.ts';
import { useTransferItem } from '../api/transfer-item.ts';
import { useUpdateItem } from '../api/update-item.ts';
import { formatDateTime, formatHours, formatMoney } from '../../../lib/format.ts';
import { STATUS_COLOR } from './inventory-list.tsx';
import { ProductFormDialog } from './product-form-dialog.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';

export interface ProductDetailProps {
  productId: number;
  locations: readonly { id: number; name: string }[];
  currentLocationId: number | null;
  currencySymbol: string;
  canChange: boolean;
  orderHref(type: string, id: number): string;
  listHref: string;
  /**
   * The rent detail page: read through the endpoint any user of the location may open; without
   * `inventory` the server leaves cost and revenue out, and the page hides them and the rental history.
   */
  rentView?: boolean;
}

type InventoryItem = Detail['items'][number];
type MaintenanceRow = NonNullable<Detail['maintenance']>[number];
type StockRow = Detail['stock'][number];
type RentalRow = RentalHistoryPage['rows'][number];

/** A product's page: what it is, its items or stock per location, its totals and its rental history. */
export function ProductDetail(props: ProductDetailProps) {
  const { t } = useAppTranslation();
  const rentView = props.rentView === true;
  const full = useProduct(props.productId, !rentView);
  const open = useRentProductView(props.productId, rentView);
  const query = rentView ? open : full;
  const [editing, setEditing] = useState(false);
  if (query.isPending) return <Text role="status">{t('inventory:list.loading')}</Text>;
  if (query.isError) return <MessageAlert status="error">{query.error.message}</MessageAlert>;
  const data: Detail = query.data;
  const { product, totals } = data;
  const figures = data.figures !== false;
  return (
    <Stack gap="6">
      <HStack justify="space-between" wrap="wrap">
        <Stack gap="1">
          <ChakraLink asChild fontSize="sm">
            <Link href={props.listHref}>{t('inventory:detail.back')}</Link>
          </ChakraLink>
          <chakra.h1 fontSize="2xl" fontWeight="semibold">
            {product.name}
          </chakra.h1>
          <Text color="fg.muted">
            {product.sku}
            {product.option ? ` · ${product.option}` : ''}
            {product.active ? '' : ` · ${t('inventory:detail.inactive')}`}
          </Text>
        </Stack>
        {props.canChange && <Button onClick={() => setEditing(true)}>{t('inventory:detail.edit')}</Button>}
      </HStack>

      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Card.Root>
          <Card.Body>
            <DataList.Root orientation="horizontal">
              {[
                ['category', product.category ?? '—'],
                ['barcode', product.barcode ?? '—'],
                ['price', formatMoney(product.price_minor, props.currencySymbol)],
                ['deposit', formatMoney(product.deposit_minor, props.currencySymbol)],
                [
                  'tracking',
                  t(product.is_serialized ? 'inventory:detail.serialized' : 'inventory:detail.bulk'),
                ],
                ...product.attributes.map((a) => [a.name, a.value] as const),
              ].map(([label, value]) => (
                <DataList.Item key={label}>
                  <DataList.ItemLabel>
                    {['category', 'barcode', 'price', 'deposit', 'tracking'].includes(label)
                      ? t(`inventory:detail.${label as 'category'}`)
                      : label}
                  </DataList.ItemLabel>
                  <DataList.ItemValue>{value}</DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Body>
            <DataList.Root orientation="horizontal">
              <DataList.Item>
                <DataList.ItemLabel>{t('inventory:columns.rent_count')}</DataList.ItemLabel>
                <DataList.ItemValue>{totals.rent_count}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('inventory:columns.rent_hours')}</DataList.ItemLabel>
                <DataList.ItemValue>{formatHours(totals.rent_minutes)}</DataList.ItemValue>
              </DataList.Item>
              {totals.revenue_minor !== undefined && (
                <DataList.Item>
                  <DataList.ItemLabel>{t('inventory:columns.revenue')}</DataList.ItemLabel>
                  <DataList.ItemValue>
                    {formatMoney(totals.revenue_minor, props.currencySymbol)}
                  </DataList.ItemValue>
                </DataList.Item>
              )}
            </DataList.Root>
          </Card.Body>
        </Card.Root>
      </SimpleGrid>

      {product.is_serialized ? <Items detail={data} {...props} /> : <Stock detail={data} {...props} />}
      {figures ? (
        <Rentals {...props} />
      ) : (
        <Text color="fg.muted">{t('inventory:detail.figures_hidden')}</Text>
      )}
      {data.maintenance !== null && (
        <Maintenance rows={data.maintenance} currencySymbol={props.currencySymbol} />
      )}

      {editing && (
        <ProductFormDialog
          kind={product.kind}
          open
          product={product}
          onClose={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      )}
    </Stack>
  );
}

/** The location a new item or stock count starts at: the one the user works in. */
const firstLocation = (props: ProductDetailProps) =>
  String(props.currentLocationId ?? props.locations[0]?.id ?? '');

/** A labelled choice of one of the user's locations (the value is the location id as text). */
function LocationSelect<T extends FieldValues>(props: {
  control: Control<T, unknown, unknown>;
  // The schemas coerce the id, so its form value is typed unknown; the select holds it as text.
  name: FieldPathByValue<T, unknown>;
  label: string;
  locations: readonly { id: number; name: string }[];
}) {
  const { SelectField } = fieldsOf(props.control);
  return (
    <Box width="48">
      <SelectField
        name={props.name as FieldPathByValue<T, string | null | undefined>}
        label={props.label}
        options={props.locations.map((l) => ({ value: String(l.id), label: l.name }))}
      />
    </Box>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack as="section" gap="3" aria-label={title}>
      <chakra.h2 fontSize="lg" fontWeight="semibold">
        {title}
      </chakra.h2>
      {children}
    </Stack>
  );
}

function Items({ detail, ...props }: { detail: Detail } & ProductDetailProps) {
  const { t } = useAppTranslation();
  const figures = detail.figures !== false;
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateItem();
  const transfer = useTransferItem();
  const remove = useDeleteItem();
  const fail = { onError: (e: Error) => setError(e.message), onSuccess: () => setError(null) };
  const columns: DataTableColumn<InventoryItem>[] = [
    { id: 'sku', title: t('inventory:columns.sku'), cell: (item) => item.sku },
    { id: 'barcode', title: t('inventory:detail.barcode'), cell: (item) => item.barcode },
    {
      id: 'status',
      title: t('inventory:columns.status'),
      cell: (item) => (
        <Badge colorPalette={STATUS_COLOR[item.status]}>{t(`inventory:status.${item.status}`)}</Badge>
      ),
    },
    { id: 'home_location', title: t('inventory:columns.home_location'), cell: (item) => item.home_location },
    {
      id: 'current_location',
      title: t('inventory:columns.current_location'),
      cell: (item) => item.current_location,
    },
    {
      id: 'rent_count',
      title: t('inventory:columns.rent_count'),
      cell: (item) => item.rent_count,
      align: 'end',
    },
    ...(figures
      ? [
          {
            id: 'revenue',
            title: t('inventory:columns.revenue'),
            cell: (item: InventoryItem) => formatMoney(item.revenue_minor ?? 0, props.currencySymbol),
            align: 'end' as const,
          },
        ]
      : []),
    ...(props.canChange
      ? [
          {
            id: 'actions',
            title: t('inventory:detail.actions'),
            cell: (item: InventoryItem) => (
              <ItemActions
                item={item}
                locations={props.locations}
                onStatus={(status) =>
                  update.mutate({ id: item.id, body: { status, version: item.version } }, fail)
                }
                onTransfer={(to) =>
                  transfer.mutate({ id: item.id, body: { to_location_id: to, version: item.version } }, fail)
                }
                onDelete={() => remove.mutate(item.id, fail)}
              />
            ),
          },
        ]
      : []),
  ];
  return (
    <Section title={t('inventory:detail.items')}>
      {error !== null && <MessageAlert status="error">{error}</MessageAlert>}
      <DataTable<InventoryItem>
        columns={columns}
        rows={detail.items}
        rowId={(item) => item.id}
        caption={t('inventory:detail.items')}
        emptyNote={t('inventory:detail.no_items')}
      />
      {props.canChange && <NewItemForm {...props} productId={detail.product.id} />}
    </Section>
  );
}

type ManualStatus = NonNullable<ItemUpdate['status']>;
const MANUAL: ManualStatus[] = ['available', 'maintenance', 'retired', 'lost'];

function ItemActions(props: {
  item: InventoryItem;
  locations: readonly { id: number; name: string }[];
  onStatus(status: ManualStatus): void;
  onTransfer(locationId: number): void;
  onDelete(): void;
}) {
  const { t } = useAppTranslation();
  const { item } = props;
  const rented = item.status === 'rented';
  return (
    <HStack gap="2">
      <NativeSelect.Root size="xs" width="36" disabled={rented}>
        <NativeSelect.Field
          aria-label={t('inventory:detail.set_status', { sku: item.sku })}
          value={rented ? '' : item.status}
          onChange={(e) => props.onStatus(e.currentTarget.value as ManualStatus)}
        >
          {rented && <option value="">{t('inventory:status.rented')}</option>}
          {MANUAL.map((s) => (
            <option key={s} value={s}>
              {t(`inventory:status.${s}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <NativeSelect.Root size="xs" width="36" disabled={rented}>
        <NativeSelect.Field
          aria-label={t('inventory:detail.transfer', { sku: item.sku })}
          value=""
          onChange={(e) => e.currentTarget.value && props.onTransfer(Number(e.currentTarget.value))}
        >
          <option value="">{t('inventory:detail.transfer_to')}</option>
          {props.locations
            .filter((l) => l.id !== item.current_location_id)
            .map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Button size="xs" variant="ghost" colorPalette="red" onClick={props.onDelete} disabled={rented}>
        {t('inventory:detail.delete_item')}
      </Button>
    </HStack>
  );
}

function NewItemForm(props: { productId: number } & ProductDetailProps) {
  const { t } = useAppTranslation();
  const create = useCreateItem(props.productId);
  const form = useSchemaForm(itemForm, {
    defaultValues: { sku: '', barcode: '', home_location_id: firstLocation(props) },
    mode: 'onChange',
  });
  // Read in render: Add item waits for a SKU and a barcode.
  const valid = itemForm.safeParse(useWatch({ control: form.control })).success;
  const submit = form.handleSubmit((item) =>
    create.mutate(item, {
      onSuccess: () => form.reset({ ...form.getValues(), sku: '', barcode: '' }),
      onError: (error) => {
        if (applyServerIssues(form, error)) create.reset();
      },
    }),
  );
  const { TextField } = fieldsOf(form.control);
  return (
    <InlineForm
      label={t('inventory:detail.add_item')}
      onSubmit={submit}
      submitLabel={t('inventory:detail.add_item')}
      pending={create.isPending}
      submitDisabled={!valid}
      error={create.error?.message ?? null}
    >
      {(['sku', 'barcode'] as const).map((name) => (
        <Box key={name} width="48">
          <TextField
            name={name}
            label={t(`inventory:detail.item_${name}`)}
            required
            maxLength={itemForm.shape[name].maxLength ?? undefined}
          />
        </Box>
      ))}
      <LocationSelect
        control={form.control}
        name="home_location_id"
        label={t('inventory:columns.home_location')}
        locations={props.locations}
      />
    </InlineForm>
  );
}

function Stock({ detail, ...props }: { detail: Detail } & ProductDetailProps) {
  const { t } = useAppTranslation();
  const set = useSetStock(detail.product.id);
  const form = useSchemaForm(stockForm, {
    defaultValues: { location_id: firstLocation(props), quantity: '' },
    messages: { quantity: 'common:form.number' },
    mode: 'onChange',
  });
  // Read in render: Set stock waits for a whole quantity.
  const valid = stockForm.safeParse(useWatch({ control: form.control })).success;
  const submit = form.handleSubmit((stock) =>
    set.mutate(stock, {
      onError: (error) => {
        if (applyServerIssues(form, error)) set.reset();
      },
    }),
  );
  const { TextField } = fieldsOf(form.control);
  return (
    <Section title={t('inventory:detail.stock')}>
      <Box maxW="md">
        <DataTable<StockRow>
          columns={[
            { id: 'location', title: t('inventory:detail.location'), cell: (row) => row.location },
            {
              id: 'quantity',
              title: t('inventory:columns.quantity'),
              cell: (row) => row.quantity,
              align: 'end',
            },
          ]}
          rows={detail.stock}
          rowId={(row) => row.location_id}
          caption={t('inventory:detail.stock')}
          emptyNote={t('inventory:detail.no_stock')}
        />
      </Box>
      {props.canChange && (
        <InlineForm
          label={t('inventory:detail.set_stock')}
          onSubmit={submit}
          submitLabel={t('inventory:detail.set_stock')}
          pending={set.isPending}
          submitDisabled={!valid}
          error={set.error?.message ?? null}
        >
          <LocationSelect
            control={form.control}
            name="location_id"
            label={t('inventory:detail.location')}
            locations={props.locations}
          />
          <Box width="32">
            <TextField name="quantity" label={t('inventory:columns.quantity')} required inputMode="numeric" />
          </Box>
        </InlineForm>
      )}
    </Section>
  );
}

function Maintenance({ rows, currencySymbol }: { rows: MaintenanceRow[]; currencySymbol: string }) {
  const { t } = useAppTranslation();
  // Cost figures are left out by the server for users without `inventory`.
  const figures = rows.every((r) => r.cost_minor !== undefined);
  return (
    <Section title={t('inventory:detail.maintenance')}>
      <DataTable<MaintenanceRow>
        columns={[
          { id: 'sku', title: t('inventory:columns.sku'), cell: (r) => r.item_sku },
          { id: 'problem', title: t('inventory:detail.problem'), cell: (r) => r.problem },
          { id: 'opened', title: t('inventory:detail.opened'), cell: (r) => formatDateTime(r.opened_at) },
          {
            id: 'closed',
            title: t('inventory:detail.closed'),
            cell: (r) => (r.closed_at ? formatDateTime(r.closed_at) : t('inventory:detail.still_open')),
          },
          ...(figures
            ? [
                {
                  id: 'cost',
                  title: t('inventory:detail.cost'),
                  cell: (r: MaintenanceRow) => formatMoney(r.cost_minor ?? 0, currencySymbol),
                  align: 'end' as const,
                },
              ]
            : []),
        ]}
        rows={rows}
        rowId={(r) => r.id}
        caption={t('inventory:detail.maintenance')}
        emptyNote={t('inventory:detail.no_maintenance')}
      />
    </Section>
  );
}

function Rentals(props: ProductDetailProps) {
  const { t } = useAppTranslation();
  const [page, setPage] = useState(1);
  const query = useProductRentals(props.productId, page);
  const data = query.data;
  return (
    <Section title={t('inventory:detail.history')}>
      {data === undefined ? (
        <Text role="status">{t('inventory:list.loading')}</Text>
      ) : data.rows.length === 0 ? (
        <Text color="fg.muted">{t('inventory:detail.no_history')}</Text>
      ) : (
        <>
          <DataTable<RentalRow>
            columns={[
              {
                id: 'order',
                title: t('inventory:detail.order'),
                cell: (r) => (
                  <ChakraLink asChild>
                    <Link href={props.orderHref(r.order_type, r.order_id)}>{r.order_number}</Link>
                  </ChakraLink>
                ),
              },
              { id: 'customer', title: t('inventory:detail.customer'), cell: (r) => r.customer ?? '' },
              { id: 'sku', title: t('inventory:columns.sku'), cell: (r) => r.item_sku ?? '' },
              {
                id: 'period',
                title: t('inventory:detail.period'),
                cell: (r) =>
                  r.planned_start
                    ? `${formatDateTime(r.planned_start)} – ${formatDateTime(r.returned_at ?? r.planned_finish)}`
                    : formatDateTime(r.created_at),
              },
              { id: 'status', title: t('inventory:columns.status'), cell: (r) => r.status },
              {
                id: 'quantity',
                title: t('inventory:columns.quantity'),
                cell: (r) => r.quantity,
                align: 'end',
              },
              {
                id: 'revenue',
                title: t('inventory:columns.revenue'),
                cell: (r) => formatMoney(r.revenue_minor, props.currencySymbol),
                align: 'end',
              },
            ]}
            rows={data.rows}
            rowId={(r) => r.order_item_id}
            caption={t('inventory:detail.history')}
          />
          <ListPager
            page={page}
            pageSize={data.page_size}
            total={data.total}
            capped={data.total_capped}
            rowsOnPage={data.rows.length}
            onPage={setPage}
            label={t('inventory:detail.history')}
          />
        </>
      )}
    </Section>
  );
}
