import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { depositMove, paymentCreate, refundCreate } from '@nine/shared/schemas/money';
import type { Db } from '../../db/pool.ts';
import { idempotencyKeyOf, inTransaction } from '../../lib/idempotency.ts';
import { parse } from '../../lib/validate.ts';
import type { MoneyService } from './money-service.ts';
import { getPayment } from './money-queries.ts';
import { getOrderMoney } from './payment-order-money.ts';

const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
});

/** Payments, refunds and deposit movements: each one transaction with its ledger rows, idempotent by key. */
export function registerMoneyRoutes(app: FastifyInstance, deps: { db: Db; money: MoneyService }): void {
  app.post(
    '/api/nine/payments',
    { config: { access: { resource: 'financial_transaction', action: 'change' } } },
    async (request, reply) => {
      const input = parse(paymentCreate, request.body);
      const actor = { userId: request.auth!.userId, locationId: request.auth!.locationId! };
      const result = await inTransaction(
        deps.db,
        {
          userId: actor.userId,
          key: idempotencyKeyOf(request.headers),
          fingerprint: ['POST payments', actor.locationId, input],
        },
        async (client) => {
          const id = await deps.money.takePayment(client, actor, input);
          return { status: 201, body: { data: await getPayment(client, id, actor.locationId) } };
        },
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(result.status).send(result.body);
    },
  );

  app.get('/api/nine/payments/:id', { config: { access: 'location' } }, async (request) => {
    const { id } = parse(idParams, request.params);
    return { data: await getPayment(deps.db.pool, id, request.auth!.locationId!) };
  });

  app.get(
    '/api/nine/orders/:id/money',
    {
      config: {
        access: {
          anyOf: [
            { resource: 'rent_order', action: 'view' },
            { resource: 'sell_order', action: 'view' },
          ],
        },
      },
    },
    async (request) => {
      const { id } = parse(idParams, request.params);
      return {
        data: await getOrderMoney(deps.db.pool, id, request.auth!.locationId!, deps.money.customerCredit),
      };
    },
  );

  // Whoever takes payments may ask for a refund; without financial_transaction refund it needs an approver's
  // access key (money-service refund).
  app.post(
    '/api/nine/payments/:id/refunds',
    { config: { access: { resource: 'financial_transaction', action: 'change' } } },
    async (request, reply) => {
      const { id } = parse(idParams, request.params);
      const input = parse(refundCreate, request.body);
      const actor = { userId: request.auth!.userId, locationId: request.auth!.locationId! };
      const { access_key: _key, ...fingerprint } = input;
      const result = await inTransaction(
        deps.db,
        {
          userId: actor.userId,
          key: idempotencyKeyOf(request.headers),
          fingerprint: ['POST refunds', id, fingerprint],
        },
        async (client) => {
          const refundId = await deps.money.refund(client, actor, id, input);
          return {
            status: 201,
            body: { data: { refund_id: refundId, payment: await getPayment(client, id, actor.locationId) } },
          };
        },
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(result.status).send(result.body);
    },
  );

  app.post(
    '/api/nine/orders/:id/deposits',
    { config: { access: { resource: 'financial_transaction', action: 'change' } } },
    async (request, reply) => {
      const { id } = parse(idParams, request.params);
      const input = parse(depositMove, request.body);
      const actor = { userId: request.auth!.userId, locationId: request.auth!.locationId! };
      const result = await inTransaction(
        deps.db,
        {
          userId: actor.userId,
          key: idempotencyKeyOf(request.headers),
          fingerprint: ['POST deposits', id, input],
        },
        async (client) => {
          const movementId = await deps.money.moveDeposit(client, actor, id, input);
          const held = await client.query<{ held: number }>(
            `SELECT coalesce(sum(CASE kind WHEN 'held' THEN amount_minor ELSE -amount_minor END), 0)::bigint AS held FROM deposit_movements WHERE order_id = $1`,
            [id],
          );
          return { status: 201, body: { data: { movement_id: movementId, held_minor: held.rows[0]!.held } } };
        },
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(result.status).send(result.body);
    },
  );

  app.post(
    '/api/nine/orders/:id/invoice',
    { config: { access: { resource: 'financial_transaction', action: 'change' } } },
    async (request, reply) => {
      const { id } = parse(idParams, request.params);
      const actor = { userId: request.auth!.userId, locationId: request.auth!.locationId! };
      const result = await inTransaction(
        deps.db,
        { userId: actor.userId, key: idempotencyKeyOf(request.headers), fingerprint: ['POST invoice', id] },
        async (client) => {
          const invoiceId = await deps.money.invoiceOrder(client, actor, id);
          return { status: 201, body: { data: { invoice_id: invoiceId } } };
        },
      );
      return reply.code(result.status).send(result.body);
    },
  );

  app.post(
    '/api/nine/invoices/:id/post',
    { config: { access: { resource: 'financial_transaction', action: 'change' } } },
    async (request) => {
      const { id } = parse(idParams, request.params);
      const actor = { userId: request.auth!.userId, locationId: request.auth!.locationId! };
      await inTransaction(deps.db, null, async (client) => {
        await deps.money.postInvoice(client, actor, id);
        return { status: 200, body: null };
      });
      return { data: { invoice_id: id, status: 'posted' } };
    },
  );
}
