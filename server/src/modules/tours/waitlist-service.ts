import type pg from 'pg';
import { AppError } from '@nine/shared/errors';
import { WAITLIST_OFFER_HOURS, type TourWaitlistRow } from '@nine/shared/schemas/tours/reservation-changes';
import { exec, maybeOne, one, rows, type Queryable } from '../../db/sql.ts';

// The waiting list of a departure (issue #20). A freed seat is offered to the first entries that fit, in the
// order they joined, for WAITLIST_OFFER_HOURS; an offer not booked by then passes on. Offers expire lazily:
// every read or write of the list (and every cancellation freeing seats) first expires the lapsed ones and
// offers again, under the event's row lock, so no job has to run and two callers never offer the same seats.

const HOUR_MS = 3_600_000;

/** Seats an entry asks for. */
const SEAT_COUNT = `(SELECT coalesce(sum((s->>'quantity')::int), 0) FROM jsonb_array_elements(w.seats) s)`;

/** What decides whether a departure takes a booking now: its status, start, tour and booking cut-off. */
export interface BookableFacts {
  status: string;
  starts_at: Date;
  definition_status: string;
  booking_cutoff_minutes: number;
}

/**
 * The one booking rule of a departure, for a new reservation (reservation-service.ts) and a move onto it:
 * 1771 eventNotBookable unless scheduled or confirmed, not started, of an active tour; 1770 bookingCutoffPassed
 * within the location's cut-off before the start.
 */
export function checkBookable(e: BookableFacts, now: Date): void {
  if (
    !['scheduled', 'confirmed'].includes(e.status) ||
    e.starts_at <= now ||
    e.definition_status !== 'active'
  )
    throw new AppError('eventNotBookable');
  if (e.starts_at.getTime() - e.booking_cutoff_minutes * 60_000 < now.getTime())
    throw new AppError('bookingCutoffPassed');
}

/** A departure's booking facts (checkBookable). */
export async function bookableFacts(q: Queryable, eventId: number): Promise<BookableFacts> {
  return one<BookableFacts>(
    q,
    `SELECT e.status, e.starts_at, d.status AS definition_status, coalesce(s.booking_cutoff_minutes, 60) AS booking_cutoff_minutes
     FROM tour_events e JOIN tour_definitions d ON d.id = e.definition_id
     LEFT JOIN tour_settings s ON s.location_id = e.location_id WHERE e.id = $1`,
    [eventId],
  );
}

/**
 * Seats free for new bookings and offers: capacity less seats taken less the seats held by live offers
 * (other than `except`). The caller holds the event's row lock.
 */
export async function seatsFree(q: Queryable, eventId: number, now: Date, except?: number): Promise<number> {
  const { free } = await one<{ free: number }>(
    q,
    `SELECT (e.capacity - e.seats_taken - coalesce((SELECT sum(${SEAT_COUNT}) FROM tour_waitlist w
               WHERE w.event_id = e.id AND w.status = 'offered' AND w.offer_expires_at > $2 AND w.id <> coalesce($3, 0)), 0))::int AS free
     FROM tour_events e WHERE e.id = $1`,
    [eventId, now, except ?? null],
  );
  return free;
}

/**
 * Expires the lapsed offers, then offers the free seats to the waiting entries in join order while the first
 * of them fits (a large party first in line is not skipped by later small ones). Nothing is offered on a
 * departure that is no longer bookable. The caller holds the event's row lock. Returns the entries offered.
 */
export async function offerFreedSeats(client: pg.PoolClient, eventId: number, now: Date): Promise<number[]> {
  await exec(
    client,
    `UPDATE tour_waitlist SET status = 'expired', version = version + 1
     WHERE event_id = $1 AND status = 'offered' AND offer_expires_at <= $2`,
    [eventId, now],
  );
  const event = await maybeOne<{ bookable: boolean }>(
    client,
    `SELECT status IN ('scheduled', 'confirmed') AND starts_at > $2 AS bookable FROM tour_events WHERE id = $1`,
    [eventId, now],
  );
  if (!event?.bookable) return [];
  let free = await seatsFree(client, eventId, now);
  const waiting = await rows<{ id: number; count: number }>(
    client,
    `SELECT w.id, ${SEAT_COUNT}::int AS count FROM tour_waitlist w
     WHERE w.event_id = $1 AND w.status = 'waiting' ORDER BY w.created_at, w.id`,
    [eventId],
  );
  const offered: number[] = [];
  for (const entry of waiting) {
    if (entry.count > free) break;
    await exec(
      client,
      `UPDATE tour_waitlist SET status = 'offered', offered_at = $2, offer_expires_at = $3, version = version + 1
       WHERE id = $1`,
      [entry.id, now, new Date(now.getTime() + WAITLIST_OFFER_HOURS * HOUR_MS)],
    );
    free -= entry.count;
    offered.push(entry.id);
  }
  return offered;
}

/** The waiting list's rows: live entries (waiting, offered) first in join order, then the others, newest first. */
export const WAITLIST_ROW_SQL = `SELECT w.id, w.event_id, w.customer_id,
    trim(c.first_name || ' ' || c.last_name) AS customer_name, c.email AS customer_email, c.phone AS customer_phone,
    coalesce((SELECT json_agg(json_build_object('age_group_id', (s->>'age_group_id')::int,
                'age_group_name', g.name, 'quantity', (s->>'quantity')::int) ORDER BY ord)
              FROM jsonb_array_elements(w.seats) WITH ORDINALITY AS x(s, ord)
              LEFT JOIN tour_age_groups g ON g.id = (s->>'age_group_id')::int), '[]') AS seats,
    ${SEAT_COUNT}::int AS seat_count, w.status, w.note, w.offered_at, w.offer_expires_at, w.order_id, w.created_at, w.version
  FROM tour_waitlist w JOIN customers c ON c.id = w.customer_id`;

interface WaitlistDbRow extends Omit<TourWaitlistRow, 'offered_at' | 'offer_expires_at' | 'created_at'> {
  offered_at: Date | null;
  offer_expires_at: Date | null;
  created_at: Date;
}

export function waitlistRowOut(row: WaitlistDbRow): TourWaitlistRow {
  return {
    ...row,
    offered_at: row.offered_at?.toISOString() ?? null,
    offer_expires_at: row.offer_expires_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

export async function waitlistRows(q: Queryable, eventId: number): Promise<TourWaitlistRow[]> {
  const found = await rows<WaitlistDbRow>(
    q,
    `${WAITLIST_ROW_SQL} WHERE w.event_id = $1
     ORDER BY (w.status IN ('waiting', 'offered')) DESC,
              CASE WHEN w.status IN ('waiting', 'offered') THEN w.created_at END, w.created_at DESC, w.id`,
    [eventId],
  );
  return found.map(waitlistRowOut);
}

export async function waitlistRow(q: Queryable, id: number): Promise<TourWaitlistRow> {
  return waitlistRowOut(await one<WaitlistDbRow>(q, `${WAITLIST_ROW_SQL} WHERE w.id = $1`, [id]));
}
