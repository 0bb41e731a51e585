import { pageOf } from '../../lib/paging.ts';
import { fewMatchingCustomers, matchingCustomerIds } from '../customers/customer-search.ts';
import {
  parseDayRange,
  type OrderListQuery,
  type OrderListRow,
  type Page,
} from '@nine/shared/schemas/orders';
import type { Db } from '../../db/pool.ts';
import { iso, isoOrNull } from './order-routes-shared.ts';
import type { OrderHead } from './order-columns.ts';

export type OrderListKind = 'rent' | 'sale';

const SORT_SQL: Record<OrderListQuery['sort'], string> = {
  number: 'o.number',
  // The customer's last name, kept on the order (migration 0023) so an index serves the sort.
  customer: 'o.customer_last_name',
  planned_start: 'o.planned_start',
  planned_finish: 'o.planned_finish',
  actual_start: 'o.actual_start',
  actual_finish: 'o.actual_finish',
  closed_at: 'o.closed_at',
  cancelled_at: 'o.cancelled_at',
  created_at: 'o.created_at',
  status: 'o.status',
  total: 'o.total_minor',
};

const OUT = `('delivered', 'partially-delivered', 'partially-returned')`;
/**
 * Sorts that keep the default null order (nulls last ascending, first descending): the dates every rent has
 * (migration 0003) and columns that are never null, so one index serves both directions. The others put
 * nulls last both ways, served by an index per direction (migration 0023).
 */
const DEFAULT_NULL_ORDER = new Set<OrderListQuery['sort']>([
  'number',
  'planned_start',
  'planned_finish',
  'created_at',
  'status',
  'total',
]);

/** What a list row reads from. */
const ORDER_ROWS = 'FROM orders o LEFT JOIN customers c ON c.id = o.customer_id';

/**
 * Paid on an order: payments less refunds, summed afresh (one order's view). The lists read the same figure
 * from `o.paid_minor`, kept by triggers (migration 0024).
 */
export const PAID_SQL = `(coalesce((SELECT sum(p.amount_minor) FROM payments p WHERE p.order_id = o.id), 0)
  - coalesce((SELECT sum(r.amount_minor) FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.order_id = o.id), 0))`;

/**
 * The rent and sale order lists: filtered, sorted and paged in SQL, each filter served by an index on
 * (location, type, …); per-row figures (items, paid) are computed only for the page's rows.
 */
/** The list's filters, in SQL: shared by the paged list and its export. */
export function orderListFilter(
  kind: OrderListKind,
  locationId: number,
  q: OrderListQuery,
  customers: number[] | null = null,
) {
  const params: unknown[] = [locationId];
  const p = (v: unknown) => `$${params.push(v)}`;
  const where: string[] = ['o.location_id = $1'];

  // `type <> 'sale'` matches the rent lists' partial indexes; a type filter narrows within them. Tour reservations
  // have their own list (tours/reservations) and stay out of the rent list.
  if (kind === 'sale') where.push(`o.type = 'sale'`);
  else
    where.push(
      `o.type <> 'sale'`,
      `o.type <> 'tour'`,
      ...(q.order_type ? [`o.type = ${p(q.order_type)}`] : []),
    );
  if (q.rental_type_id) where.push(`o.rental_type_id = ${p(q.rental_type_id)}`);
  if (q.source) where.push(`o.source = ${p(q.source)}`);

  // Dates are days in the location's time zone; to_date is inclusive.
  const dayStart = (d: string) =>
    d.length === 10
      ? `(${p(d)}::date::timestamp AT TIME ZONE (SELECT time_zone FROM locations WHERE id = $1))`
      : `${p(d)}::timestamptz`;
  const dayEnd = (d: string) =>
    d.length === 10
      ? `((${p(d)}::date + 1)::timestamp AT TIME ZONE (SELECT time_zone FROM locations WHERE id = $1))`
      : `${p(d)}::timestamptz`;
  const status = q.order_status_r;
  const dateColumn =
    kind === 'sale'
      ? 'o.created_at'
      : status === 'arrivals' || status === 'overdue'
        ? 'o.planned_finish'
        : 'o.planned_start';
  if (q.from_date) where.push(`${dateColumn} >= ${dayStart(q.from_date)}`);
  if (q.to_date) where.push(`${dateColumn} < ${dayEnd(q.to_date)}`);

  if (status === 'overdue') where.push(`o.status IN ${OUT} AND o.planned_finish < now()`);
  else if (status === 'arrivals') where.push(`o.status IN ${OUT}`);
  else if (status === 'departure') where.push(`o.status IN ('pending', 'confirmed')`);
  else if (status !== 'all_orders') where.push(`o.status = ${p(status)}`);

  if (q.overdue_type) {
    where.push(`o.status IN ${OUT} AND o.planned_finish < now()`);
    const today = `(now() AT TIME ZONE (SELECT time_zone FROM locations WHERE id = $1))::date::timestamp AT TIME ZONE (SELECT time_zone FROM locations WHERE id = $1)`;
    if (q.overdue_type === 'today') where.push(`o.planned_finish >= ${today}`);
    if (q.overdue_type === 'past') where.push(`o.planned_finish < ${today}`);
  }

  // Search by customer: when few customers match (`customers`, read first by fewMatchingCustomers), their
  // ids go in as an array the planner can weigh: it probes their orders by index, or walks the sort index
  // when they are many. Otherwise (or for an export) two forms, measured on 1,000,000 orders: the page
  // walks the sort index and filters by the hashed subquery (23 ms); the count probes orders by the array
  // of matching customers through their index (40 ms, instead of 130 ms hash-joining every order).
  let searchForCount: { at: number; clause: string } | null = null;
  if (q.search) {
    const term = q.search.toLowerCase();
    const like = customers ? '' : p(q.search);
    const pageForm = customers
      ? `o.customer_id = ANY (${p(customers)}::int[])`
      : `o.customer_id IN (${matchingCustomerIds(like)})`;
    const countForm = customers ? pageForm : `o.customer_id = ANY (ARRAY(${matchingCustomerIds(like)}))`;
    const byNumber = /^\d{1,12}$/.test(term) ? `o.number = ${p(Number(term))} OR ` : '';
    searchForCount = { at: where.length, clause: `(${byNumber}${countForm})` };
    where.push(`(${byNumber}${pageForm})`);
  }

  // Kept on the order by triggers (migration 0024), like what was paid: a column the partial indexes read.
  const unbalanced = 'o.unbalanced_invoices > 0';
  if (q.has_unbalanced_invoice !== undefined)
    where.push(q.has_unbalanced_invoice ? unbalanced : `NOT ${unbalanced}`);
  // Word for word the predicates of migration 0024's partial indexes, so the planner can use them.
  if (q.invoice_balance_status === 'paid') where.push('o.total_minor > 0 AND o.paid_minor >= o.total_minor');
  if (q.invoice_balance_status === 'partially_paid')
    where.push('o.paid_minor > 0 AND o.paid_minor < o.total_minor');
  if (q.invoice_balance_status === 'unpaid') where.push('o.total_minor > 0 AND o.paid_minor <= 0');

  columnFilters(q, where, p, dayStart, dayEnd, unbalanced);

  const from = `${ORDER_ROWS} WHERE ${where.join(' AND ')}`;
  const countWhere = searchForCount
    ? where.map((w, i) => (i === searchForCount.at ? searchForCount.clause : w))
    : where;
  // No filter or sort reads the customer row, so the count and the page's keys read orders alone: with
  // the (removable) join, the planner still keeps the row for the join's column and never counts from
  // the index alone (84 ms instead of 2 ms for 10,000 orders of one status).
  const countFrom = `FROM orders o WHERE ${countWhere.join(' AND ')}`;
  // With few matching customers, a deep page or the customer sort finds their orders by customer first and
  // then sorts them: walking the sort index would pass every order before the page (or, sorted by the very
  // name searched, every order before G for "garcia"). A first page of another sort walks its index: the
  // matches come soon. OFFSET 0 keeps the planner from merging the subquery into the sorted walk.
  const byCustomerFirst = customers && (q.sort === 'customer' || (q.page - 1) * q.page_size >= 1000);
  const keyFrom = byCustomerFirst
    ? `FROM (SELECT o.* FROM orders o WHERE ${where.join(' AND ')} OFFSET 0) o`
    : `FROM orders o WHERE ${where.join(' AND ')}`;
  const dir = q.sort_type === 'asc' ? 'ASC' : 'DESC';
  // The number is unique: no tiebreaker, so its index (location, number) serves the sort alone.
  const orderBy =
    q.sort === 'number'
      ? `ORDER BY o.number ${dir}`
      : `ORDER BY ${SORT_SQL[q.sort]} ${dir}${DEFAULT_NULL_ORDER.has(q.sort) ? '' : ' NULLS LAST'}, o.id ${dir}`;
  return { params, from, countFrom, keyFrom, orderBy, unbalanced };
}

const FLAG_SQL: Record<NonNullable<OrderListQuery['f_flags']>[number], string> = {
  not_balanced: '',
  deposit_in_custody: 'o.deposit_in_custody',
  order_image: 'o.order_image IS NOT NULL',
  staff_note: 'o.staff_note IS NOT NULL',
  customer_note: 'o.customer_note IS NOT NULL',
  cc_skipped: 'o.cc_skipped',
  has_delivery: 'o.has_delivery',
};

const DATE_FILTERS = [
  ['f_planned_start', 'o.planned_start'],
  ['f_planned_finish', 'o.planned_finish'],
  ['f_actual_start', 'o.actual_start'],
  ['f_actual_finish', 'o.actual_finish'],
  ['f_created_at', 'o.created_at'],
  ['f_closed_at', 'o.closed_at'],
  ['f_cancelled_at', 'o.cancelled_at'],
] as const;

/** The column filters (spec section 3: options, text, timestamp, daterange), added to the list's WHERE. */
function columnFilters(
  q: OrderListQuery,
  where: string[],
  p: (v: unknown) => string,
  dayStart: (d: string) => string,
  dayEnd: (d: string) => string,
  unbalanced: string,
): void {
  if (q.f_number) where.push(`o.number = ${p(Number(q.f_number))}`);
  if (q.f_customer) {
    // The customers' trigram-indexed search column, as the free-text search uses.
    where.push(`o.customer_id IN (${matchingCustomerIds(p(q.f_customer))})`);
  }
  if (q.f_status) where.push(`o.status = ANY (${p(q.f_status)}::order_status[])`);
  if (q.f_source) where.push(`o.source = ANY (${p(q.f_source)}::order_source[])`);
  for (const flag of q.f_flags ?? []) where.push(flag === 'not_balanced' ? unbalanced : FLAG_SQL[flag]);
  for (const [key, column] of DATE_FILTERS) {
    const value = q[key];
    const range = value === undefined ? null : parseDayRange(value);
    if (!range) continue;
    if (range.from) where.push(`${column} >= ${dayStart(range.from)}`);
    if (range.to) where.push(`${column} < ${dayEnd(range.to)}`);
  }
}

/** A list row as pg reads it: timestamps as Dates, the customer and flags as parsed JSON. */
type ListRow = OrderHead & {
  overdue: boolean;
  customer: OrderListRow['customer'];
  rental_items: number;
  paid_minor: number;
  flags: OrderListRow['flags'];
};

export async function listOrders(
  db: Db,
  kind: OrderListKind,
  locationId: number,
  q: OrderListQuery,
): Promise<Page<OrderListRow> & { total_capped: boolean }> {
  const customers = q.search ? await fewMatchingCustomers(db, q.search) : null;
  const { params, from, countFrom, keyFrom, orderBy, unbalanced } = orderListFilter(
    kind,
    locationId,
    q,
    customers,
  );
  const page = await pageOf<ListRow>(db, {
    select: `o.id, o.number, o.type, o.source, o.status,
              (o.status IN ${OUT} AND o.planned_finish < now()) AS overdue,
              CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('id', c.id, 'name', trim(c.first_name || ' ' || c.last_name), 'phone', c.phone, 'email', c.email) END AS customer,
              o.planned_start, o.planned_finish, o.actual_start, o.actual_finish, o.closed_at, o.cancelled_at, o.created_at,
              (SELECT count(*) FROM order_items oi WHERE oi.order_id = o.id AND oi.status <> 'cancelled')::int AS rental_items,
              o.total_minor, o.paid_minor,
              json_build_object('not_balanced', ${unbalanced}, 'deposit_in_custody', o.deposit_in_custody, 'order_image', o.order_image IS NOT NULL,
                'staff_note', o.staff_note IS NOT NULL, 'customer_note', o.customer_note IS NOT NULL, 'cc_skipped', o.cc_skipped,
                'has_delivery', o.has_delivery) AS flags`,
    from,
    countFrom,
    orderBy,
    params,
    byKey: { key: 'o.id', from: ORDER_ROWS, keyFrom },
    // A customer search or column filter is a LIKE pattern: its plan must see the pattern.
    prepare: !q.search && !q.f_customer,
    page: q.page,
    pageSize: q.page_size,
  });
  return {
    ...page,
    rows: page.rows.map((row) => ({
      ...row,
      planned_start: isoOrNull(row.planned_start),
      planned_finish: isoOrNull(row.planned_finish),
      actual_start: isoOrNull(row.actual_start),
      actual_finish: isoOrNull(row.actual_finish),
      closed_at: isoOrNull(row.closed_at),
      cancelled_at: isoOrNull(row.cancelled_at),
      created_at: iso(row.created_at),
    })),
  };
}

/** Every matching order as flat, readable cells, in the list's order: what an export streams. */
export function orderExportQuery(
  kind: OrderListKind,
  locationId: number,
  q: OrderListQuery,
): { text: string; params: unknown[] } {
  const { params, from, orderBy } = orderListFilter(kind, locationId, q);
  return {
    text: `SELECT o.number, o.type, o.source, o.status, trim(c.first_name || ' ' || c.last_name) AS customer, c.phone, c.email,
                  o.planned_start, o.planned_finish, o.actual_start, o.actual_finish, o.closed_at, o.cancelled_at, o.created_at,
                  (SELECT count(*) FROM order_items oi WHERE oi.order_id = o.id AND oi.status <> 'cancelled')::int AS rental_items,
                  o.total_minor, o.paid_minor, o.staff_note, o.customer_note
           ${from} ${orderBy}`,
    params,
  };
}
