import { z } from 'zod';
import { rentStatuses } from '../../order-machine.ts';
import { approverAccessKey } from '../auth.ts';
import { customerInput } from '../customers.ts';

// Changing tour reservations (issue #20): move to another departure, cancel with the definition's fee tier,
// the waiting list, and cancelling a departure with its reservations. Amounts are integer minor units.

const version = z.number().int().min(1);
const intId = z.number().int().positive().max(2_147_483_647);

/** Hours a manual waitlist offer stays open when none is given, and the automatic offer's hours. */
export const WAITLIST_OFFER_HOURS = 24;

/**
 * POST /api/nine/tours/reservations/:id/move: another departure of the same tour, at the order's version.
 * When the new day costs less than was paid, the difference is refunded (an approver's `access_key` above the
 * refund levels; `cash_register_id` for a cash refund at a counter with several registers).
 */
export const tourReservationMove = z.object({
  event_id: intId,
  version,
  access_key: approverAccessKey.optional(),
  cash_register_id: intId.optional(),
});
export type TourReservationMove = z.infer<typeof tourReservationMove>;

/**
 * The move's answer. `price_difference_minor` > 0: the new day costs more and the difference was billed
 * (`invoice_id`); < 0: it costs less and `refunded_minor` went back to the payments (the rest of the
 * difference, if any, stays as the order's credit).
 */
export const tourReservationMoved = z.object({
  order_id: z.number(),
  event_id: z.number(),
  version: z.number(),
  total_minor: z.number(),
  price_difference_minor: z.number(),
  invoice_id: z.number().nullable(),
  refunded_minor: z.number(),
});
export type TourReservationMoved = z.infer<typeof tourReservationMoved>;

/** The definition's cancellation tier that applies: the fee once `hours_before` or fewer hours are left. */
export const tourCancellationTier = z.object({ hours_before: z.number(), fee_bp: z.number() });

/**
 * GET /api/nine/tours/reservations/:id/cancellation-preview. `hours_before`: whole hours until the start
 * (negative once started). `no_show`: the start has passed (the definition's no-show fee applies, `tier` null).
 * The fee is the seat total × fee_bp / 10000, rounded half up, and is retained only from money held:
 * `fee_minor` = min(fee, paid). `refund_minor` = paid − fee_minor. `fee_from` says which rule set `fee_bp`:
 * 'tier', 'no_show', 'moved' (the level `min_fee_bp` the reservation carried when it was moved away from a
 * departure, higher than the current tier: moving does not get around the fee) or 'none'.
 */
export const tourCancellationFeeFroms = ['none', 'tier', 'no_show', 'moved'] as const;
export const tourCancellationPreview = z.object({
  order_id: z.number(),
  version: z.number(),
  hours_before: z.number(),
  tier: tourCancellationTier.nullable(),
  fee_bp: z.number(),
  fee_from: z.enum(tourCancellationFeeFroms),
  min_fee_bp: z.number(),
  seat_total_minor: z.number(),
  fee_minor: z.number(),
  paid_minor: z.number(),
  refund_minor: z.number(),
  no_show: z.boolean(),
});
export type TourCancellationPreview = z.infer<typeof tourCancellationPreview>;

/**
 * POST /api/nine/tours/reservations/:id/cancel (tour:change: with the fee of preview). `waive_fee` needs
 * tour:manage, or the `access_key` of a user holding tour:manage at the location (design D6). Refunds go back to
 * the original payments; above the refund approval levels an approver's `access_key` is needed, a cash refund
 * may name the counter's register.
 */
export const tourReservationCancel = z.object({
  version,
  reason: z.string().trim().max(300).optional(),
  waive_fee: z.boolean().default(false),
  access_key: approverAccessKey.optional(),
  cash_register_id: intId.optional(),
});
export type TourReservationCancel = z.input<typeof tourReservationCancel>;

export const tourReservationCancelled = z.object({
  order_id: z.number(),
  status: z.enum(rentStatuses),
  version: z.number(),
  fee_bp: z.number(),
  fee_minor: z.number(),
  /** The invoice keeping the fee (the original, credited down to it), when a fee was retained. */
  fee_invoice_id: z.number().nullable(),
  credit_note_ids: z.array(z.number()),
  refund_ids: z.array(z.number()),
  refunded_minor: z.number(),
  /** Waitlist entries offered the freed seats. */
  offered_waitlist_ids: z.array(z.number()),
});
export type TourReservationCancelled = z.infer<typeof tourReservationCancelled>;

export const tourWaitlistStatuses = ['waiting', 'offered', 'booked', 'expired', 'removed'] as const;
export const tourWaitlistStatus = z.enum(tourWaitlistStatuses);

const waitlistSeats = z
  .array(z.object({ age_group_id: intId, quantity: z.number().int().min(1).max(500) }))
  .min(1)
  .max(20)
  .refine((seats) => new Set(seats.map((s) => s.age_group_id)).size === seats.length, 'duplicate_age_group');

/** POST /api/nine/tours/events/:id/waitlist: an existing customer or a new one, and the seats wanted. */
export const tourWaitlistCreate = z
  .object({
    customer_id: intId.optional(),
    customer: customerInput.optional(),
    seats: waitlistSeats,
    note: z.string().trim().max(500).optional(),
  })
  .refine((v) => (v.customer_id === undefined) !== (v.customer === undefined), {
    path: ['customer_id'],
    message: 'customer_or_new_customer',
  });
export type TourWaitlistCreate = z.input<typeof tourWaitlistCreate>;

export const tourWaitlistRow = z.object({
  id: z.number(),
  event_id: z.number(),
  customer_id: z.number(),
  customer_name: z.string(),
  customer_email: z.string().nullable(),
  customer_phone: z.string().nullable(),
  seats: z.array(
    z.object({ age_group_id: z.number(), age_group_name: z.string().nullable(), quantity: z.number() }),
  ),
  seat_count: z.number(),
  status: tourWaitlistStatus,
  note: z.string().nullable(),
  offered_at: z.string().nullable(),
  offer_expires_at: z.string().nullable(),
  order_id: z.number().nullable(),
  created_at: z.string(),
  version: z.number(),
});
export type TourWaitlistRow = z.infer<typeof tourWaitlistRow>;

/** GET /api/nine/tours/events/:id/waitlist: every entry of the departure, live ones (by join order) first. */
export const tourWaitlist = z.object({ rows: z.array(tourWaitlistRow), seats_free: z.number() });
export type TourWaitlist = z.infer<typeof tourWaitlist>;

/** POST /api/nine/tours/waitlist/:id/offer: offer the seats for `hours` (default WAITLIST_OFFER_HOURS). */
export const tourWaitlistOffer = z.object({
  version,
  hours: z.number().int().min(1).max(168).optional(),
});
export type TourWaitlistOffer = z.infer<typeof tourWaitlistOffer>;

/** POST /api/nine/tours/waitlist/:id/book: books a waiting or offered entry's seats as a reservation. */
export const tourWaitlistBook = z.object({ version });
export type TourWaitlistBook = z.infer<typeof tourWaitlistBook>;

export const tourWaitlistBooked = z.object({ entry: tourWaitlistRow, order_id: z.number() });
export type TourWaitlistBooked = z.infer<typeof tourWaitlistBooked>;

/**
 * POST /api/nine/tours/events/:id/cancel-with-reservations: cancels the departure and every live
 * reservation on it, refunding them in full (no fee).
 */
export const tourEventCancelWithReservations = z.object({
  reason: z.string().trim().min(1).max(300),
  version,
  access_key: approverAccessKey.optional(),
  cash_register_id: intId.optional(),
});
export type TourEventCancelWithReservations = z.infer<typeof tourEventCancelWithReservations>;

export const tourEventCancelledWithReservations = z.object({
  event_id: z.number(),
  version: z.number(),
  cancelled_order_ids: z.array(z.number()),
  refunded_minor: z.number(),
});
export type TourEventCancelledWithReservations = z.infer<typeof tourEventCancelledWithReservations>;
