import { ORDER_AUDIT_ACTIONS, type OrderAuditAction } from '@nine/shared/order-audit';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, setLanguage } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { orderFixture } from '../testing/order-fixtures.ts';
import { describeEntry, OrderTimeline } from './order-timeline.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(async () => {
  await setLanguage('en-US', { persist: false });
});

const order = orderFixture();

// What the server writes for each action (and what GET order adds: approver_name, invoice_number…).
// A record over every action: a new one fails to compile here until it has an example.
const EXAMPLES: Record<OrderAuditAction, Record<string, unknown>> = {
  created: { status: 'confirmed', source: 'walk_in', total_minor: 5629 },
  notes: { staff_note: 'Fragile', customer_note: null },
  'event:CONFIRM': { from: 'pending', to: 'confirmed', item_ids: [] },
  'event:DELIVER': { from: 'confirmed', to: 'delivered', item_ids: [1] },
  'event:UNDO_DELIVER': { from: 'delivered', to: 'confirmed', item_ids: [1] },
  'event:RETURN': { from: 'delivered', to: 'returned', item_ids: [1, 2] },
  'event:CANCEL_ITEMS': { from: 'confirmed', to: 'confirmed', item_ids: [2] },
  'event:CANCEL': { from: 'confirmed', to: 'cancelled', item_ids: [] },
  'event:REFUNDED': { from: 'pre-cancel', to: 'cancelled', item_ids: [] },
  'event:CLOSE': { from: 'returned', to: 'closed', item_ids: [] },
  payment: { payment_id: 7, method: 'cash', amount_minor: 5629, change_minor: 371 },
  refund: {
    refund_id: 3,
    payment_id: 7,
    amount_minor: 1000,
    approver: 2,
    approver_name: 'Maria Manager',
    reason: 'Scratched hull',
  },
  'deposit:held': { amount_minor: 20_000, reason: null, held_after_minor: 20_000 },
  'deposit:returned': { amount_minor: 15_000, reason: null, held_after_minor: 5_000 },
  'deposit:claimed': { amount_minor: 5_000, reason: 'Lost paddle', held_after_minor: 0 },
  change_cost: {
    order_item_id: 1,
    old: 5000,
    new: 4250,
    approver: 2,
    approver_name: 'Maria Manager',
    comment: 'Loyal customer',
  },
  deposit_override: {
    old: 20_000,
    new: 10_000,
    approver: 2,
    approver_name: 'Maria Manager',
    comment: 'Regular',
  },
  participant_added: { participant_id: 4, name: 'Ada Rider' },
  participant_removed: { participant_id: 4, name: 'Ada Rider' },
  signed: { method: 'typed', signer_name: 'Vera Lynn' },
  photo_added: { photo_id: 9, file_name: 'boat.png' },
  photo_removed: { photo_id: 9, file_name: 'boat.png' },
  item_edited: { order_item_id: 1, discount: { old: 0, new: 500 } },
  counter_set: { order_item_id: 1, counter: { start: 120, end: 135 } },
  item_replaced: { order_item_id: 1, old_sku: 'KAY-01', new_sku: 'KAY-07' },
  period_changed: {
    planned_start: { old: '2026-06-01T09:00:00.000Z', new: '2026-06-01T09:00:00.000Z' },
    planned_finish: { old: '2026-06-02T09:00:00.000Z', new: '2026-06-03T09:00:00.000Z' },
    total_minor: { old: 4000, new: 8000 },
  },
  items_invoiced: { invoice_id: 12, invoice_number: 5012, item_ids: [1] },
  adhoc_charge: {
    invoice_id: 13,
    invoice_number: 5013,
    description: 'Cleaning',
    quantity: 2,
    unit_price_minor: 750,
    total_minor: 1500,
  },
  delivery_assigned: {
    delivery_id: 1,
    type: 'pickup',
    scheduled_at: '2026-11-24T14:21:00Z',
    item_ids: [1],
    address: '12 Analytical Row',
  },
  delivery_updated: { delivery_id: 1, status: 'done' },
  auto_billing: { frequency: 'monthly', next_invoice_date: '2026-12-01', active: true },
  recurring_invoice: {
    invoice_id: 14,
    invoice_number: 5014,
    period_start: '2026-12-01',
    period_end: '2026-12-31',
  },
  coupon_applied: { coupon_id: 3, code: 'SUMMER10', discount_minor: 240 },
  coupon_removed: { coupon_id: 3, code: 'SUMMER10', discount_minor: 240 },
  tour_moved: { event_id: { old: 3, new: 4 }, total_minor: { old: 9000, new: 7000 }, refunded_minor: 2000 },
  tour_cancelled: {
    event_id: 3,
    hours_before: 30,
    fee_bp: 5000,
    fee_minor: 4500,
    waived: false,
    refunded_minor: 4500,
  },
  cancellation_fee: { invoice_id: 9, fee_bp: 5000, total_minor: 4500 },
  'invoice:created': { order_id: 41, invoice_number: 5012 },
  'invoice:posted': { total_minor: 5629, invoice_number: 5012 },
  'invoice:credit_note': {
    credit_note_id: 15,
    credit_note_number: 5015,
    invoice_number: 5012,
    total_minor: 5629,
    reason: 'Billed twice',
  },
};

const entry = (action: string, data: unknown = {}) => ({
  at: '2026-11-24T14:21:00Z',
  user: 'Sam Clerk',
  action,
  data,
});
const read = (action: string, data?: unknown) =>
  describeEntry(entry(action, data), order, i18n.t.bind(i18n), '$');
const words = (line: ReturnType<typeof read>) => [line.label, ...line.details].join(' | ');
/** A code shown as it is stored: the whole label, or a code-looking word (`deposit:held`, `change_cost`). */
function expectNoCode(line: ReturnType<typeof read>, action: string) {
  expect(line.label.toLowerCase(), action).not.toBe(action.toLowerCase());
  if (/[:_]/.test(action)) expect(words(line), action).not.toContain(action);
}

describe('order timeline', () => {
  it('has a sentence, not a code, for every action the server writes, in English and Spanish', async () => {
    const english = new Map<string, string>();
    for (const action of ORDER_AUDIT_ACTIONS) {
      const line = read(action, EXAMPLES[action]);
      expectNoCode(line, action);
      expect(words(line), action).not.toMatch(/Changed \(|\{\{|orders:|undefined|NaN/);
      english.set(action, line.label);
    }
    await setLanguage('es-ES', { persist: false });
    for (const action of ORDER_AUDIT_ACTIONS) {
      const line = read(action, EXAMPLES[action]);
      expectNoCode(line, action);
      expect(words(line), action).not.toMatch(/Cambio \(|\{\{|orders:|undefined|NaN/);
      expect(line.label, action).not.toBe(english.get(action));
    }
  });

  it('gives the amounts as money, the approver, the reason and the items', async () => {
    expect(words(read('payment', EXAMPLES.payment))).toBe(
      'Payment of $56.29 taken (cash) | Change given: $3.71',
    );
    expect(words(read('refund', EXAMPLES.refund))).toBe(
      'Refund of $10.00 given | Reason: Scratched hull | Approved by Maria Manager',
    );
    expect(words(read('deposit:held', EXAMPLES['deposit:held']))).toBe('Deposit of $200.00 collected');
    expect(words(read('deposit:returned', EXAMPLES['deposit:returned']))).toBe(
      'Deposit of $150.00 returned | Deposit still held: $50.00',
    );
    const cost = read('change_cost', EXAMPLES.change_cost);
    expect(words(cost)).toBe(
      'Price changed from $50.00 to $42.50 | Reason: Loyal customer | Approved by Maria Manager',
    );
    expect(cost.items).toEqual(['KAY-01']);
    expect(read('event:CLOSE', EXAMPLES['event:CLOSE'])).toMatchObject({
      label: 'Closed',
      from: 'returned',
      to: 'closed',
    });
    expect(words(read('invoice:credit_note', EXAMPLES['invoice:credit_note']))).toBe(
      'Credit note #5015 of $56.29 issued for invoice #5012 | Reason: Billed twice',
    );

    await setLanguage('es-ES', { persist: false });
    expect(words(read('payment', EXAMPLES.payment))).toBe(
      'Pago de $56,29 cobrado (efectivo) | Cambio devuelto: $3,71',
    );
    expect(words(read('refund', EXAMPLES.refund))).toBe(
      'Reembolso de $10,00 | Motivo: Scratched hull | Aprobado por Maria Manager',
    );
    expect(words(read('deposit:held', EXAMPLES['deposit:held']))).toBe('Fianza de $200,00 cobrada');
    expect(read('event:CLOSE', EXAMPLES['event:CLOSE']).label).toBe('Cerrado');
  });

  it('names an action it does not know as a change, never as the bare code', async () => {
    expect(read('mystery_code').label).toBe('Changed (mystery_code)');
    await setLanguage('fr-FR', { persist: false });
    expect(read('mystery_code').label).toBe('Modification (mystery_code)');
  });

  it('shows each entry’s sentence, details and who did it', () => {
    renderWithProviders(
      <OrderTimeline
        order={orderFixture({
          timeline: [
            entry('payment', EXAMPLES.payment),
            entry('deposit:held', EXAMPLES['deposit:held']),
            entry('refund', EXAMPLES.refund),
          ],
        })}
        currencySymbol="$"
      />,
    );
    const list = screen.getByRole('list');
    const [payment, deposit, refund] = within(list).getAllByRole('listitem');
    expect(within(payment!).getByText('Payment of $56.29 taken (cash)')).toBeTruthy();
    expect(within(deposit!).getByText('Deposit of $200.00 collected')).toBeTruthy();
    expect(within(refund!).getByText('Approved by Maria Manager')).toBeTruthy();
    expect(within(refund!).getByText(/by Sam Clerk/)).toBeTruthy();
    expect(screen.queryByText('payment')).toBeNull();
    expect(screen.queryByText('deposit:held')).toBeNull();
  });
});
