import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import type pg from 'pg';
import type { z } from 'zod';
import {
  adhocChargeCreate,
  creditNoteCreate,
  invoiceListQuery,
  type InvoiceListQuery,
} from '@nine/shared/schemas/invoices';
import type { Db } from '../../db/pool.ts';
import { maybeOne } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { pageOf, type Paged } from '../../lib/paging.ts';
import { fewMatchingCustomers, matchingCustomerIds } from '../customers/customer-search.ts';
import { ANY_ORDER_VIEW, leadsTourOrder, resourceOf } from '../orders/order-routes-shared.ts';
import { grants } from '@nine/shared/permissions';
import type { AuthService } from '../auth/auth-service.ts';
import type { Access } from '../../plugins/access.ts';
import { parse } from '../../lib/validate.ts';
import { addAdhocCharge } from './invoice-adhoc-charge.ts';
import { createCreditNote } from './invoice-credit-note.ts';
import { idempotentRoute } from '../../lib/idempotency.ts';
import { getInvoiceDetail, INVOICE_COLUMNS, INVOICE_FROM, type InvoiceRowRead } from './invoice-queries.ts';
import { actorOf, type Actor } from '../../lib/actor.ts';
import { bigIdParams } from '../../lib/id-param.ts';

const SORT: Record<InvoiceListQuery['sort'], string> = {
  number: 'i.number',
  type: 'i.type',
  created_at: 'i.created_at',
  posted_at: 'i.posted_at',
  in_progress_at: 'i.in_progress_at',
  billing_from: 'i.billing_from',
  billing_to: 'i.billing_to',
  subtotal: 'i.subtotal_minor',
  discount: 'i.discount_minor',
  tax: 'i.tax_minor',
  total: 'i.total_minor',
  // The settlement's own columns, as indexed with its location and list (migration 0024): the sort walks
  // that index. The settlement's total is its invoice's, kept by trigger, so the balance is BALANCE_SQL's.
  paid: 's.paid_minor',
  balance: '(s.total_minor + s.credited_minor - s.paid_minor)',
};
/**
 * Sorts on never-null columns keep the default null order, so one index (migrations 0014, 0023) serves both
 * directions; the nullable dates put nulls last both ways, served by an index per direction (0023).
 */
const DEFAULT_NULL_ORDER = new Set<InvoiceListQuery['sort']>([
  'number',
  'created_at',
  'type',
  'in_progress_at',
  'subtotal',
  'discount',
  'tax',
  'total',
  'paid',
  'balance',
]);

/** The list's filters in SQL: location and list first (the index), then what the query asks for. */
export function invoiceListFilter(
  list: 'rents' | 'sale',
  locationId: number,
  q: InvoiceListQuery,
  customers: number[] | null = null,
) {
  const params: unknown[] = [locationId, list];
  const p = (v: unknown) => `$${params.push(v)}`;
  const where = ['i.location_id = $1', 'i.list = $2'];
  if (q.type) where.push(`i.type = ${p(q.type)}::invoice_type`);
  if (q.status) where.push(`i.status = ${p(q.status)}::invoice_status`);
  // One order's invoices: few, found by invoices_order_idx.
  if (q.order_id) where.push(`i.order_id = ${p(q.order_id)}`);
  // Same meanings as the order list's invoice_balance_status; zero and negative totals are none of them.
  const stateIs = q.balance_status === undefined ? null : `s.state = ${p(q.balance_status)}`;
  if (stateIs) where.push(stateIs);
  // Days in the location's time zone; to_date is inclusive.
  const zone = '(SELECT time_zone FROM locations WHERE id = $1)';
  if (q.from_date) where.push(`i.created_at >= (${p(q.from_date)}::date::timestamp AT TIME ZONE ${zone})`);
  if (q.to_date) where.push(`i.created_at < ((${p(q.to_date)}::date + 1)::timestamp AT TIME ZONE ${zone})`);
  const byNumber = q.search !== undefined && /^\d{1,12}$/.test(q.search);
  if (q.search) {
    const term = q.search.toLowerCase();
    where.push(
      byNumber
        ? `(i.number = ${p(Number(term))} OR o.number = $${params.length})`
        : customers
          ? `i.customer_id = ANY (${p(customers)}::int[])`
          : `i.customer_id IN (${matchingCustomerIds(p(q.search))})`,
    );
  }
  const dir = q.sort_type === 'asc' ? 'ASC' : 'DESC';
  // The count and the page's keys join only what the filters (and the sort) read: every invoice has one
  // settlement row and at most one order, so the other joins cannot change them, and without them the
  // index alone answers.
  const bySettlement = stateIs !== null;
  const sortBySettlement = q.sort === 'paid' || q.sort === 'balance';
  // Filtered by balance alone, the settlements answer by themselves: they carry the invoice's location,
  // list and creation time, and their index (location, list, state, created) counts the filter and gives
  // its newest-first keys in order (migration 0025).
  const settlementsAlone =
    bySettlement && !q.type && !q.status && !q.from_date && !q.to_date && !q.search && !q.order_id;
  const settlementWhere = `WHERE s.location_id = $1 AND s.list = $2 AND ${stateIs}`;
  // Sorted by a settlement figure, the page's keys are found by the settlement's copy of the location and
  // list, so its index (location, list, figure, invoice) gives them in order.
  const keyWhere = sortBySettlement ? ['s.location_id = $1', 's.list = $2', ...where.slice(2)] : where;
  const joins = (settlement: boolean) =>
    [
      byNumber ? 'LEFT JOIN orders o ON o.id = i.order_id' : '',
      settlement ? 'JOIN invoice_settlements s ON s.invoice_id = i.id' : '',
    ].join(' ');
  const keysByCreation = settlementsAlone && q.sort === 'created_at';
  return {
    params,
    from: `${INVOICE_FROM} WHERE ${where.join(' AND ')}`,
    countFrom: settlementsAlone
      ? `FROM invoice_settlements s ${settlementWhere}`
      : `FROM invoices i ${joins(bySettlement)} WHERE ${where.join(' AND ')}`,
    keyFrom: keysByCreation
      ? `FROM invoice_settlements s ${settlementWhere}`
      : `FROM invoices i ${joins(bySettlement || sortBySettlement)} WHERE ${keyWhere.join(' AND ')}`,
    ...(keysByCreation && {
      innerKey: 's.invoice_id',
      innerOrderBy: `ORDER BY s.created_at ${dir}, s.invoice_id ${dir}`,
    }),
    // The number is unique: no tiebreaker, so its index (location, list, number) serves the sort alone.
    orderBy:
      q.sort === 'number'
        ? `ORDER BY i.number ${dir}`
        : `ORDER BY ${SORT[q.sort]} ${dir}${DEFAULT_NULL_ORDER.has(q.sort) ? '' : ' NULLS LAST'}, i.id ${dir}`,
  };
}

/** The lists are sell_order:view's (spec section 6); one order's invoices also its viewers' (assertListAccess). */
const INVOICE_LIST_ACCESS: Access = {
  anyOf: [
    { resource: 'sell_order', action: 'view' },
    { resource: 'rent_order', action: 'view' },
    { resource: 'tour', action: 'view' },
  ],
};

/**
 * Without an order the list needs sell_order:view. With one of this location (else 404): sell_order:view or
 * the view of the order's own resource (tour staff see a tour's invoices, not a rental's: 403), and a guide
 * without tour:change only the reservations they lead, as the order view (else 404).
 */
async function assertListAccess(
  deps: { db: Db; auth: AuthService },
  actor: Actor,
  orderId: number | undefined,
): Promise<void> {
  const held = (await deps.auth.permissionsAt(actor.userId, actor.locationId)) ?? [];
  if (grants(held, { resource: 'sell_order', action: 'view' })) return;
  if (orderId === undefined) throw new AppError('forbidden');
  const order = await maybeOne<{ type: Tables['orders']['type'] }>(
    deps.db.pool,
    'SELECT type FROM orders WHERE id = $1 AND location_id = $2',
    [orderId, actor.locationId],
  );
  if (!order) throw new AppError('notFound');
  if (!grants(held, { resource: resourceOf(order.type), action: 'view' })) throw new AppError('forbidden');
  if (order.type !== 'tour' || grants(held, { resource: 'tour', action: 'change' })) return;
  if (!(await leadsTourOrder(deps.db.pool, orderId, actor.userId))) throw new AppError('notFound');
}

/**
 * invoices/rents and invoices/sale (sell_order, spec section 6), one invoice (rent_order or sell_order),
 * and the invoice's corrections: credit notes and ad-hoc charges.
 */
export function registerInvoiceRoutes(app: FastifyInstance, deps: { db: Db; auth: AuthService }): void {
  for (const list of ['rents', 'sale'] as const) {
    app.get(
      `/api/nine/invoices/${list}`,
      { config: { access: INVOICE_LIST_ACCESS } },
      async (request): Promise<{ data: Paged<InvoiceRowRead> }> => {
        const q = parse(invoiceListQuery, request.query);
        const actor = actorOf(request);
        await assertListAccess(deps, actor, q.order_id);
        // Few matching customers go in as an array of ids the planner can weigh (customer-search.ts).
        const byName = q.search !== undefined && q.search !== '' && !/^\d{1,12}$/.test(q.search);
        const customers = byName ? await fewMatchingCustomers(deps.db, q.search!) : null;
        const filter = invoiceListFilter(list, actor.locationId, q, customers);
        return {
          data: await pageOf<InvoiceRowRead>(deps.db, {
            select: INVOICE_COLUMNS,
            from: filter.from,
            orderBy: filter.orderBy,
            countFrom: filter.countFrom,
            byKey: {
              key: 'i.id',
              from: INVOICE_FROM,
              keyFrom: filter.keyFrom,
              innerKey: filter.innerKey,
              innerOrderBy: filter.innerOrderBy,
            },
            prepare: !q.search,
            params: filter.params,
            page: q.page,
            pageSize: q.page_size,
          }),
        };
      },
    );
  }

  app.get('/api/nine/invoices/:id', { config: { access: ANY_ORDER_VIEW } }, async (request) => {
    const { id } = parse(bigIdParams, request.params);
    const actor = actorOf(request);
    const invoice = await getInvoiceDetail(deps.db.pool, id, actor.locationId);
    if (!invoice) throw new AppError('notFound');
    // ANY_ORDER_VIEW lets a guide in: the order's own resource decides (a rental's invoice is not the guide's);
    // an invoice without an order is the rent or sale clerks'.
    const held = (await deps.auth.permissionsAt(actor.userId, actor.locationId)) ?? [];
    const may = invoice.order_type
      ? [resourceOf(invoice.order_type)]
      : (['rent_order', 'sell_order'] as const);
    if (!may.some((resource) => grants(held, { resource, action: 'view' }))) throw new AppError('forbidden');
    return { data: invoice };
  });

  // The invoice's corrections: each answers the invoice it adds (credit note, or the one charged).
  const correction = <B>(
    path: string,
    action: 'change' | 'manage',
    body: z.ZodType<B>,
    create: (client: pg.PoolClient, actor: Actor, invoiceId: number, input: B) => Promise<number>,
  ) =>
    idempotentRoute(
      app,
      deps.db,
      {
        url: `/api/nine/invoices/:id/${path}`,
        access: { resource: 'financial_transaction', action },
        params: bigIdParams,
        body,
      },
      async (client, actor, input, { id }) =>
        getInvoiceDetail(client, await create(client, actor, id, input), actor.locationId),
    );
  correction('credit-note', 'manage', creditNoteCreate, createCreditNote);
  correction('adhoc-charges', 'change', adhocChargeCreate, addAdhocCharge);
}
