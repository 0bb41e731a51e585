import { priceBreakdown } from '@nine/shared/tax';
import type { OrderDetail } from '../api/get-order.ts';

// One order as GET rent-orders/:id answers it, for the feature's component tests: override what a test is about.

export type OrderItemDetail = OrderDetail['items'][number];

/** The dates of a confirmed order booked for tomorrow, as its list row and its detail both carry them. */
export const confirmedOrderDates = {
  planned_start: '2025-01-15T09:00:00Z',
  planned_finish: '2025-01-16T09:00:00Z',
  actual_start: null,
  actual_finish: null,
  closed_at: null,
  cancelled_at: null,
  created_at: '2025-01-10T09:00:00Z',
};

export function orderFixture(overrides: Partial<OrderDetail> = {}): OrderDetail {
  const order: Omit<OrderDetail, 'price_breakdown'> = {
    id: 41,
    number: 100041,
    type: 'rent',
    source: 'walk_in',
    status: 'confirmed',
    version: 3,
    overdue: false,
    location_id: 1,
    rental_type_id: 1,
    ...confirmedOrderDates,
    total_minor: 12_500,
    deposit_minor: 5_000,
    paid_minor: 0,
    balance_minor: 12_500,
    staff_note: null,
    customer_note: null,
    order_image: null,
    deposit_in_custody: false,
    cc_skipped: false,
    has_delivery: false,
    delivery_fee_minor: 0,
    customer: {
      id: 2,
      name: 'Ada Lovelace',
      phone: '+44 20 7946 0000',
      email: 'ada@example.com',
      address: '12 Analytical Row',
      postal_code: 'N1 9GU',
      is_anonymous: false,
    },
    items: [
      orderItemFixture(1, { item_id: 501, item_sku: 'KAY-01', product_name: 'Sea kayak' }),
      orderItemFixture(2, { item_id: null, item_sku: null, product_name: 'Paddle' }),
    ],
    allowed_events: [
      { type: 'DELIVER', item_ids: [1, 2] },
      { type: 'CANCEL_ITEMS', item_ids: [1, 2] },
      { type: 'CANCEL' },
    ],
    timeline: [
      { at: '2025-01-10T09:00:00Z', user: 'Alex Admin', action: 'created', data: { status: 'confirmed' } },
    ],
    participants: [],
    signature: null,
    photos: [],
    photo_max_bytes: 5_242_880,
    ...overrides,
  };
  // As the server builds it: the live lines against the total, with a 25% "Sales tax" added.
  return {
    price_breakdown: priceBreakdown({
      lines: order.items.filter((item) => item.status !== 'cancelled'),
      taxes: [{ name: 'Sales tax', rate_bp: 2500 }],
      is_tax_included: false,
      show_taxes_mode: 'separate',
      charged_total_minor: order.total_minor,
    }),
    ...order,
  };
}

export function orderItemFixture(id: number, overrides: Partial<OrderItemDetail> = {}): OrderItemDetail {
  return {
    id,
    product_id: 10 + id,
    product_sku: `P-${id}`,
    product_name: 'Product',
    product_category: 'Kayaks',
    item_id: null,
    item_sku: null,
    barcode: null,
    quantity: 1,
    unit_price_minor: 5_000,
    discount_minor: 0,
    status: 'confirmed',
    delivered_at: null,
    returned_at: null,
    counter_start: null,
    counter_end: null,
    invoiced: false,
    tour_event_id: null,
    tour_age_group_id: null,
    ...overrides,
  };
}
