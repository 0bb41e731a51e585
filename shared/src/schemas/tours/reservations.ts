import { z } from 'zod';
import { STAFF_NOTE_MAX } from '../../constants.ts';
import { tourEventStatuses } from '../../tour-event-status.ts';
import { customerInput } from '../customers.ts';
import { orderDetail } from '../orders.ts';
import { pageQuery } from '../page.ts';

// Tour reservations (issue #20): a reservation is an order of type 'tour' whose seat lines hold seats of
// one event (design 1.1 decisions 1-4). Instants are ISO 8601 with an offset; days are the location's.

const intId = z.coerce.number().int().positive().max(2_147_483_647);
const bodyId = z.number().int().positive().max(2_147_483_647);
const isoDay = z.iso.date().refine((day) => {
  const year = Number(day.slice(0, 4));
  return year >= 2000 && year <= 2100;
}, 'out_of_range');

/** The most seat rows (age groups) one booking may carry. */
export const RESERVATION_MAX_SEAT_ROWS = 20;
/** The most seats of one age group one booking may ask for (an event holds at most 500). */
export const RESERVATION_MAX_SEATS = 500;

export const tourReservationSeat = z.object({
  age_group_id: bodyId,
  quantity: z.number().int().min(1).max(RESERVATION_MAX_SEATS),
});
export type TourReservationSeat = z.infer<typeof tourReservationSeat>;

/**
 * POST /api/nine/tours/reservations: book seats of one event. Exactly one of `customer_id` (an existing
 * customer) or `customer` (a new one, as the customer form) names who books. `private`: the whole event for
 * this booking (the definition's private price; refused when the event already has seats).
 */
export const tourReservationCreate = z
  .object({
    event_id: bodyId,
    seats: z
      .array(tourReservationSeat)
      .min(1)
      .max(RESERVATION_MAX_SEAT_ROWS)
      .refine((rows) => new Set(rows.map((r) => r.age_group_id)).size === rows.length, 'duplicate_age_group'),
    customer_id: bodyId.optional(),
    customer: customerInput.optional(),
    private: z.boolean().default(false),
    note: z.string().trim().max(STAFF_NOTE_MAX).optional(),
    source: z.enum(['web', 'phone', 'back_end', 'walk_in', 'kiosk']).default('back_end'),
  })
  .refine((v) => (v.customer_id === undefined) !== (v.customer === undefined), {
    path: ['customer_id'],
    message: 'customer_required',
  });
export type TourReservationCreate = z.input<typeof tourReservationCreate>;
export type TourReservationCreateParsed = z.infer<typeof tourReservationCreate>;

/**
 * The list's status groups over the order statuses: live = not cancelled (pending, confirmed, in progress,
 * returned, closed); open = live and not closed; in_progress = partially-delivered .. returned;
 * cancelled = pre-cancel or cancelled.
 */
export const tourReservationStatusFilters = [
  'all',
  'live',
  'open',
  'pending',
  'confirmed',
  'in_progress',
  'closed',
  'cancelled',
] as const;
export type TourReservationStatusFilter = (typeof tourReservationStatusFilters)[number];

export const tourReservationSortFields = ['created_at', 'starts_at', 'number', 'customer', 'total'] as const;

/** GET /api/nine/tours/reservations: the reservations of the request's location. */
export const tourReservationListQuery = pageQuery({
  sort: { fields: tourReservationSortFields, default: 'created_at', dir: 'desc' },
}).extend({
  /** Order number, customer name, phone or e-mail. */
  search: z.string().trim().max(100).optional(),
  event_id: intId.optional(),
  definition_id: intId.optional(),
  /** The event's day, from and to (inclusive), in the location's time zone. */
  from: isoDay.optional(),
  to: isoDay.optional(),
  status: z.enum(tourReservationStatusFilters).default('all'),
  /** due: balance above zero; paid: nothing left to pay. */
  balance: z.enum(['due', 'paid']).optional(),
  /** complete: every seat has a named participant with a waiver; incomplete: anything short of that. */
  signed: z.enum(['complete', 'incomplete']).optional(),
});
export type TourReservationListQuery = z.input<typeof tourReservationListQuery>;

export const tourReservationSeatCount = z.object({
  age_group_id: z.number(),
  name: z.string(),
  quantity: z.number(),
});
export type TourReservationSeatCount = z.infer<typeof tourReservationSeatCount>;

const reservationCustomer = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});

export const tourReservationRow = z.object({
  order_id: z.number(),
  number: z.number(),
  /** The order's status (order machine). */
  status: z.string(),
  customer: reservationCustomer.nullable(),
  event: z.object({
    id: z.number(),
    starts_at: z.string(),
    ends_at: z.string(),
    status: z.enum(tourEventStatuses),
    definition_id: z.number(),
    definition_name: z.string(),
    group_color: z.string().nullable(),
  }),
  /** Live seats of the reservation. */
  seats: z.number(),
  seats_by_age_group: z.array(tourReservationSeatCount),
  participants: z.number(),
  /** Participants with a waiver. */
  signed: z.number(),
  checked_in: z.number(),
  total_minor: z.number(),
  paid_minor: z.number(),
  balance_minor: z.number(),
  is_private: z.boolean(),
  created_at: z.string(),
});
export type TourReservationRow = z.infer<typeof tourReservationRow>;

/** One row of the event's participant sheet, and what a check-in answers. */
export const tourManifestRow = z.object({
  participant_id: z.number(),
  order_id: z.number(),
  order_number: z.number(),
  customer_name: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  age_group_id: z.number().nullable(),
  age_group_name: z.string().nullable(),
  is_organiser: z.boolean(),
  birth_date: z.string().nullable(),
  phone: z.string().nullable(),
  signed: z.boolean(),
  /** The participant's latest waiver. */
  waiver_id: z.number().nullable(),
  checked_in_at: z.string().nullable(),
  checkin_code: z.string(),
  emergency_name: z.string().nullable(),
  emergency_phone: z.string().nullable(),
  /** The answers to the tour's questions, "label: answer" joined by "; " (null when none). */
  answers_summary: z.string().nullable(),
});
export type TourManifestRow = z.infer<typeof tourManifestRow>;

/** Seats of a reservation that no participant names yet, by age group: blank lines of the sheet. */
export const tourManifestUnnamed = z.object({
  order_id: z.number(),
  order_number: z.number(),
  customer_name: z.string().nullable(),
  age_group_id: z.number(),
  age_group_name: z.string(),
  seats: z.number(),
});
export type TourManifestUnnamed = z.infer<typeof tourManifestUnnamed>;

const meetingPoint = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string().nullable(),
  instructions: z.string().nullable(),
});

/** GET /api/nine/tours/events/:id/manifest: everyone on the event's live reservations. */
export const tourManifest = z.object({
  event: z.object({
    id: z.number(),
    definition_id: z.number(),
    definition_name: z.string(),
    definition_code: z.string(),
    group_color: z.string().nullable(),
    starts_at: z.string(),
    ends_at: z.string(),
    status: z.enum(tourEventStatuses),
    capacity: z.number(),
    seats_taken: z.number(),
    meeting_point: meetingPoint.nullable(),
    leader_names: z.array(z.string()),
    time_zone: z.string(),
  }),
  participants: z.array(tourManifestRow),
  unnamed: z.array(tourManifestUnnamed),
  totals: z.object({
    seats: z.number(),
    named: z.number(),
    signed: z.number(),
    checked_in: z.number(),
  }),
});
export type TourManifest = z.infer<typeof tourManifest>;

/** The reservation's share link (participants fill in and sign through it). */
export const tourShareLinkState = z.object({
  /** Null once created when the server cannot show it again (no secret box configured): rotate for a new one. */
  url: z.string().nullable(),
  expires_at: z.string(),
  revoked: z.boolean(),
});
export type TourShareLinkState = z.infer<typeof tourShareLinkState>;

/** POST /api/nine/tours/reservations/:id/share-link: a new link (any earlier one stops working). */
export const tourShareLink = z.object({ url: z.string(), expires_at: z.string() });
export type TourShareLink = z.infer<typeof tourShareLink>;

export const tourReservationParticipant = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  age_group_id: z.number().nullable(),
  is_organiser: z.boolean(),
  birth_date: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  signed: z
    .object({
      waiver_id: z.number(),
      signed_at: z.string(),
      signer_name: z.string(),
      signer_role: z.enum(['self', 'guardian', 'staff_witness']),
    })
    .nullable(),
  checked_in_at: z.string().nullable(),
  checkin_code: z.string(),
});
export type TourReservationParticipant = z.infer<typeof tourReservationParticipant>;

export const tourReservationTour = z.object({
  event: z.object({
    id: z.number(),
    starts_at: z.string(),
    ends_at: z.string(),
    status: z.enum(tourEventStatuses),
    definition: z.object({ id: z.number(), name: z.string(), code: z.string() }),
    meeting_point: meetingPoint.nullable(),
    capacity: z.number(),
    seats_taken: z.number(),
    time_zone: z.string(),
  }),
  /** Live seat lines by age group, at the price booked. */
  seats: z.array(
    z.object({
      age_group_id: z.number(),
      name: z.string(),
      quantity: z.number(),
      unit_price_minor: z.number(),
      guardian_required: z.boolean(),
    }),
  ),
  /** Live equipment lines (included in the tour price). */
  equipment: z.array(
    z.object({
      product_id: z.number(),
      product_name: z.string(),
      sku: z.string(),
      item_sku: z.string().nullable(),
      quantity: z.number(),
    }),
  ),
  participants: z.array(tourReservationParticipant),
  share_link: tourShareLinkState.nullable(),
  is_private: z.boolean(),
});
export type TourReservationTour = z.infer<typeof tourReservationTour>;

/** GET /api/nine/tours/reservations/:id (and the create's answer): the order view plus its tour block. */
export const tourReservationDetail = orderDetail.extend({ tour: tourReservationTour });
export type TourReservationDetail = z.infer<typeof tourReservationDetail>;

/** POST /api/nine/tours/events/:id/check-in: a scanned QR code (a participant's check-in code). */
export const tourCheckinByCode = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{10,16}$/, 'invalid_code'),
});
export type TourCheckinByCode = z.input<typeof tourCheckinByCode>;

/** POST /api/nine/tours/participants/:id/check-in: check in, or undo one (`undo: true`). */
export const tourCheckin = z.object({ undo: z.boolean().default(false) });
export type TourCheckin = z.input<typeof tourCheckin>;
