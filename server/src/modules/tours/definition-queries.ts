import { AppError } from '@nine/shared/errors';
import type { TourDefinitionDetail } from '@nine/shared/schemas/tours/definitions';
import { maybeOne, one, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';

/** Gallery files are served here by name (random hex, webp); the columns hold the names only. */
export const TOUR_IMAGE_PATH = '/api/nine/tour-images/';
export const TOUR_IMAGE_FILE = /^[0-9a-f]{32}(-t)?\.webp$/;

export const TOUR_VIEW = { resource: 'tour', action: 'view' } as const;
export const TOUR_MANAGE = { resource: 'tour', action: 'manage' } as const;

/** A tour group as a list row or the detail shows it (null without a group). */
export const GROUP_JSON = `CASE WHEN g.id IS NULL THEN NULL
  ELSE json_build_object('id', g.id, 'name', g.name::text, 'color', g.color) END`;

// Prices, season prices and equipment of an age group deactivated since are left out of the detail: no booking
// meets that group, so the editor does not show them, publishing does not re-check them, and the step's next
// save (which replaces its rows) drops them. Reactivating the group brings them back until then.
const DETAIL_SQL = `
SELECT d.id, d.location_id, d.code::text AS code, d.name, d.group_id, ${GROUP_JSON} AS "group",
  d.status, d.steps_done, d.version, d.duration_minutes, d.capacity, d.min_participants, d.participants_per_leader,
  d.min_leaders, d.languages,
  coalesce((SELECT json_agg(json_build_object('age_group_id', p.age_group_id, 'price_minor', p.price_minor)
      ORDER BY a.sort_order, a.id)
    FROM tour_definition_prices p JOIN tour_age_groups a ON a.id = p.age_group_id
    WHERE p.definition_id = d.id AND a.active), '[]') AS prices,
  d.private_price_minor, d.taxable,
  coalesce((SELECT json_agg(json_build_object('id', s.id, 'name', s.name, 'first_day', lower(s.days)::text,
      'last_day', (upper(s.days) - 1)::text,
      'prices', coalesce((SELECT json_agg(json_build_object('age_group_id', sp.age_group_id, 'price_minor', sp.price_minor)
          ORDER BY a.sort_order, a.id)
        FROM tour_definition_season_prices sp JOIN tour_age_groups a ON a.id = sp.age_group_id
        WHERE sp.season_id = s.id AND a.active), '[]')) ORDER BY lower(s.days))
    FROM tour_definition_seasons s WHERE s.definition_id = d.id), '[]') AS seasons,
  coalesce((SELECT json_agg(json_build_object('hours_before', t.hours_before, 'fee_bp', t.fee_bp) ORDER BY t.hours_before DESC)
    FROM tour_definition_cancellation_tiers t WHERE t.definition_id = d.id), '[]') AS tiers,
  d.no_show_fee_bp,
  coalesce((SELECT json_agg(json_build_object('id', i.id, 'url', '${TOUR_IMAGE_PATH}' || i.stored_name,
      'thumb_url', '${TOUR_IMAGE_PATH}' || i.thumb_name, 'width', i.width, 'height', i.height, 'size_bytes', i.size_bytes,
      'alt', i.alt, 'position', i.position, 'is_cover', i.is_cover) ORDER BY i.position)
    FROM tour_definition_images i WHERE i.definition_id = d.id), '[]') AS images,
  d.meeting_point_id, d.site_id,
  coalesce((SELECT json_agg(json_build_object('id', it.id, 'product_id', it.product_id, 'product_name', pr.name,
      'sku', pr.sku, 'per', it.per, 'age_group_id', it.age_group_id, 'units', it.units, 'per_count', it.per_count)
      ORDER BY it.id)
    FROM tour_definition_items it JOIN products pr ON pr.id = it.product_id
      LEFT JOIN tour_age_groups a ON a.id = it.age_group_id
    WHERE it.definition_id = d.id AND (it.age_group_id IS NULL OR a.active)), '[]') AS items,
  d.description, d.description_html, d.what_to_bring, d.terms_id, d.waiver_id,
  coalesce((SELECT json_agg(json_build_object('id', q.id, 'label', q.label, 'kind', q.kind, 'options', q.options,
      'required', q.required) ORDER BY q.position)
    FROM tour_definition_questions q WHERE q.definition_id = d.id), '[]') AS questions,
  d.created_at, d.updated_at
FROM tour_definitions d LEFT JOIN tour_groups g ON g.id = d.group_id
WHERE d.id = $1 AND d.location_id = $2`;

/** The detail as read (timestamps become ISO strings on the wire). */
export type DefinitionDetailRow = Omit<TourDefinitionDetail, 'created_at' | 'updated_at'> & {
  created_at: Date;
  updated_at: Date;
};

/** A definition of the location with every step's data; another location's answers 404. */
export async function getDefinition(
  q: Queryable,
  id: number,
  locationId: number,
): Promise<DefinitionDetailRow> {
  const found = await maybeOne<DefinitionDetailRow>(q, DETAIL_SQL, [id, locationId]);
  if (!found) throw new AppError('notFound');
  return found;
}

export type LockedDefinition = Pick<
  Tables['tour_definitions'],
  'id' | 'location_id' | 'code' | 'status' | 'steps_done' | 'version'
>;

/**
 * Locks the definition for a write (every write to it or its child rows goes through here first, so two
 * writes run one after the other) and refuses a stale version with the current one.
 */
export async function lockDefinition(
  client: Queryable,
  id: number,
  locationId: number,
  version?: number,
): Promise<LockedDefinition> {
  const found = await maybeOne<LockedDefinition>(
    client,
    `SELECT id, location_id, code::text AS code, status, steps_done, version
     FROM tour_definitions WHERE id = $1 AND location_id = $2 FOR UPDATE`,
    [id, locationId],
  );
  if (!found) throw new AppError('notFound');
  if (version !== undefined && found.version !== version) {
    throw new AppError('versionConflict', { data: { version: found.version } });
  }
  return found;
}

/** Raises the version after a write to the definition or its child rows; answers the new one. */
export async function bumpDefinition(
  client: Queryable,
  id: number,
  extra = '',
  params: unknown[] = [],
): Promise<number> {
  const row = await one<{ version: number }>(
    client,
    `UPDATE tour_definitions SET version = version + 1, updated_at = now()${extra} WHERE id = $1 RETURNING version`,
    [id, ...params],
  );
  return row.version;
}

/** The gallery size limit of a location: its tour settings, else the default 5 MB. */
export async function galleryMaxBytes(q: Queryable, locationId: number): Promise<number> {
  const row = await maybeOne<Pick<Tables['tour_settings'], 'gallery_max_bytes'>>(
    q,
    'SELECT gallery_max_bytes FROM tour_settings WHERE location_id = $1',
    [locationId],
  );
  return row?.gallery_max_bytes ?? 5 * 1024 * 1024;
}
