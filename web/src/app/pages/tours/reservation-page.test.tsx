import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { receiptDocument, type ReceiptDocumentInput } from '@nine/shared/receipt';
import { setUpPrintingAgent } from '../../../features/agent/testing/printing-agent-suite.ts';
import { connectTestAgent, renderWithAgent } from '../../../features/agent/testing/render-with-agent.tsx';
import { buildOrderReceipt, type OrderReceiptInput } from '../../../features/orders/print/order-receipt.ts';
import { orderFixture, orderItemFixture } from '../../../features/orders/testing/order-fixtures.ts';
import { reservationFixture } from '../../../features/tours/reservation/testing/reservation-fixtures.ts';
import { i18n } from '../../../lib/i18n.ts';
import {
  reservationReceipt,
  reservationReceiptOptions,
} from '../../../features/tours/reservation/reservation-receipt.ts';
import { ReservationReceiptButton } from './reservation-page.tsx';

const agent = setUpPrintingAgent('tok-0123456789abcdef0123456789abcdef');

/** A seat line of departure 7 for an age group of the reservation fixture (1 Adult, 2 Child). */
const seatOf = (ageGroupId: number) => ({
  product_sku: 'TOUR-KAYAK',
  tour_event_id: 7,
  tour_age_group_id: ageGroupId,
});

/** The location's order receipt builder, over an order holding the reservation's seat lines. */
const build = (
  _reservation: unknown,
  _payment: null,
  lines: Pick<OrderReceiptInput, 'period' | 'describe'>,
): ReceiptDocumentInput =>
  buildOrderReceipt({
    t: i18n.t.bind(i18n),
    order: orderFixture({
      type: 'tour',
      items: [
        orderItemFixture(1, { ...seatOf(1), quantity: 2, unit_price_minor: 6000 }),
        orderItemFixture(2, { ...seatOf(2), quantity: 1, unit_price_minor: 3000 }),
      ],
      total_minor: 15000,
      paid_minor: 8000,
      balance_minor: 7000,
    }),
    title: 'Lake Shop',
    header: null,
    currency: 'EUR',
    locale: 'en-US',
    ...lines,
  });

describe('the reservation receipt', () => {
  it('prints the seats by age group, the totals, paid and balance on the counter printer through the agent', async () => {
    const socket = await connectTestAgent(agent.actor, true);
    renderWithAgent(
      agent.actor,
      <ReservationReceiptButton reservation={reservationFixture()} build={build} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Print receipt' }));
    await waitFor(() => expect(socket.sent.filter((frame) => frame.type === 'print')).toHaveLength(1));
    expect(socket.lastRequest('print').payload).toMatchObject({
      printerId: 'sim',
      job: {
        kind: 'receipt',
        receipt: {
          lines: [
            { description: 'Lake kayak · Adult', quantity: 2, unitPrice: 6000 },
            { description: 'Lake kayak · Child', quantity: 1, unitPrice: 3000 },
          ],
          meta: expect.arrayContaining([expect.objectContaining({ label: 'Departure' })]),
        },
      },
    });
    expect(agent.print).not.toHaveBeenCalled();
  });

  it('prints the order receipt with seat lines named by age group and the departure in place of the period', () => {
    const t = i18n.t.bind(i18n);
    const order = orderFixture({
      type: 'tour',
      items: [
        orderItemFixture(1, {
          ...seatOf(2),
          product_name: 'Lake kayak',
          quantity: 1,
          unit_price_minor: 3000,
        }),
        orderItemFixture(2, {
          ...seatOf(1),
          product_name: 'Lake kayak',
          quantity: 2,
          unit_price_minor: 6000,
          discount_minor: 1000,
        }),
        // A seat line at a price no seat row shows (a repriced one): named by its age group all the same.
        orderItemFixture(4, {
          ...seatOf(1),
          product_name: 'Lake kayak',
          quantity: 1,
          unit_price_minor: 7000,
        }),
        orderItemFixture(3, {
          product_sku: 'LJ',
          product_name: 'Life jacket',
          quantity: 3,
          unit_price_minor: 0,
        }),
      ],
      total_minor: 17500,
    });
    const base = buildOrderReceipt({
      t,
      order,
      title: 'Lake Shop',
      header: null,
      currency: 'EUR',
      locale: 'en-US',
    });
    const receipt = reservationReceipt(
      t,
      buildOrderReceipt({
        t,
        order,
        title: 'Lake Shop',
        header: null,
        currency: 'EUR',
        locale: 'en-US',
        ...reservationReceiptOptions(reservationFixture()),
      }),
      '06/10/2031, 9:00 AM',
    );
    expect(receipt.lines.map((line) => line.description)).toEqual([
      'Lake kayak · Child',
      'Lake kayak · Adult',
      'Lake kayak · Adult',
      'Life jacket',
    ]);
    // Amounts, discounts and taxes are the order receipt's own; only the names changed.
    expect(receipt.lines.map(({ description: _, ...line }) => line)).toEqual(
      base.lines.map(({ description: _, ...line }) => line),
    );
    expect(receipt.totals).toEqual(base.totals);
    expect(receipt.meta).toContainEqual({ label: 'Departure', value: '06/10/2031, 9:00 AM' });
    expect(base.meta?.some((row) => row.label === t('fulfilment:receipt.period'))).toBe(true);
    expect(receipt.meta?.some((row) => row.label === t('fulfilment:receipt.period'))).toBe(false);
    // What the agent accepts.
    expect(receiptDocument.safeParse(receipt).success).toBe(true);
  });
});
