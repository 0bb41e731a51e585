import type pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import { tourCheckin, tourCheckinByCode } from '@nine/shared/schemas/tours/reservations';
import { exec, maybeOne } from '../../db/sql.ts';
import type { Actor } from '../../lib/actor.ts';
import { actorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { bigIdParams } from '../../lib/id-param.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { EVENT_READ, type TourEventService } from './event-service.ts';
import { inScope, manifestRow } from './reservation-queries.ts';
import type { TourDeps } from './register-tours.ts';

interface LockedParticipant {
  id: number;
  checked_in_at: Date | null;
  starts_at: Date;
  opens: number;
  closes: number;
}

// The participant of a live reservation at the location (its event's times and the check-in window), locked.
const LOCK_SQL = `SELECT tp.id, tp.checked_in_at, e.starts_at,
    coalesce(s.checkin_opens_minutes, 60) AS opens, coalesce(s.checkin_closes_minutes, 15) AS closes
  FROM tour_participants tp JOIN orders o ON o.id = tp.order_id
  JOIN tour_reservations r ON r.order_id = o.id JOIN tour_events e ON e.id = r.event_id
  LEFT JOIN tour_settings s ON s.location_id = o.location_id
  WHERE o.location_id = $1 AND o.status NOT IN ('cancelled', 'pre-cancel') AND e.status <> 'cancelled'
    AND ${inScope('$2')}`;

/**
 * Checks a participant in (or undoes it). Check-in is open from checkin_opens_minutes before the start until
 * checkin_closes_minutes before it (negative: after it), tour settings; outside: 1773. Twice: 1774. An undo
 * is allowed at any time (a mistaken scan).
 */
async function checkIn(
  client: pg.PoolClient,
  actor: Actor,
  p: LockedParticipant,
  undo: boolean,
  now: Date,
): Promise<void> {
  if (undo) {
    if (p.checked_in_at === null) return;
    await exec(
      client,
      `UPDATE tour_participants SET checked_in_at = NULL, checked_in_by = NULL, version = version + 1, updated_at = $2
       WHERE id = $1`,
      [p.id, now],
    );
    await audit(client, actor, { entity: 'tour_participant', entityId: p.id, action: 'checkin_undone' });
    return;
  }
  const start = p.starts_at.getTime();
  if (now.getTime() < start - p.opens * 60_000 || now.getTime() > start - p.closes * 60_000)
    throw new AppError('checkinClosed');
  if (p.checked_in_at !== null) throw new AppError('alreadyCheckedIn');
  await exec(
    client,
    `UPDATE tour_participants SET checked_in_at = $2, checked_in_by = $3, version = version + 1, updated_at = $2
     WHERE id = $1`,
    [p.id, now, actor.userId],
  );
  await audit(client, actor, { entity: 'tour_participant', entityId: p.id, action: 'checked_in' });
}

/**
 * Check-in at the meeting point: a scanned QR code for the event, or a participant picked from the manifest. A
 * guide (tour view) checks in on the departures they lead (the events' scope); tour change on every one.
 */
export function registerCheckinRoutes(app: FastifyInstance, deps: TourDeps, events: TourEventService): void {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  app.post('/api/nine/tours/events/:id/check-in', { config: { access: EVENT_READ } }, async (request) => {
    const { id } = parse(bigIdParams, request.params);
    const { code } = parse(tourCheckinByCode, request.body);
    const actor = actorOf(request);
    const scope = await events.scopeOf(db.pool, actor);
    const data = await transaction(db, async (client) => {
      // A code of another event or location, or of a cancelled booking, is not found here.
      const p = await maybeOne<LockedParticipant>(
        client,
        `${LOCK_SQL} AND tp.checkin_code = $3 AND r.event_id = $4 FOR UPDATE OF tp`,
        [actor.locationId, scope, code, id],
      );
      if (!p) throw new AppError('notFound');
      await checkIn(client, actor, p, false, now());
      return manifestRow(client, p.id);
    });
    return { data };
  });

  app.post(
    '/api/nine/tours/participants/:id/check-in',
    { config: { access: EVENT_READ } },
    async (request) => {
      const { id } = parse(bigIdParams, request.params);
      const { undo } = parse(tourCheckin, request.body ?? {});
      const actor = actorOf(request);
      const scope = await events.scopeOf(db.pool, actor);
      const data = await transaction(db, async (client) => {
        const p = await maybeOne<LockedParticipant>(client, `${LOCK_SQL} AND tp.id = $3 FOR UPDATE OF tp`, [
          actor.locationId,
          scope,
          id,
        ]);
        if (!p) throw new AppError('notFound');
        await checkIn(client, actor, p, undo, now());
        return manifestRow(client, p.id);
      });
      return { data };
    },
  );
}
