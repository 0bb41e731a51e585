import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { AppError } from '@nine/shared/errors';
import { creditNoteCreate, type CreditNoteCreate } from '@nine/shared/schemas/invoices';
import type { Db } from '../../db/pool.ts';
import { idempotencyKeyOf, inTransaction } from '../../lib/idempotency.ts';
import { parse } from '../../lib/validate.ts';
import { getInvoiceDetail } from './invoice-queries.ts';
import { postLedger } from './ledger.ts';

const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
});

/** Invoice types whose totals the order's total holds (recurring periods are billed beside it). */
const IN_ORDER_TOTAL = new Set(['rent', 'sale', 'adhoc']);

interface Actor {
  userId: number;
  locationId: number;
}

/**
 * A posted invoice is immutable: it is corrected by one credit note that reverses it in full. The
 * credit note is posted at once (its ledger rows undo the invoice's revenue, tax and receivable) and the
 * order's total drops by the credited amount, so what was paid on it becomes refundable.
 */
export async function createCreditNote(
  client: pg.PoolClient,
  actor: Actor,
  invoiceId: number,
  input: CreditNoteCreate,
): Promise<number> {
  const { rows } = await client.query<{
    id: number;
    type: string;
    status: string;
    order_id: number | null;
    customer_id: number | null;
    billing_from: Date | null;
    billing_to: Date | null;
    subtotal_minor: number;
    discount_minor: number;
    tax_minor: number;
    total_minor: number;
    of_sale_order: boolean;
  }>(
    `SELECT id, type, status, order_id, customer_id, billing_from, billing_to, subtotal_minor, discount_minor, tax_minor,
            total_minor, of_sale_order
     FROM invoices WHERE id = $1 AND location_id = $2 FOR UPDATE`,
    [invoiceId, actor.locationId],
  );
  const original = rows[0];
  if (!original) throw new AppError('notFound');
  if (original.type === 'credit_note') throw new AppError('creditNoteNotCreditable');
  if (original.status !== 'posted') throw new AppError('invoiceNotPosted');
  const existing = await client.query<{ id: number }>(
    'SELECT id FROM invoices WHERE credits_invoice_id = $1',
    [invoiceId],
  );
  if (existing.rows[0])
    throw new AppError('invoiceAlreadyCredited', { data: { invoice_id: existing.rows[0].id } });

  const note = {
    subtotal: -original.subtotal_minor,
    discount: -original.discount_minor,
    tax: -original.tax_minor,
    total: -original.total_minor,
  };
  const { rows: created } = await client.query<{ id: number }>(
    `INSERT INTO invoices (type, status, order_id, customer_id, location_id, credits_invoice_id, billing_from, billing_to,
       subtotal_minor, discount_minor, tax_minor, total_minor, posted_at, of_sale_order)
     VALUES ('credit_note', 'posted', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now(), $11) RETURNING id`,
    [
      original.order_id,
      original.customer_id,
      actor.locationId,
      original.id,
      original.billing_from,
      original.billing_to,
      note.subtotal,
      note.discount,
      note.tax,
      note.total,
      original.type === 'sale' || original.of_sale_order,
    ],
  );
  const noteId = created[0]!.id;
  // Each line reversed: same quantity, negative amounts, still tied to its order item for the reports.
  await client.query(
    `INSERT INTO invoice_lines (invoice_id, order_item_id, description, quantity, unit_price_minor, discount_minor, tax_id, tax_minor, total_minor)
     SELECT $1, order_item_id, description, quantity, -unit_price_minor, -discount_minor, tax_id, -tax_minor, -total_minor
     FROM invoice_lines WHERE invoice_id = $2 ORDER BY id`,
    [noteId, original.id],
  );
  // The mirror of posting: receivables down, revenue and tax payable back.
  await postLedger(
    client,
    { location_id: actor.locationId, order_id: original.order_id, invoice_id: noteId },
    [
      { gl: '1100', amount: note.total },
      {
        gl: original.type === 'sale' || original.of_sale_order ? '4010' : '4000',
        amount: -(note.subtotal - note.discount),
      },
      { gl: '2200', amount: -note.tax },
    ],
  );
  if (original.order_id !== null && IN_ORDER_TOTAL.has(original.type)) {
    await client.query(
      'UPDATE orders SET total_minor = total_minor + $2, version = version + 1, updated_at = now() WHERE id = $1',
      [original.order_id, note.total],
    );
  }
  await client.query(
    `INSERT INTO audit_log (user_id, location_id, entity_type, entity_id, action, data) VALUES ($1, $2, 'invoice', $3, 'credit_note', $4)`,
    [
      actor.userId,
      actor.locationId,
      String(original.id),
      JSON.stringify({ credit_note_id: noteId, total_minor: note.total, reason: input.reason }),
    ],
  );
  return noteId;
}

export function registerCreditNoteRoute(app: FastifyInstance, deps: { db: Db }): void {
  app.post(
    '/api/nine/invoices/:id/credit-note',
    { config: { access: { resource: 'financial_transaction', action: 'manage' } } },
    async (request, reply) => {
      const { id } = parse(idParams, request.params);
      const input = parse(creditNoteCreate, request.body);
      const actor = { userId: request.auth!.userId, locationId: request.auth!.locationId! };
      const result = await inTransaction(
        deps.db,
        {
          userId: actor.userId,
          key: idempotencyKeyOf(request.headers),
          fingerprint: ['POST credit-note', id, actor.locationId, input],
        },
        async (client) => {
          const noteId = await createCreditNote(client, actor, id, input);
          return { status: 201, body: { data: await getInvoiceDetail(client, noteId, actor.locationId) } };
        },
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(result.status).send(result.body);
    },
  );
}
