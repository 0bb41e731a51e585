import type { Column } from './bulk-insert.ts';

/** Columns of the rows both the orders seed and the tour reservations seed bulk-load. */
export const INVOICE_COLUMNS = [
  ['id', 'int8'],
  ['number', 'int8'],
  ['type', 'invoice_type'],
  ['status', 'invoice_status'],
  ['order_id', 'int8'],
  ['customer_id', 'int4'],
  ['location_id', 'int4'],
  ['billing_from', 'timestamptz'],
  ['billing_to', 'timestamptz'],
  ['subtotal_minor', 'int8'],
  ['discount_minor', 'int8'],
  ['tax_minor', 'int8'],
  ['total_minor', 'int8'],
  ['created_at', 'timestamptz'],
  ['in_progress_at', 'timestamptz'],
  ['posted_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
] as const satisfies readonly Column[];
export const LINE_COLUMNS = [
  ['invoice_id', 'int8'],
  ['order_item_id', 'int8'],
  ['description', 'text'],
  ['quantity', 'int4'],
  ['unit_price_minor', 'int8'],
  ['tax_id', 'int4'],
  ['tax_minor', 'int8'],
  ['total_minor', 'int8'],
] as const satisfies readonly Column[];
export const AUDIT_COLUMNS = [
  ['user_id', 'int4'],
  ['location_id', 'int4'],
  ['entity_type', 'text'],
  ['entity_id', 'text'],
  ['action', 'text'],
  ['data', 'jsonb'],
  ['at', 'timestamptz'],
] as const satisfies readonly Column[];
