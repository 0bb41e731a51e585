import { customerMatches } from '../customers/customer-search.ts';
import type { z } from 'zod';
import type { Requirement } from '@nine/shared/permissions';
import { customerListQuery } from '@nine/shared/schemas/customers';
import { orderListQuery } from '@nine/shared/schemas/orders';
import { orderExportQuery } from '../orders/order-list.ts';
import { inventoryListQuery } from '@nine/shared/schemas/inventory';
import { inventoryExportQuery } from '../inventory/inventory-list.ts';
import { maintenanceReportQuery, repairLogReportQuery } from '@nine/shared/schemas/stock';
import { maintenanceExportQuery, repairLogExportQuery } from '../stock/report-service.ts';
import { repairLogReportAccess } from '../stock/report-routes.ts';

export interface ExportColumn {
  key: string;
  /** money: minor units written as a decimal amount; date: ISO 8601. */
  kind?: 'money' | 'date';
}

export interface ExportSource {
  /** The list's own permission: one, or any of several when the list admits several. */
  need: Requirement | { anyOf: readonly Requirement[] };
  filters: z.ZodType;
  columns: ExportColumn[];
  /** The list's SELECT for these filters, in its order. */
  sql(locationId: number, filters: never): { text: string; params: unknown[] };
}

const orderColumns: ExportColumn[] = [
  { key: 'number' },
  { key: 'type' },
  { key: 'source' },
  { key: 'status' },
  { key: 'customer' },
  { key: 'phone' },
  { key: 'email' },
  { key: 'planned_start', kind: 'date' },
  { key: 'planned_finish', kind: 'date' },
  { key: 'actual_start', kind: 'date' },
  { key: 'actual_finish', kind: 'date' },
  { key: 'closed_at', kind: 'date' },
  { key: 'cancelled_at', kind: 'date' },
  { key: 'created_at', kind: 'date' },
  { key: 'rental_items' },
  { key: 'total_minor', kind: 'money' },
  { key: 'paid_minor', kind: 'money' },
  { key: 'staff_note' },
  { key: 'customer_note' },
];

/** Spec section 3's product table, as the inventory lists show it. */
const inventoryColumns: ExportColumn[] = [
  { key: 'sku' },
  { key: 'product_name' },
  { key: 'barcode' },
  { key: 'category' },
  { key: 'option' },
  { key: 'home_location' },
  { key: 'current_location' },
  { key: 'status' },
  { key: 'quantity' },
  { key: 'rent_count' },
  { key: 'rent_hours' },
  { key: 'revenue_minor', kind: 'money' },
];

/** The rent and the sale list of one kind, keyed `rent-…` then `sale-…`. */
function byKind(
  source: (kind: 'rent' | 'sale') => Record<string, ExportSource>,
): Record<string, ExportSource> {
  return { ...source('rent'), ...source('sale') };
}

/** Lists that can be exported: the same filters as on screen, the same permission as the list. */
export const exportSources: Record<string, ExportSource> = {
  ...byKind((kind) => ({
    [`${kind}-orders`]: {
      need: { resource: kind === 'rent' ? 'rent_order' : 'sell_order', action: 'view' },
      filters: orderListQuery,
      columns: orderColumns,
      sql: (locationId, filters: z.infer<typeof orderListQuery>) =>
        orderExportQuery(kind, locationId, filters),
    },
  })),
  ...byKind((kind) => ({
    [`${kind}-inventory`]: {
      need: { resource: 'inventory', action: 'view' },
      filters: inventoryListQuery,
      columns: inventoryColumns,
      sql: (locationId, filters: z.infer<typeof inventoryListQuery>) =>
        inventoryExportQuery(kind, locationId, filters),
    },
  })),
  customers: {
    need: { resource: 'customer', action: 'view' },
    filters: customerListQuery,
    columns: [
      { key: 'id' },
      { key: 'first_name' },
      { key: 'last_name' },
      { key: 'email' },
      { key: 'phone' },
      { key: 'address' },
      { key: 'postal_code' },
      { key: 'city' },
      { key: 'country' },
      { key: 'created_at', kind: 'date' },
    ],
    sql: (_locationId, filters: z.infer<typeof customerListQuery>) => {
      const params: unknown[] = [];
      let where = 'NOT is_anonymous';
      if (filters.search) where += ` AND ${customerMatches(`$${params.push(filters.search)}`)}`;
      return {
        text: `SELECT id, first_name, last_name, email::text, phone, address, postal_code, city, country, created_at FROM customers WHERE ${where} ORDER BY last_name, first_name, id`,
        params,
      };
    },
  },
  'repair-logs': {
    need: repairLogReportAccess,
    filters: repairLogReportQuery,
    columns: [
      { key: 'opened_at', kind: 'date' },
      { key: 'sku' },
      { key: 'product_name' },
      { key: 'problem' },
      { key: 'order_number' },
      { key: 'opened_by' },
      { key: 'work_count' },
      { key: 'cost_minor', kind: 'money' },
      { key: 'closed_at', kind: 'date' },
      { key: 'days_out' },
      { key: 'status' },
    ],
    sql: (locationId, filters: z.infer<typeof repairLogReportQuery>) =>
      repairLogExportQuery(locationId, filters),
  },
  maintenance: {
    need: { resource: 'maintenance', action: 'view' },
    filters: maintenanceReportQuery,
    columns: [
      { key: 'sku' },
      { key: 'product_name' },
      { key: 'every_rent_hours' },
      { key: 'every_days' },
      { key: 'rent_hours_since_service' },
      { key: 'days_since_service' },
      { key: 'due_in_hours' },
      { key: 'due_in_days' },
      { key: 'status' },
      { key: 'last_serviced_at', kind: 'date' },
    ],
    sql: (locationId, filters: z.infer<typeof maintenanceReportQuery>) =>
      maintenanceExportQuery(locationId, filters),
  },
};
