import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { AppError } from '@nine/shared/errors';
import {
  tourWaitlistBook,
  tourWaitlistCreate,
  tourWaitlistOffer,
  WAITLIST_OFFER_HOURS,
  type TourWaitlistBooked,
} from '@nine/shared/schemas/tours/reservation-changes';
import { exec, maybeOne, one, rows } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { actorOf, type Actor } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { idempotentRoute } from '../../lib/idempotency.ts';
import { bigIdParams } from '../../lib/id-param.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { EVENT_READ } from './event-service.ts';
import type { TourDeps } from './register-tours.ts';
import { createReservation, customerFor } from './reservation-service.ts';
import { offerFreedSeats, seatsFree, waitlistRow, waitlistRows } from './waitlist-service.ts';
import { TOUR_CHANGE } from './tour-settings-routes.ts';

const HOUR_MS = 3_600_000;

type Entry = Pick<
  Tables['tour_waitlist'],
  'id' | 'event_id' | 'customer_id' | 'status' | 'offer_expires_at' | 'version'
> & { seats: { age_group_id: number; quantity: number }[] };

/** Locks the departure (404 elsewhere); `refresh` expires its lapsed offers and passes their seats on. */
async function lockEvent(client: pg.PoolClient, eventId: number, actor: Actor, now: Date, refresh = true) {
  const event = await maybeOne<
    Pick<Tables['tour_events'], 'id' | 'status' | 'starts_at' | 'capacity' | 'seats_taken'>
  >(
    client,
    `SELECT id, status, starts_at, capacity, seats_taken FROM tour_events WHERE id = $1 AND location_id = $2 FOR UPDATE`,
    [eventId, actor.locationId],
  );
  if (!event) throw new AppError('notFound');
  if (refresh) await offerFreedSeats(client, eventId, now);
  return event;
}

/**
 * Locks an entry's departure, then reads the entry under it (404 at another location). `seen_version` is
 * the version before the lazy refresh: the one the caller was shown, even if the refresh just offered or
 * expired the entry.
 */
async function lockEntry(
  client: pg.PoolClient,
  id: number,
  actor: Actor,
  now: Date,
): Promise<Entry & { seen_version: number }> {
  const found = await maybeOne<{ event_id: number }>(
    client,
    `SELECT w.event_id FROM tour_waitlist w JOIN tour_events e ON e.id = w.event_id WHERE w.id = $1 AND e.location_id = $2`,
    [id, actor.locationId],
  );
  if (!found) throw new AppError('notFound');
  // Every change of an entry holds its event's lock: read under it, the version is the one shown.
  await lockEvent(client, found.event_id, actor, now, false);
  const { version } = await one<{ version: number }>(
    client,
    'SELECT version FROM tour_waitlist WHERE id = $1',
    [id],
  );
  await offerFreedSeats(client, found.event_id, now);
  const entry = await one<Entry>(
    client,
    'SELECT id, event_id, customer_id, status, offer_expires_at, version, seats FROM tour_waitlist WHERE id = $1 FOR UPDATE',
    [id],
  );
  return { ...entry, seen_version: version };
}

function checkVersion(entry: Entry & { seen_version: number }, version: number): void {
  if (entry.seen_version !== version)
    throw new AppError('versionConflict', { data: { version: entry.version } });
}

/**
 * The waiting list of a departure (issue #20): join when full (1782 while the seats are free; once per
 * customer, 1783), leave, a manual offer, and booking an entry through the reservation create (1781 once its
 * offer lapsed; 1207 while the seats are not free).
 */
export function registerWaitlistRoutes(app: FastifyInstance, deps: TourDeps): void {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  app.get('/api/nine/tours/events/:id/waitlist', { config: { access: EVENT_READ } }, async (request) => {
    const { id } = parse(bigIdParams, request.params);
    const actor = actorOf(request);
    const data = await transaction(db, async (client) => {
      const at = now();
      await lockEvent(client, id, actor, at);
      return {
        rows: await waitlistRows(client, id),
        seats_free: Math.max(0, await seatsFree(client, id, at)),
      };
    });
    return { data };
  });

  // Idempotent: a retried join (a lost answer) replays the entry instead of answering 1783.
  idempotentRoute(
    app,
    db,
    {
      url: '/api/nine/tours/events/:id/waitlist',
      access: TOUR_CHANGE,
      params: bigIdParams,
      body: tourWaitlistCreate,
    },
    async (client, actor, input, { id }) => {
      const at = now();
      const event = await lockEvent(client, id, actor, at);
      if (!['scheduled', 'confirmed'].includes(event.status) || event.starts_at <= at)
        throw new AppError('eventNotBookable');
      const groups = await rows<{ id: number }>(
        client,
        `SELECT g.id FROM tour_age_groups g WHERE g.id = ANY($1::int[]) AND g.active`,
        [input.seats.map((s) => s.age_group_id)],
      );
      input.seats.forEach((s, index) => {
        if (!groups.some((g) => g.id === s.age_group_id))
          throw new AppError('validation', {
            data: { issues: [{ path: `seats.${index}.age_group_id`, code: 'not_found' }] },
          });
      });
      const asked = input.seats.reduce((sum, s) => sum + s.quantity, 0);
      const free = await seatsFree(client, id, at);
      if (asked <= free) throw new AppError('waitlistNotNeeded', { data: { seats_free: free } });
      const customerId = await customerFor(client, deps.auth, actor, input);
      const already = await maybeOne<{ id: number }>(
        client,
        `SELECT id FROM tour_waitlist WHERE event_id = $1 AND customer_id = $2 AND status IN ('waiting', 'offered')`,
        [id, customerId],
      );
      if (already) throw new AppError('alreadyOnWaitlist', { data: { id: already.id } });
      const { id: entryId } = await one<{ id: number }>(
        client,
        `INSERT INTO tour_waitlist (event_id, customer_id, seats, note, created_by, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [id, customerId, JSON.stringify(input.seats), input.note || null, actor.userId, at],
      );
      await audit(client, actor, {
        entity: 'tour_waitlist',
        entityId: entryId,
        action: 'created',
        data: { event_id: id, customer_id: customerId, seats: input.seats },
      });
      return waitlistRow(client, entryId);
    },
  );

  app.delete('/api/nine/tours/waitlist/:id', { config: { access: TOUR_CHANGE } }, async (request) => {
    const { id } = parse(bigIdParams, request.params);
    const actor = actorOf(request);
    const data = await transaction(db, async (client) => {
      const at = now();
      const entry = await lockEntry(client, id, actor, at);
      if (entry.status !== 'waiting' && entry.status !== 'offered')
        throw new AppError('conflict', { data: { reason: entry.status } });
      await exec(client, `UPDATE tour_waitlist SET status = 'removed', version = version + 1 WHERE id = $1`, [
        id,
      ]);
      await audit(client, actor, { entity: 'tour_waitlist', entityId: id, action: 'removed', data: {} });
      // A declined offer passes on to the next in line.
      if (entry.status === 'offered') await offerFreedSeats(client, entry.event_id, at);
      return waitlistRow(client, id);
    });
    return { data };
  });

  app.post('/api/nine/tours/waitlist/:id/offer', { config: { access: TOUR_CHANGE } }, async (request) => {
    const { id } = parse(bigIdParams, request.params);
    const input = parse(tourWaitlistOffer, request.body);
    const actor = actorOf(request);
    const data = await transaction(db, async (client) => {
      const at = now();
      const entry = await lockEntry(client, id, actor, at);
      checkVersion(entry, input.version);
      // Staff may offer to any live or lapsed entry (a phone call found seats); the seat check is at booking.
      if (!['waiting', 'offered', 'expired'].includes(entry.status))
        throw new AppError('conflict', { data: { reason: entry.status } });
      const hours = input.hours ?? WAITLIST_OFFER_HOURS;
      await exec(
        client,
        `UPDATE tour_waitlist SET status = 'offered', offered_at = $2, offer_expires_at = $3, version = version + 1
         WHERE id = $1`,
        [id, at, new Date(at.getTime() + hours * HOUR_MS)],
      );
      await audit(client, actor, {
        entity: 'tour_waitlist',
        entityId: id,
        action: 'offered',
        data: { hours },
      });
      return waitlistRow(client, id);
    });
    return { data };
  });

  idempotentRoute(
    app,
    db,
    {
      url: '/api/nine/tours/waitlist/:id/book',
      access: TOUR_CHANGE,
      params: bigIdParams,
      body: tourWaitlistBook,
    },
    async (client, actor, input, { id }): Promise<TourWaitlistBooked> => {
      const at = now();
      const entry = await lockEntry(client, id, actor, at);
      // lockEntry expired a lapsed offer already (the entry was read after it): the expiry is the answer.
      if (entry.status === 'expired')
        throw new AppError('waitlistOfferExpired', {
          data: { expired_at: entry.offer_expires_at?.toISOString() ?? null },
        });
      checkVersion(entry, input.version);
      if (entry.status !== 'waiting' && entry.status !== 'offered')
        throw new AppError('conflict', { data: { reason: entry.status } });
      // The seats other live offers hold stay theirs; this entry's own offer counts as free for it (1207
      // naming the tour otherwise).
      const orderId = await createReservation(
        client,
        actor,
        {
          event_id: entry.event_id,
          seats: entry.seats,
          customer_id: entry.customer_id,
          private: false,
          source: 'back_end',
        },
        { orders: deps.orders, auth: deps.auth, now },
        { waitlistEntryId: entry.id },
      );
      await exec(
        client,
        `UPDATE tour_waitlist SET status = 'booked', order_id = $2, version = version + 1 WHERE id = $1`,
        [id, orderId],
      );
      await audit(client, actor, {
        entity: 'tour_waitlist',
        entityId: id,
        action: 'booked',
        data: { order_id: orderId },
      });
      return { entry: await waitlistRow(client, id), order_id: orderId };
    },
  );
}
