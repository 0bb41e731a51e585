import type { ReceiptDocumentInput } from '@nine/shared/receipt';
import type { OrderItem } from '@nine/shared/schemas/orders';
import type { AppT } from '../../../lib/i18n.ts';
import type { TourReservationDetail } from '../api/reservation/get-tour-reservation.ts';

/** Receipt texts are short: long values are cut with an ellipsis. */
const fit = (text: string, max: number) => {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1)}…`;
};

/**
 * What the order receipt needs to print a reservation: seat lines (those naming an age group) named by it
 * ("Kayak tour · Adult"), and no planned period (the departure is added by reservationReceipt). Amounts,
 * discounts, taxes and delivery stay the order receipt's own.
 */
export function reservationReceiptOptions(reservation: Pick<TourReservationDetail, 'tour'>): {
  period: false;
  describe(item: OrderItem): string | null;
} {
  const { tour } = reservation;
  const tourName = tour.event.definition.name;
  const groups = new Map(tour.seats.map((seat) => [seat.age_group_id, seat.name]));
  return {
    period: false,
    describe(item) {
      if (item.tour_age_group_id === null) return null;
      const group = groups.get(item.tour_age_group_id);
      return group === undefined ? tourName : `${tourName} · ${group}`;
    },
  };
}

/**
 * The order's receipt (built with reservationReceiptOptions) with the departure's time among its facts.
 */
export function reservationReceipt(
  t: AppT,
  orderReceipt: ReceiptDocumentInput,
  when: string,
): ReceiptDocumentInput {
  return {
    ...orderReceipt,
    meta: [
      ...(orderReceipt.meta ?? []),
      { label: fit(t('tours:reservation.receipt.departure'), 48), value: fit(when, 64) },
    ],
  };
}
