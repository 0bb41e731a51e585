import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '@nine/shared/errors';
import { squareSettingsUpdate, type SquareSettings } from '@nine/shared/schemas/square-settings';
import type { Db } from '../../db/pool.ts';
import { maybeOne, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { actorOf } from '../../lib/actor.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import { secretBoxFromEnv, type SecretBox } from '../../lib/secret-box.ts';
import { saveSettings } from '../../lib/settings-save.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import type { AuthService } from '../auth/auth-service.ts';

const VIEW = { resource: 'location_setting', action: 'view' } as const;
const CHANGE = { resource: 'location_setting', action: 'change' } as const;

type Row = Pick<
  Tables['location_square'],
  'environment' | 'application_id' | 'square_location_id' | 'device_id' | 'access_token_last4' | 'version'
>;

/** The columns' defaults (migration 0038): a location that never saved its Square settings. */
const DEFAULTS: Row = {
  environment: 'sandbox',
  application_id: null,
  square_location_id: null,
  device_id: null,
  access_token_last4: null,
  version: 1,
};

/** A location's Square settings as answered: never the token, only whether one is stored and its end. */
export async function squareSettingsOf(client: Queryable, locationId: number): Promise<SquareSettings> {
  const row =
    (await maybeOne<Row>(
      client,
      `SELECT environment, application_id, square_location_id, device_id, access_token_last4, version
       FROM location_square WHERE location_id = $1`,
      [locationId],
    )) ?? DEFAULTS;
  return {
    location_id: locationId,
    environment: row.environment as SquareSettings['environment'],
    application_id: row.application_id,
    square_location_id: row.square_location_id,
    device_id: row.device_id,
    has_access_token: row.access_token_last4 !== null,
    access_token_last4: row.access_token_last4,
    version: row.version,
  };
}

/** Whether the stored sealed token holds this token (false when it cannot be opened: another key). */
function holds(box: SecretBox, sealed: string | null, token: string): boolean {
  if (sealed === null) return false;
  try {
    return box.open(sealed) === token;
  } catch {
    return false;
  }
}

/**
 * GET/PUT /api/nine/square-settings: a location's Square terminal credentials (the request's location
 * unless `location_id` names another where the caller holds the same right). The access token is sealed
 * with the server key (lib/secret-box.ts) and audited as "(changed)"; without NINE_SECRET_KEY in production
 * a token is refused (secretKeyMissing, 1625), the other fields still save.
 */
export function registerSquareSettings(
  app: FastifyInstance,
  deps: { db: Db; auth: AuthService; secretBox?: SecretBox | null },
): void {
  // Read once: a malformed NINE_SECRET_KEY stops the app at start, not at the first save.
  const box = deps.secretBox === undefined ? secretBoxFromEnv() : deps.secretBox;

  app.get('/api/nine/square-settings', { config: { access: VIEW } }, async (request) => {
    const { location_id } = parse(
      z.object({ location_id: z.coerce.number().int().positive().optional() }),
      request.query,
    );
    const actor = actorOf(request);
    const locationId = location_id ?? actor.locationId;
    await assertLocationAccess(deps.auth, actor, locationId, VIEW);
    return { data: await squareSettingsOf(deps.db.pool, locationId) };
  });

  app.put('/api/nine/square-settings', { config: { access: CHANGE } }, async (request) => {
    const { location_id, version, access_token, clear_access_token, ...fields } = parse(
      squareSettingsUpdate,
      request.body,
    );
    const actor = actorOf(request);
    const locationId = location_id ?? actor.locationId;
    const token = access_token === undefined || access_token === '' ? null : access_token;
    if (token !== null && box === null) throw new AppError('secretKeyMissing');
    const data = await transaction(deps.db, async (client) => {
      await assertLocationAccess(deps.auth, actor, locationId, CHANGE, client);
      const changes: Partial<Tables['location_square']> = { ...fields };
      if (clear_access_token) {
        changes.access_token_encrypted = null;
        changes.access_token_last4 = null;
      } else if (token !== null && box !== null) {
        const stored = await maybeOne<Pick<Tables['location_square'], 'access_token_encrypted'>>(
          client,
          'SELECT access_token_encrypted FROM location_square WHERE location_id = $1',
          [locationId],
        );
        // Sealing again gives other text each time: the same token typed again is no change.
        if (!holds(box, stored?.access_token_encrypted ?? null, token)) {
          changes.access_token_encrypted = box.seal(token);
          changes.access_token_last4 = token.slice(-4);
        }
      }
      await saveSettings(client, actor, {
        table: 'location_square',
        key: { location_id: locationId },
        version,
        changes,
        createMissing: true,
        secret: ['access_token_encrypted', 'access_token_last4'],
      });
      return squareSettingsOf(client, locationId);
    });
    return { data };
  });
}
