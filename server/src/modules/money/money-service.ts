import type pg from 'pg';
import { AppError } from '@nine/shared/errors';
import { MAX_TOTAL_MINOR } from '@nine/shared/money';
import type { DepositMove, PaymentCreate, RefundCreate } from '@nine/shared/schemas/money';
import { invoiceTimingAllows } from '@nine/shared/invoice-timing';
import { grants, type Permission } from '@nine/shared/permissions';
import type { AccessKeys } from '../auth/access-keys.ts';
import type { OrderService } from '../orders/order-service.ts';
import { cashDrawer, type Drawer } from './cash-drawer.ts';
import { billUnbilled, postInvoice, settleOrderInvoices } from './invoice-billing.ts';
import { creditRefund } from './invoice-credit-note.ts';
import { glAccounts, methodAccount } from './gl-accounts.ts';
import { postLedger } from './ledger.ts';
import { audit } from '../../lib/audit.ts';
import type { Actor } from '../../lib/actor.ts';
import { exec, maybeOne, one, rows, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';

type OrderMoney = Pick<
  Tables['orders'],
  | 'id'
  | 'type'
  | 'status'
  | 'version'
  | 'customer_id'
  | 'total_minor'
  | 'planned_start'
  | 'planned_finish'
  | 'cancellation_fee_minor'
> & { paid_minor: number };
type Id = Pick<Tables['invoices'], 'id'>;
/** Who takes a payment: a user at the counter, or nobody (a payment provider's webhook, D14). */
type PaymentActor = Actor | { userId: null; locationId: number };

/** What a payment provider's event reports as received for an order (the webhook records it). */
export interface ProviderPayment {
  locationId: number;
  orderId: number;
  amountMinor: number;
  /** The provider's own reference (its payment intent), shown on the payment. */
  reference: string;
}

/**
 * Gives an online payment's money back through its provider, called by a refund before it commits; does nothing
 * for a payment no provider took, throws `paymentProviderFailed` (502) when the provider refuses.
 */
export type ProviderRefund = (
  client: pg.PoolClient,
  refund: { paymentId: number; refundId: number; amountMinor: number },
) => Promise<void>;

const PAID = `(coalesce((SELECT sum(amount_minor) FROM payments WHERE order_id = o.id), 0)
  - coalesce((SELECT sum(r.amount_minor) FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.order_id = o.id), 0))`;

/**
 * Locks the order, then reads its money. Two statements on purpose: what the locking statement computes
 * (the paid sum) was read before the lock was granted, so every waiter would still see the old total.
 */
async function lockOrder(client: pg.PoolClient, orderId: number, locationId: number): Promise<OrderMoney> {
  const locked = await exec(client, 'SELECT 1 FROM orders WHERE id = $1 AND location_id = $2 FOR UPDATE', [
    orderId,
    locationId,
  ]);
  if (!locked) throw new AppError('notFound');
  return one<OrderMoney>(
    client,
    `SELECT o.id, o.type, o.status, o.version, o.customer_id, o.total_minor, ${PAID}::bigint AS paid_minor, o.planned_start, o.planned_finish,
            o.cancellation_fee_minor
     FROM orders o WHERE o.id = $1`,
    [orderId],
  );
}

async function settings(client: pg.PoolClient, locationId: number) {
  return one<
    Pick<
      Tables['general_settings'],
      | 'allow_staff_credit_card_entry'
      | 'has_pay_and_balance_forward'
      | 'current_cash_register'
      | 'multi_register'
    > &
      Pick<Tables['business_info'], 'accept_external_payments' | 'process_external_refunds'> &
      Pick<Tables['activity_settings'], 'close_sale_order'> &
      Pick<Tables['access_policy'], 'refund_level1_minor' | 'refund_level2_minor'>
  >(
    client,
    `SELECT coalesce(g.allow_staff_credit_card_entry, false) AS allow_staff_credit_card_entry, coalesce(g.has_pay_and_balance_forward, false) AS has_pay_and_balance_forward,
            b.accept_external_payments, b.process_external_refunds, coalesce(a.close_sale_order, 'manual') AS close_sale_order, g.current_cash_register,
            coalesce(g.multi_register, false) AS multi_register, p.refund_level1_minor, p.refund_level2_minor
     FROM business_info b CROSS JOIN access_policy p LEFT JOIN general_settings g ON g.location_id = $1
     LEFT JOIN activity_settings a ON a.location_id = $1 AND a.rental_type_id = 1
     WHERE b.id = 1 AND p.id = 1`,
    [locationId],
  );
}

/** The deposit held on an order: what was collected less what was claimed or returned. */
async function depositHeld(client: pg.PoolClient, orderId: number): Promise<number> {
  const { held } = await one<{ held: number }>(
    client,
    `SELECT coalesce(sum(CASE kind WHEN 'held' THEN amount_minor ELSE -amount_minor END), 0)::bigint AS held FROM deposit_movements WHERE order_id = $1`,
    [orderId],
  );
  return held;
}

export function createMoneyService({
  accessKeys,
  orders,
  permissionsAt,
  providerRefund,
}: {
  accessKeys: AccessKeys;
  /** Online payments' refunds go back through their provider (issue #20); unset: no provider. */
  providerRefund?: ProviderRefund;
  orders: OrderService;
  /** The caller's permissions at a location, read through the transaction's client. */
  permissionsAt: (userId: number, locationId: number, client: pg.PoolClient) => Promise<Permission[] | null>;
}) {
  /** Moves the order on once paid (CLOSE) or refunded (REFUNDED), at the version locked for the payment. */
  async function settle(client: pg.PoolClient, actor: Actor, order: OrderMoney, type: 'CLOSE' | 'REFUNDED') {
    await orders.applyEvent(
      client,
      actor,
      order.id,
      { type, version: order.version, acknowledge: [] },
      () => true,
    );
  }

  /**
   * The invoice to pay against: a new one for the order's lines not billed yet, else the one in progress,
   * else the latest.
   */
  async function ensureInvoice(
    client: pg.PoolClient,
    actor: PaymentActor,
    order: OrderMoney,
  ): Promise<number> {
    const billed = await billUnbilled(client, actor, order);
    if (billed !== null) return billed;
    const open = await maybeOne<Id>(
      client,
      `SELECT id FROM invoices WHERE order_id = $1 AND status = 'in_progress' ORDER BY id DESC LIMIT 1`,
      [order.id],
    );
    if (open) return open.id;
    const latest = await maybeOne<Id>(
      client,
      'SELECT id FROM invoices WHERE order_id = $1 ORDER BY id DESC LIMIT 1',
      [order.id],
    );
    if (latest) return latest.id;
    throw new AppError('validation', {
      data: { issues: [{ path: 'order_id', code: 'nothing_to_invoice' }] },
    });
  }

  async function takePayment(client: pg.PoolClient, actor: Actor, input: PaymentCreate): Promise<number> {
    return pay(client, actor, input);
  }

  /**
   * A payment a provider's webhook reports (D14): nobody took it, so no user and no register; `external`. The money
   * has arrived already, so it is never refused: external payments switched off meanwhile only stop new payments
   * from starting, and paying beyond the balance (staff took the rest, or the order was cancelled) is kept as
   * account credit.
   */
  async function recordProviderPayment(client: pg.PoolClient, p: ProviderPayment): Promise<number> {
    return pay(
      client,
      { userId: null, locationId: p.locationId },
      { order_id: p.orderId, method: 'external', amount_minor: p.amountMinor, reference: p.reference },
    );
  }

  /** A payment taken at the counter, or (no user) reported by a payment provider. */
  async function pay(client: pg.PoolClient, actor: PaymentActor, input: PaymentCreate): Promise<number> {
    const order = await lockOrder(client, input.order_id, actor.locationId);
    // A provider's payment (no user) has arrived already: it is recorded whatever changed meanwhile. On a cancelled
    // order nothing is owed, so all of it is account credit for staff to give back.
    const ended = ['cancelled', 'pre-cancel'].includes(order.status);
    if (ended && actor.userId !== null)
      throw new AppError('validation', { data: { issues: [{ path: 'order_id', code: 'order_cancelled' }] } });
    const s = await settings(client, actor.locationId);
    if (input.method === 'card' && !s.allow_staff_credit_card_entry)
      throw new AppError('forbidden', { data: { reason: 'card_entry_disabled' } });
    if (input.method === 'external' && !s.accept_external_payments && actor.userId !== null)
      throw new AppError('forbidden', { data: { reason: 'external_payments_disabled' } });
    const balance = ended ? 0 : order.total_minor - order.paid_minor;
    const overpay = input.amount_minor - Math.max(balance, 0);
    if (overpay > 0 && actor.userId !== null && !(s.has_pay_and_balance_forward && input.keep_credit)) {
      throw new AppError('validation', {
        data: { issues: [{ path: 'amount_minor', code: 'exceeds_balance', balance_minor: balance }] },
      });
    }
    if (input.method === 'account_credit') {
      const credit = await customerCredit(client, order.customer_id);
      if (credit < input.amount_minor)
        throw new AppError('validation', {
          data: { issues: [{ path: 'amount_minor', code: 'exceeds_credit', credit_minor: credit }] },
        });
    }
    // Cash needs an open drawer (1256); other methods only name the counter's register on the slip.
    let registerId: number | null;
    let session: number | null;
    if (actor.userId === null) {
      // Paid online: no counter, no drawer.
      registerId = null;
      session = null;
    } else if (input.method === 'cash') {
      const drawer = await cashDrawer(client, actor, input.cash_register_id);
      registerId = drawer?.registerId ?? null;
      session = drawer?.sessionId ?? null;
    } else {
      registerId = await registerFor(client, actor, s, input.cash_register_id);
      session = registerId
        ? ((
            await maybeOne<Pick<Tables['register_sessions'], 'id'>>(
              client,
              'SELECT id FROM register_sessions WHERE cash_register_id = $1 AND closed_at IS NULL',
              [registerId],
            )
          )?.id ?? null)
        : null;
    }
    const invoiceId = await ensureInvoice(client, actor, order);
    const { id: paymentId } = await one<Pick<Tables['payments'], 'id'>>(
      client,
      `INSERT INTO payments (order_id, invoice_id, customer_id, location_id, cash_register_id, register_session_id, method, amount_minor, tendered_minor, reference, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [
        order.id,
        invoiceId,
        order.customer_id,
        actor.locationId,
        registerId,
        session,
        input.method,
        input.amount_minor,
        input.tendered_minor ?? null,
        input.reference ?? null,
        actor.userId,
      ],
    );
    // Money in: the method's account up, receivables down; paying beyond the balance becomes account credit.
    const toReceivable = input.amount_minor - Math.max(overpay, 0);
    const gl = await glAccounts(client);
    await postLedger(
      client,
      { location_id: actor.locationId, order_id: order.id, invoice_id: invoiceId, payment_id: paymentId },
      [
        { gl: methodAccount(gl, input.method), amount: input.amount_minor },
        { gl: gl.system.accounts_receivable, amount: -toReceivable },
        { gl: gl.system.customer_credit, amount: -Math.max(overpay, 0) },
      ],
    );
    await audit(client, actor, {
      entity: 'order',
      entityId: order.id,
      action: 'payment',
      data: {
        payment_id: paymentId,
        method: input.method,
        amount_minor: input.amount_minor,
        change_minor: input.tendered_minor ? input.tendered_minor - input.amount_minor : 0,
      },
    });

    // A sale paid in full closes itself when the business says so; closing posts its invoices. A sale still
    // holding a deposit stays open for the clerk to settle it: the payment must not fail on the close's checks.
    // (Online payments pay tours and rentals through their share link, never a counter sale.)
    if (
      actor.userId !== null &&
      order.type === 'sale' &&
      order.status === 'open' &&
      s.close_sale_order === 'on_full_payment' &&
      order.paid_minor + input.amount_minor >= order.total_minor &&
      (await depositHeld(client, order.id)) === 0
    ) {
      await settle(client, actor, order, 'CLOSE');
    }
    return paymentId;
  }

  /**
   * The drawer a payment lands in: the counter's own register when the location runs several
   * (multi_register), else the location's current register.
   */
  async function registerFor(
    client: pg.PoolClient,
    actor: Actor,
    s: { multi_register: boolean; current_cash_register: number | null },
    asked: number | undefined,
  ): Promise<number | null> {
    if (asked === undefined || !s.multi_register || asked === s.current_cash_register)
      return s.current_cash_register;
    const found = await exec(
      client,
      'SELECT 1 FROM cash_registers WHERE id = $1 AND location_id = $2 AND is_active',
      [asked, actor.locationId],
    );
    if (found === 0)
      throw new AppError('validation', {
        data: { issues: [{ path: 'cash_register_id', code: 'unknown_register' }] },
      });
    return asked;
  }

  async function customerCredit(client: Queryable, customerId: number | null): Promise<number> {
    if (customerId === null) return 0;
    const { credit } = await one<{ credit: number }>(
      client,
      `SELECT (-coalesce(sum(e.amount_minor), 0))::bigint AS credit FROM ledger_entries e JOIN orders o ON o.id = e.order_id
       WHERE e.gl_code = (SELECT gl_code FROM gl_system_accounts WHERE posting = 'customer_credit') AND o.customer_id = $1`,
      [customerId],
    );
    return credit;
  }

  /**
   * Refunds go back to the original method. Above the access policy's L1 amount an approver holding
   * financial_transaction refund must enter their access key; above L2 the approver must manage
   * financial transactions. A clerk without financial_transaction refund refunds only with such an
   * approver's key, whatever the amount. A cash refund leaves an open register (1256). On a closed order
   * the refund lowers the price (creditRefund), so its balance and its invoice's stay as they were. A paid
   * order waiting in pre-cancel is cancelled once refunded.
   */
  async function refund(
    client: pg.PoolClient,
    actor: Actor,
    paymentId: number,
    input: RefundCreate,
  ): Promise<number> {
    // The order first (every money write on it takes that lock, so refunds of one order take turns), then
    // what was refunded, read after the lock is held.
    const found = await maybeOne<Pick<Tables['payments'], 'order_id'>>(
      client,
      'SELECT order_id FROM payments WHERE id = $1 AND location_id = $2',
      [paymentId, actor.locationId],
    );
    // A payment without an order has no order to lock: not found, as locking none would say.
    if (!found || found.order_id === null) throw new AppError('notFound');
    const order = await lockOrder(client, found.order_id, actor.locationId);
    const payment = await one<
      Pick<Tables['payments'], 'id' | 'invoice_id' | 'method' | 'amount_minor'> & {
        refunded_minor: number;
        unapproved_minor: number;
        below_level2_minor: number;
      }
    >(
      client,
      `SELECT p.id, p.invoice_id, p.method, p.amount_minor,
              coalesce((SELECT sum(amount_minor) FROM refunds r WHERE r.payment_id = p.id), 0)::bigint AS refunded_minor,
              coalesce(o.unapproved, 0)::bigint AS unapproved_minor, coalesce(o.below_level2, 0)::bigint AS below_level2_minor
       FROM payments p,
            LATERAL (SELECT sum(r.amount_minor) FILTER (WHERE r.approval_level = 0) AS unapproved,
                            sum(r.amount_minor) FILTER (WHERE r.approval_level < 2) AS below_level2
                     FROM refunds r JOIN payments op ON op.id = r.payment_id WHERE op.order_id = p.order_id) o
       WHERE p.id = $1`,
      [paymentId],
    );
    const left = payment.amount_minor - payment.refunded_minor;
    if (input.amount_minor > left)
      throw new AppError('validation', {
        data: { issues: [{ path: 'amount_minor', code: 'exceeds_refundable', refundable_minor: left }] },
      });
    const s = await settings(client, actor.locationId);
    // An online payment (an intent took it) goes back through its provider (providerRefund below): the setting
    // is about external payments staff refund by hand elsewhere.
    if (
      payment.method === 'external' &&
      !s.process_external_refunds &&
      !(await exec(client, 'SELECT 1 FROM online_payment_intents WHERE payment_id = $1', [payment.id]))
    )
      throw new AppError('forbidden', { data: { reason: 'external_refunds_disabled' } });
    // Refused before any access key is tried: a key typed for a refund that cannot happen must not count.
    const drawer: Drawer | null =
      payment.method === 'cash' ? await cashDrawer(client, actor, input.cash_register_id) : null;
    // The levels bound what is refunded on the order in total, not per call: three refunds of 100.00
    // need the same approval as one of 300.00.
    const mayRefund = grants((await permissionsAt(actor.userId, actor.locationId, client)) ?? [], {
      resource: 'financial_transaction',
      action: 'refund',
    });
    let approver: number | null = null;
    let approvalLevel = 0;
    if (payment.below_level2_minor + input.amount_minor > s.refund_level2_minor) {
      approver = await accessKeys.approve(client, actor.userId, actor.locationId, input.access_key, {
        resource: 'financial_transaction',
        action: 'manage',
      });
      approvalLevel = 2;
    } else if (!mayRefund || payment.unapproved_minor + input.amount_minor > s.refund_level1_minor) {
      approver = await accessKeys.approve(client, actor.userId, actor.locationId, input.access_key, {
        resource: 'financial_transaction',
        action: 'refund',
      });
      approvalLevel = 1;
    }
    const { id: refundId } = await one<Pick<Tables['refunds'], 'id'>>(
      client,
      `INSERT INTO refunds (payment_id, amount_minor, reason, created_by, approved_by, approval_level, cash_register_id, register_session_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        payment.id,
        input.amount_minor,
        input.reason,
        actor.userId,
        approver,
        approvalLevel,
        drawer?.registerId ?? null,
        drawer?.sessionId ?? null,
      ],
    );
    const gl = await glAccounts(client);
    await postLedger(
      client,
      {
        location_id: actor.locationId,
        order_id: order.id,
        invoice_id: payment.invoice_id,
        payment_id: payment.id,
        refund_id: refundId,
      },
      [
        { gl: gl.system.accounts_receivable, amount: input.amount_minor },
        { gl: methodAccount(gl, payment.method), amount: -input.amount_minor },
      ],
    );
    // A closed order's price drops by what is refunded, less what it owed the customer already (paid beyond
    // its total: account credit kept, a credit note): its balance stays what it was.
    let creditNotes: number[] = [];
    if (order.status === 'closed') {
      const owed = Math.max(0, order.paid_minor - order.total_minor);
      const reduction = Math.max(0, input.amount_minor - owed);
      if (reduction > 0) {
        // An order closed before closing posted everything: bill and post it now, then credit it.
        await settleOrderInvoices(client, actor, order);
        creditNotes = await creditRefund(client, actor, {
          orderId: order.id,
          invoiceId: payment.invoice_id,
          refundId,
          amount: reduction,
          reason: input.reason,
        });
      }
    }
    await audit(client, actor, {
      entity: 'order',
      entityId: order.id,
      action: 'refund',
      data: {
        refund_id: refundId,
        payment_id: payment.id,
        amount_minor: input.amount_minor,
        approver,
        reason: input.reason,
        ...(creditNotes.length > 0 ? { credit_note_ids: creditNotes } : {}),
      },
    });
    // A cancellation fee (tours, design D6) is kept of the money paid: refunded down to it, the order is cancelled.
    if (
      order.status === 'pre-cancel' &&
      order.paid_minor - input.amount_minor <= order.cancellation_fee_minor
    ) {
      await settle(client, actor, order, 'REFUNDED');
    }
    // Last, so every local refusal comes first; a provider's refusal (1801) rolls all of it back.
    await providerRefund?.(client, { paymentId: payment.id, refundId, amountMinor: input.amount_minor });
    return refundId;
  }

  /** Security deposits: held into custody, claimed for damage with a reason, the rest returned. */
  async function moveDeposit(
    client: pg.PoolClient,
    actor: Actor,
    orderId: number,
    input: DepositMove,
  ): Promise<number> {
    const order = await lockOrder(client, orderId, actor.locationId);
    const held = await depositHeld(client, orderId);
    // A closed order takes no more deposit; what it still holds (closed under 'warn') can be settled.
    if (order.status === 'closed' && (input.kind === 'held' || held === 0))
      throw new AppError('orderClosed', { data: { held_minor: held } });
    if (input.kind !== 'held' && input.amount_minor > held) {
      throw new AppError('validation', {
        data: { issues: [{ path: 'amount_minor', code: 'exceeds_deposit_held', held_minor: held }] },
      });
    }
    if (input.kind === 'held' && held + input.amount_minor > MAX_TOTAL_MINOR)
      throw new AppError('amountTooLarge', { params: { max: MAX_TOTAL_MINOR / 100 } });
    if (input.kind === 'claimed' && !input.reason)
      throw new AppError('validation', { data: { issues: [{ path: 'reason', code: 'required' }] } });
    // A claim keeps the cash where it is; holding or giving back cash goes through an open drawer.
    const drawer =
      input.method === 'cash' && input.kind !== 'claimed'
        ? await cashDrawer(client, actor, input.cash_register_id)
        : null;
    const { id } = await one<Pick<Tables['deposit_movements'], 'id'>>(
      client,
      `INSERT INTO deposit_movements (order_id, kind, method, amount_minor, reason, created_by, cash_register_id, register_session_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        orderId,
        input.kind,
        input.method,
        input.amount_minor,
        input.reason ?? null,
        actor.userId,
        drawer?.registerId ?? null,
        drawer?.sessionId ?? null,
      ],
    );
    const refs = { location_id: actor.locationId, order_id: orderId, deposit_movement_id: id };
    const a = input.amount_minor;
    const gl = await glAccounts(client);
    if (input.kind === 'held')
      await postLedger(client, refs, [
        { gl: methodAccount(gl, input.method), amount: a },
        { gl: gl.system.deposits_held, amount: -a },
      ]);
    if (input.kind === 'returned')
      await postLedger(client, refs, [
        { gl: gl.system.deposits_held, amount: a },
        { gl: methodAccount(gl, input.method), amount: -a },
      ]);
    if (input.kind === 'claimed')
      await postLedger(client, refs, [
        { gl: gl.system.deposits_held, amount: a },
        { gl: gl.system.damage_charges, amount: -a },
      ]);
    const after = input.kind === 'held' ? held + a : held - a;
    await exec(client, 'UPDATE orders SET deposit_in_custody = $2, updated_at = now() WHERE id = $1', [
      orderId,
      after > 0,
    ]);
    await audit(client, actor, {
      entity: 'order',
      entityId: order.id,
      action: `deposit:${input.kind}`,
      data: {
        amount_minor: a,
        reason: input.reason ?? null,
        held_after_minor: after,
      },
    });
    return id;
  }

  /**
   * "Add to invoice" for the whole order: bills its unbilled items now, under the same manual_invoice_time
   * rule as adding single lines (1252 never, 1253 while a line is not ready yet).
   */
  async function invoiceOrder(client: pg.PoolClient, actor: Actor, orderId: number): Promise<number> {
    const order = await lockOrder(client, orderId, actor.locationId);
    const lines = await rows<
      Pick<Tables['order_items'], 'id' | 'status'> & {
        label: string;
        timing: Tables['activity_settings']['manual_invoice_time'];
      }
    >(
      client,
      `SELECT oi.id, p.name || ' (' || coalesce(i.sku, p.sku) || ')' AS label, oi.status,
              coalesce((SELECT manual_invoice_time FROM activity_settings
                        WHERE location_id = o.location_id AND rental_type_id = coalesce(o.rental_type_id, 1)), 'anytime') AS timing
       FROM order_items oi JOIN orders o ON o.id = oi.order_id JOIN products p ON p.id = oi.product_id
       LEFT JOIN items i ON i.id = oi.item_id
       WHERE oi.order_id = $1 AND oi.status <> 'cancelled'
         AND NOT EXISTS (SELECT 1 FROM invoice_lines l WHERE l.order_item_id = oi.id)
       ORDER BY oi.id`,
      [orderId],
    );
    const timing = lines[0]?.timing;
    if (timing === 'never') throw new AppError('manualInvoiceDisabled', { data: { timing } });
    const early =
      timing === undefined ? [] : lines.filter((l) => !invoiceTimingAllows(timing, order.type, l.status));
    if (early.length > 0) {
      throw new AppError('invoiceTooEarly', {
        data: { item_ids: early.map((l) => l.id), timing },
        params: { items: early.map((l) => l.label).join(', ') },
      });
    }
    return ensureInvoice(client, actor, order);
  }

  return {
    invoiceOrder,
    postInvoice,
    takePayment,
    recordProviderPayment,
    refund,
    moveDeposit,
    customerCredit,
  };
}

export type MoneyService = ReturnType<typeof createMoneyService>;
