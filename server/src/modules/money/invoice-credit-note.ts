import type pg from 'pg';
import { AppError } from '@nine/shared/errors';
import type { CreditNoteCreate } from '@nine/shared/schemas/invoices';
import { spreadTax } from '@nine/shared/tax';
import { taxSettings } from './invoice-billing.ts';
import { glAccounts, spreadOver } from './gl-accounts.ts';
import { postLedger, type LedgerLine } from './ledger.ts';
import { type Actor } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { exec, maybeOne, one, rows } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';

/** Invoice types whose totals the order's total holds (recurring periods are billed beside it). */
const IN_ORDER_TOTAL = new Set(['rent', 'sale', 'adhoc']);

/**
 * A posted invoice is immutable: it is corrected by one credit note that reverses it in full. The
 * credit note is posted at once (its ledger rows undo the invoice's revenue, tax and receivable) and the
 * order's total drops by the credited amount, so what was paid on it becomes refundable. Refunds after the
 * order closed may already have taken part of it off (creditRefund below): the full credit note reverses
 * what is left, its lines giving those partial credits back, so the credits never exceed the invoice.
 */
export async function createCreditNote(
  client: pg.PoolClient,
  actor: Actor,
  invoiceId: number,
  input: CreditNoteCreate,
): Promise<number> {
  const original = await maybeOne<
    Pick<
      Tables['invoices'],
      | 'id'
      | 'type'
      | 'status'
      | 'order_id'
      | 'customer_id'
      | 'billing_from'
      | 'billing_to'
      | 'subtotal_minor'
      | 'discount_minor'
      | 'tax_minor'
      | 'total_minor'
      | 'of_sale_order'
    >
  >(
    client,
    `SELECT id, type, status, order_id, customer_id, billing_from, billing_to, subtotal_minor, discount_minor, tax_minor,
            total_minor, of_sale_order
     FROM invoices WHERE id = $1 AND location_id = $2 FOR UPDATE`,
    [invoiceId, actor.locationId],
  );
  if (!original) throw new AppError('notFound');
  if (original.type === 'credit_note') throw new AppError('creditNoteNotCreditable');
  if (original.status !== 'posted') throw new AppError('invoiceNotPosted');
  // Read after the invoice's row lock: refund credit notes lock it too before they read what is left.
  const existing = await maybeOne<Pick<Tables['invoices'], 'id'>>(
    client,
    'SELECT id FROM invoices WHERE credits_invoice_id = $1 AND refund_id IS NULL',
    [invoiceId],
  );
  if (existing) throw new AppError('invoiceAlreadyCredited', { data: { invoice_id: existing.id } });
  const credited = await one<{
    last_id: number | null;
    subtotal: number;
    discount: number;
    tax: number;
    total: number;
  }>(
    client,
    `SELECT max(id) AS last_id, coalesce(sum(subtotal_minor), 0)::bigint AS subtotal, coalesce(sum(discount_minor), 0)::bigint AS discount,
            coalesce(sum(tax_minor), 0)::bigint AS tax, coalesce(sum(total_minor), 0)::bigint AS total
     FROM invoices WHERE credits_invoice_id = $1 AND refund_id IS NOT NULL`,
    [invoiceId],
  );
  if (credited.last_id !== null && original.total_minor + credited.total <= 0)
    throw new AppError('invoiceAlreadyCredited', { data: { invoice_id: credited.last_id } });

  const note = {
    subtotal: -(original.subtotal_minor + credited.subtotal),
    discount: -(original.discount_minor + credited.discount),
    tax: -(original.tax_minor + credited.tax),
    total: -(original.total_minor + credited.total),
  };
  const { id: noteId } = await one<Pick<Tables['invoices'], 'id'>>(
    client,
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
  // Each line reversed: same quantity, negative amounts, still tied to its order item for the reports; then
  // the lines of the refunds' credit notes given back, so the lines add up to the note.
  await exec(
    client,
    `INSERT INTO invoice_lines (invoice_id, order_item_id, description, quantity, unit_price_minor, discount_minor, tax_id, tax_minor, total_minor)
     SELECT $1, l.order_item_id, l.description, l.quantity, -l.unit_price_minor, -l.discount_minor, l.tax_id, -l.tax_minor, -l.total_minor
     FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id
     WHERE i.id = $2 OR (i.credits_invoice_id = $2 AND i.refund_id IS NOT NULL)
     ORDER BY i.id, l.id`,
    [noteId, original.id],
  );
  // The mirror of posting: what the invoice and its refunds' credit notes posted, account by account,
  // reversed, so receivables, each revenue and each tax account return to where they were, whatever the
  // account mappings say today.
  const posted = await rows<{ gl_code: string; amount: number }>(
    client,
    `SELECT gl_code, sum(amount_minor)::bigint AS amount FROM ledger_entries
     WHERE invoice_id IN (SELECT $1::bigint UNION ALL SELECT id FROM invoices WHERE credits_invoice_id = $1 AND refund_id IS NOT NULL)
       AND payment_id IS NULL AND refund_id IS NULL AND deposit_movement_id IS NULL AND register_movement_id IS NULL
     GROUP BY gl_code ORDER BY min(id)`,
    [original.id],
  );
  await postLedger(
    client,
    { location_id: actor.locationId, order_id: original.order_id, invoice_id: noteId },
    posted.map((r) => ({ gl: r.gl_code, amount: -r.amount })),
  );
  if (original.order_id !== null && IN_ORDER_TOTAL.has(original.type)) {
    await exec(
      client,
      'UPDATE orders SET total_minor = total_minor + $2, version = version + 1, updated_at = now() WHERE id = $1',
      [original.order_id, note.total],
    );
  }
  await audit(client, actor, {
    entity: 'invoice',
    entityId: original.id,
    action: 'credit_note',
    data: { credit_note_id: noteId, total_minor: note.total, reason: input.reason },
  });
  return noteId;
}

/**
 * A refund on a closed order is a price reduction, so the order, its invoice and the ledger agree: in the
 * refund's transaction, partial credit notes (posted at once, one line "Refund: <reason>") take `amount` off
 * the order's posted invoices, the payment's own invoice first, and the order's total drops by it. Each
 * note's tax is its share of what is left of the invoice's tax (spreadTax, the one tax rule), so the notes
 * of an invoice never take more tax than it holds and a note for all that is left takes exactly the rest.
 * The caller holds the order's row lock. Returns the credit notes made.
 */
export async function creditRefund(
  client: pg.PoolClient,
  actor: Actor,
  // refundId null: a credit with no refund behind it (a cancelled tour's share never paid, reservation-cancel.ts).
  input: {
    orderId: number;
    invoiceId: number | null;
    refundId: number | null;
    amount: number;
    reason: string;
  },
): Promise<number[]> {
  // Lock the invoices, then read what is left of each: a full credit note locks its invoice the same way.
  const locked = await rows<Pick<Tables['invoices'], 'id'>>(
    client,
    `SELECT id FROM invoices WHERE order_id = $1 AND location_id = $2 AND status = 'posted' AND type IN ('rent', 'sale', 'adhoc')
     ORDER BY id FOR UPDATE`,
    [input.orderId, actor.locationId],
  );
  const invoices = await rows<
    Pick<
      Tables['invoices'],
      'id' | 'type' | 'customer_id' | 'billing_from' | 'billing_to' | 'of_sale_order'
    > & {
      left_total: number;
      left_tax: number;
    }
  >(
    client,
    `SELECT i.id, i.type, i.customer_id, i.billing_from, i.billing_to, i.of_sale_order,
            (i.total_minor + coalesce(c.total, 0))::bigint AS left_total, (i.tax_minor + coalesce(c.tax, 0))::bigint AS left_tax
     FROM invoices i
     LEFT JOIN LATERAL (SELECT sum(n.total_minor) AS total, sum(n.tax_minor) AS tax FROM invoices n WHERE n.credits_invoice_id = i.id) c ON true
     WHERE i.id = ANY($1::bigint[])
     ORDER BY (i.id = $2) DESC, i.id DESC`,
    [locked.map((r) => r.id), input.invoiceId ?? 0],
  );
  const { is_tax_included } = await taxSettings(client, actor.locationId);
  // Fixed (GL_FIXED_POSTINGS): the code every invoice's receivable was posted to.
  const receivable = (await glAccounts(client)).system.accounts_receivable;
  const notes: number[] = [];
  let left = input.amount;
  for (const inv of invoices) {
    if (left <= 0) break;
    if (inv.left_total <= 0) continue;
    const credit = Math.min(left, inv.left_total);
    const tax = spreadTax([credit, inv.left_total - credit], inv.left_tax)[0]!;
    const isSale = inv.type === 'sale' || inv.of_sale_order;
    const { id: noteId } = await one<Pick<Tables['invoices'], 'id'>>(
      client,
      `INSERT INTO invoices (type, status, order_id, customer_id, location_id, credits_invoice_id, refund_id, billing_from, billing_to,
         subtotal_minor, discount_minor, tax_minor, total_minor, posted_at, of_sale_order)
       VALUES ('credit_note', 'posted', $1, $2, $3, $4, $5, $6, $7, $8, 0, $9, $10, now(), $11) RETURNING id`,
      [
        input.orderId,
        inv.customer_id,
        actor.locationId,
        inv.id,
        input.refundId,
        inv.billing_from,
        inv.billing_to,
        -(credit - tax),
        -tax,
        -credit,
        isSale,
      ],
    );
    await exec(
      client,
      `INSERT INTO invoice_lines (invoice_id, description, quantity, unit_price_minor, discount_minor, tax_minor, total_minor)
       VALUES ($1, $2, 1, $3, 0, $4, $5)`,
      [
        noteId,
        input.refundId === null ? input.reason : `Refund: ${input.reason}`,
        is_tax_included ? -credit : -(credit - tax),
        -tax,
        -credit,
      ],
    );
    // The mirror of posting the invoice: receivables down, and the credit taken off the accounts the invoice
    // itself posted to (less what its earlier refunds took), in proportion to what is left on each, whatever
    // the account mappings say today. A refund of all that is left leaves every account at zero.
    const remaining = await rows<LedgerLine>(
      client,
      `SELECT gl_code AS gl, -sum(amount_minor)::bigint AS amount FROM ledger_entries
       WHERE invoice_id IN (SELECT $1::bigint UNION ALL SELECT id FROM invoices WHERE credits_invoice_id = $1 AND refund_id IS NOT NULL)
         AND payment_id IS NULL AND refund_id IS NULL AND deposit_movement_id IS NULL AND register_movement_id IS NULL
         AND gl_code <> $2
       GROUP BY gl_code ORDER BY min(id)`,
      [inv.id, receivable],
    );
    await postLedger(client, { location_id: actor.locationId, order_id: input.orderId, invoice_id: noteId }, [
      { gl: receivable, amount: -credit },
      ...spreadOver(remaining, credit),
    ]);
    await audit(client, actor, {
      entity: 'invoice',
      entityId: inv.id,
      action: 'credit_note',
      data: {
        credit_note_id: noteId,
        total_minor: -credit,
        reason: input.reason,
        refund_id: input.refundId,
      },
    });
    notes.push(noteId);
    left -= credit;
  }
  const credited = input.amount - left;
  if (credited > 0)
    await exec(
      client,
      'UPDATE orders SET total_minor = total_minor - $2, version = version + 1, updated_at = now() WHERE id = $1',
      [input.orderId, credited],
    );
  return notes;
}
