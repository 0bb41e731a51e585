import type { FastifyInstance } from 'fastify';
import { depositMove, paymentCreate, refundCreate } from '@nine/shared/schemas/money';
import type { Db } from '../../db/pool.ts';
import { one } from '../../db/sql.ts';
import { idempotentRoute } from '../../lib/idempotency.ts';
import { ANY_ORDER_VIEW, assertOrderAccess } from '../orders/order-routes-shared.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import type { MoneyService } from './money-service.ts';
import { getPayment } from './money-queries.ts';
import { getOrderMoney } from './payment-order-money.ts';
import { actorOf } from '../../lib/actor.ts';
import { bigIdParams } from '../../lib/id-param.ts';

/** Payments, refunds and deposit movements: each one transaction with its ledger rows, idempotent by key. */
export function registerMoneyRoutes(
  app: FastifyInstance,
  deps: { db: Db; money: MoneyService; auth: AuthService },
): void {
  const take = { resource: 'financial_transaction', action: 'change' } as const;
  idempotentRoute(
    app,
    deps.db,
    { url: '/api/nine/payments', access: take, body: paymentCreate },
    async (client, actor, input) => {
      const id = await deps.money.takePayment(client, actor, input);
      return getPayment(client, id, actor.locationId);
    },
  );

  app.get('/api/nine/payments/:id', { config: { access: 'location' } }, async (request) => {
    const { id } = parse(bigIdParams, request.params);
    return { data: await getPayment(deps.db.pool, id, actorOf(request).locationId) };
  });

  app.get('/api/nine/orders/:id/money', { config: { access: ANY_ORDER_VIEW } }, async (request) => {
    const { id } = parse(bigIdParams, request.params);
    // ANY_ORDER_VIEW lets a guide in; the order's own resource decides (a rental's money is not the guide's).
    await assertOrderAccess(deps.db.pool, deps.auth, actorOf(request), id, 'view');
    return {
      data: await getOrderMoney(deps.db.pool, id, actorOf(request).locationId, deps.money.customerCredit),
    };
  });

  // Whoever takes payments may ask for a refund; without financial_transaction refund it needs an approver's
  // access key (money-service refund).
  // An approver's key is not part of the request: a retry with another approver is the same refund.
  idempotentRoute(
    app,
    deps.db,
    {
      url: '/api/nine/payments/:id/refunds',
      access: take,
      params: bigIdParams,
      body: refundCreate,
      omit: ['access_key'],
    },
    async (client, actor, input, { id }) => {
      const refundId = await deps.money.refund(client, actor, id, input);
      return { refund_id: refundId, payment: await getPayment(client, id, actor.locationId) };
    },
  );

  idempotentRoute(
    app,
    deps.db,
    { url: '/api/nine/orders/:id/deposits', access: take, params: bigIdParams, body: depositMove },
    async (client, actor, input, { id }) => {
      const movementId = await deps.money.moveDeposit(client, actor, id, input);
      const { held } = await one<{ held: number }>(
        client,
        `SELECT coalesce(sum(CASE kind WHEN 'held' THEN amount_minor ELSE -amount_minor END), 0)::bigint AS held FROM deposit_movements WHERE order_id = $1`,
        [id],
      );
      return { movement_id: movementId, held_minor: held };
    },
  );

  idempotentRoute(
    app,
    deps.db,
    { url: '/api/nine/orders/:id/invoice', access: take, params: bigIdParams },
    async (client, actor, _input, { id }) => ({
      invoice_id: await deps.money.invoiceOrder(client, actor, id),
    }),
  );

  app.post('/api/nine/invoices/:id/post', { config: { access: take } }, async (request) => {
    const { id } = parse(bigIdParams, request.params);
    const actor = actorOf(request);
    await transaction(deps.db, (client) => deps.money.postInvoice(client, actor, id));
    return { data: { invoice_id: id, status: 'posted' } };
  });
}
