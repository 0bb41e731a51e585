import type { FastifyInstance } from 'fastify';
import type { LandingDeparture, PublicLanding } from '@nine/shared/schemas/tours/public';
import { one, rows } from '../../db/sql.ts';
import { logoUrlSql } from '../settings/business-logo-routes.ts';
import { TOUR_IMAGE_PATH } from '../tours/definition-queries.ts';
import { ipOf } from './participant-routes.ts';
import type { PublicDeps } from './register-public.ts';

/** Hits per minute per address, in a bucket of its own (a shop's kiosk and tablets share one address). */
const PER_IP = 300;
/** How far ahead the landing page lists departures, and how many at most. */
const DAYS_AHEAD = 14;
const MAX_DEPARTURES = 100;

/**
 * The public landing page (issue #20): the business's name, logo and contact, and the next two weeks'
 * departures that still take bookings (active tours, scheduled or confirmed, not private, seats left, before the
 * booking cut-off of the location's tour settings, 60 minutes by default, as reservation-service). With tours
 * switched off (business_info.tour_is_enabled) it lists none.
 */
export function registerLandingRoutes(app: FastifyInstance, deps: PublicDeps): void {
  const { db, rateLimit, now } = deps;

  app.get('/api/nine/public/landing', { config: { access: 'public' } }, async (request) => {
    await rateLimit.hit([{ key: `landing:ip:${ipOf(request)}`, limit: PER_IP }]);
    const business = await one<PublicLanding['business'] & { tours_enabled: boolean }>(
      db.pool,
      `SELECT site_title, ${logoUrlSql('site_logo')} AS logo_url, address, email, tel AS phone, site_url AS website,
              tour_is_enabled AS tours_enabled
       FROM business_info`,
    );
    const { tours_enabled, ...info } = business;
    const at = now();
    const departures = tours_enabled
      ? await rows<LandingDeparture>(
          db.pool,
          `SELECT e.id AS event_id, d.id AS definition_id, d.name, to_json(e.starts_at) #>> '{}' AS starts_at,
                  to_json(e.ends_at) #>> '{}' AS ends_at, l.time_zone, e.capacity - e.seats_taken AS seats_left,
                  e.capacity,
                  (SELECT '${TOUR_IMAGE_PATH}' || i.thumb_name FROM tour_definition_images i
                   WHERE i.definition_id = d.id AND i.is_cover LIMIT 1) AS cover_url,
                  mp.name AS meeting_point
           FROM tour_events e
           JOIN tour_definitions d ON d.id = e.definition_id
           JOIN locations l ON l.id = e.location_id
           LEFT JOIN tour_places mp ON mp.id = coalesce(e.meeting_point_id, d.meeting_point_id)
           LEFT JOIN tour_settings s ON s.location_id = e.location_id
           WHERE e.starts_at > $1 AND e.starts_at - make_interval(mins => coalesce(s.booking_cutoff_minutes, 60)) > $1
             AND e.starts_at < $1::timestamptz + make_interval(days => $2)
             AND e.status IN ('scheduled', 'confirmed') AND d.status = 'active' AND e.private_order_id IS NULL
             AND e.seats_taken < e.capacity
           ORDER BY e.starts_at, e.id LIMIT $3`,
          [at, DAYS_AHEAD, MAX_DEPARTURES],
        )
      : [];
    return { data: { business: info, tours_enabled, departures } satisfies PublicLanding };
  });
}
