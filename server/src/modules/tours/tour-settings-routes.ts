import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import type { Requirement } from '@nine/shared/permissions';
import {
  galleryBytesOf,
  galleryMbOf,
  tourSettingsUpdate,
  type TourSettings,
} from '@nine/shared/schemas/tours/settings';
import type { Db } from '../../db/pool.ts';
import { maybeOne, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { actorOf } from '../../lib/actor.ts';
import { saveSettings } from '../../lib/settings-save.ts';
import { PARTICIPANT_REQUIRED_FIELDS } from '@nine/shared/schemas/tours/participants';
import { DEFAULT_REQUIRED_FIELDS, termsInForce } from './participant-service.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { locationsGranting, permissionsEverywhere } from '../staff/staff-scope.ts';

export const TOUR_VIEW: Requirement = { resource: 'tour', action: 'view' };
export const TOUR_CHANGE: Requirement = { resource: 'tour', action: 'change' };
export const TOUR_MANAGE: Requirement = { resource: 'tour', action: 'manage' };

type SettingsRow = Omit<Tables['tour_settings'], 'updated_at'>;

/** The column defaults of migration 0041: what a location that never saved its tour settings has. */
export const TOUR_SETTINGS_DEFAULTS: Omit<SettingsRow, 'location_id' | 'version'> = {
  booking_cutoff_minutes: 60,
  default_capacity: 12,
  default_min_participants: 1,
  below_minimum_action: 'notify',
  below_minimum_hours: 24,
  checkin_opens_minutes: 60,
  checkin_closes_minutes: 15,
  gallery_max_bytes: 5_242_880,
  participant_required_fields: DEFAULT_REQUIRED_FIELDS,
  rent_terms_id: null,
};

/** Tour manage at every location: what a business-wide write (groups, age groups, terms) asks for. */
async function managesEverywhere(q: Queryable, userId: number): Promise<boolean> {
  const byLocation = await permissionsEverywhere(q, userId);
  return byLocation.size > 0 && locationsGranting(byLocation, TOUR_MANAGE).size === byLocation.size;
}

async function settingsOf(q: Queryable, locationId: number, userId: number): Promise<TourSettings> {
  const found = await maybeOne<{ time_zone: string; settings: SettingsRow | null }>(
    q,
    `SELECT l.time_zone, to_jsonb(s) - 'updated_at' AS settings
     FROM locations l LEFT JOIN tour_settings s ON s.location_id = l.id WHERE l.id = $1`,
    [locationId],
  );
  if (!found) throw new AppError('notFound');
  const row = found.settings ?? { ...TOUR_SETTINGS_DEFAULTS, location_id: locationId, version: 1 };
  return {
    ...row,
    below_minimum_action: row.below_minimum_action as TourSettings['below_minimum_action'],
    participant_required_fields: PARTICIPANT_REQUIRED_FIELDS.filter((f) =>
      row.participant_required_fields.includes(f),
    ),
    time_zone: found.time_zone,
    gallery_max_mb: galleryMbOf(row.gallery_max_bytes),
    business_wide_editable: await managesEverywhere(q, userId),
  };
}

/**
 * The tour settings of the request's location (docs/design/tours.md S1): booking cut-off, default capacity
 * and minimum, what happens below the minimum, the check-in window and the gallery size limit. No row means
 * the defaults, answered as version 1 and created on the first save (lib/settings-save.ts).
 */
export function registerTourSettingsRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;

  app.get('/api/nine/tours/settings', { config: { access: TOUR_VIEW } }, async (request) => {
    const { locationId, userId } = actorOf(request);
    return { data: await settingsOf(db.pool, locationId, userId) };
  });

  app.put('/api/nine/tours/settings', { config: { access: TOUR_MANAGE } }, async (request) => {
    const { version, gallery_max_mb, ...values } = parse(tourSettingsUpdate, request.body);
    const actor = actorOf(request);
    const data = await transaction(db, async (client) => {
      // Rent orders' riders sign these through easy-sign: a document with a published version.
      if (values.rent_terms_id != null && !(await termsInForce(client, values.rent_terms_id)))
        throw new AppError('termsNotPublished');
      await saveSettings(client, actor, {
        table: 'tour_settings',
        key: { location_id: actor.locationId },
        version,
        createMissing: true,
        changes: { ...values, gallery_max_bytes: galleryBytesOf(gallery_max_mb) },
      });
      return settingsOf(client, actor.locationId, actor.userId);
    });
    return { data };
  });
}
