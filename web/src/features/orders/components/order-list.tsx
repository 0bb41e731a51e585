import { HStack, Stack, useBreakpointValue } from '@chakra-ui/react';
import { useMemo, useState, type ReactNode } from 'react';
import { pagerOf } from '../../../components/list-page.ts';
import { ListStatus, pageSummary } from '../../../components/list-summary.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useListUrlState } from '../../../lib/use-list-url-state.ts';
import { useOrders, type OrderListParams } from '../api/get-orders.ts';
import { useColumnSettings, useSaveColumnSettings } from '../api/column-settings.ts';
import { withColumnFilter } from '../list/column-filters.ts';
import {
  loadColumnConfig,
  mergeColumnConfig,
  resetColumnConfig,
  saveColumnConfig,
  type ColumnSetting,
  type Viewport,
} from '../list/column-config.ts';
import { orderListCodec, toOrderListParams } from '../list/list-state.ts';
import type { OrderKind } from '../order-kind.ts';
import { ColumnConfigDialog } from './column-config-dialog.tsx';
import { OrderListFilters } from './order-list-filters.tsx';
import { OrderTable } from './order-table.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';

export interface OrderListProps {
  kind: OrderKind;
  title: string;
  locationId: number | null;
  userId: number;
  locations: readonly { id: number; name: string }[];
  currencySymbol: string;
  /** The device's items-per-page setting. */
  defaultPageSize: number;
  orderHref(id: number): string;
  printHref?(id: number): string;
  /** Extra toolbar actions (export, say), given the list's current query. */
  toolbar?(params: OrderListParams): ReactNode;
}

/** A rent or sale order list: filters, sortable columns, pages; its state lives in the URL query. */
export function OrderList(props: OrderListProps) {
  const { kind, title, locationId, userId } = props;
  const { t } = useAppTranslation();
  const { state, change, reset } = useListUrlState(orderListCodec, kind, props.defaultPageSize);
  const viewport: Viewport =
    useBreakpointValue({ base: 'mobile', md: 'backend' }, { fallback: 'md' }) ?? 'backend';
  const [config, setConfig] = useState<ColumnSetting[]>(() => loadColumnConfig(kind, userId));
  const [configFor, setConfigFor] = useState(`${kind}:${userId}`);
  if (configFor !== `${kind}:${userId}`) {
    // Another list or user on the same component instance: their own settings.
    setConfigFor(`${kind}:${userId}`);
    setConfig(loadColumnConfig(kind, userId));
  }
  // The user's settings live on the server (any device); this browser's copy shows until they arrive,
  // and stays in use while the server has none yet.
  const saved = useColumnSettings(kind, userId);
  const saveSettings = useSaveColumnSettings(kind, userId);
  const columns = useMemo(
    () => (saved.data !== undefined && saved.data !== null ? mergeColumnConfig(kind, saved.data) : config),
    [saved.data, kind, config],
  );

  // "Today" is read once per render; the query key holds dates, so a list left open past midnight moves on.
  const now = new Date();
  const params = toOrderListParams(state, now);
  const query = useOrders(kind, locationId, params);
  const page = query.data;
  const summary = pageSummary(page, {
    loading: t('orders:list.loading'),
    none: t('orders:list.none'),
    range: (range) => t(range.capped ? 'orders:list.summary_capped' : 'orders:list.summary', range),
  });

  return (
    <Stack gap="5">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <PageHeading title={title} />
        <HStack gap="2">
          {props.toolbar?.(params)}
          <ColumnConfigDialog
            kind={kind}
            config={columns}
            onSave={(next) => {
              setConfig(next);
              saveColumnConfig(kind, userId, next);
              saveSettings.mutate(next);
            }}
            onReset={() => {
              setConfig(resetColumnConfig(kind, userId));
              saveSettings.mutate(null);
            }}
          />
        </HStack>
      </HStack>

      <OrderListFilters
        kind={kind}
        state={state}
        onChange={change}
        onClear={reset}
        locations={props.locations}
        currentLocationId={locationId}
        now={now}
      />

      <ListStatus>{summary}</ListStatus>

      <OrderTable
        kind={kind}
        rows={page?.rows}
        columns={columns}
        viewport={viewport}
        sort={state.sort}
        sortType={state.sortType}
        onSort={(sort, sortType) => change({ sort, sortType })}
        currencySymbol={props.currencySymbol}
        orderHref={props.orderHref}
        printHref={props.printHref}
        caption={t('orders:list.caption', { title, summary })}
        query={query}
        filters={state.filters}
        onFilter={(column, value) => change({ filters: withColumnFilter(state.filters, column, value) })}
        pager={pagerOf(page, state, change)}
      />
    </Stack>
  );
}
