import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/pool.ts';
import { exec, maybeOne } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { parse } from '../../lib/validate.ts';
import { sessionOf } from '../../lib/actor.ts';

const keyParams = z.object({ key: z.string().regex(/^[a-z0-9_.-]{1,64}$/) });
/** A setting is a small JSON document (a list's columns, sorts, page size); 16 KiB is plenty. */
const value = z.unknown().refine((v) => v !== undefined && JSON.stringify(v).length <= 16_384, 'too_large');

/** The caller's own settings: no permission beyond being signed in, and only their own rows. */
export function registerUserSettings(app: FastifyInstance, deps: { db: Db }): void {
  app.get('/api/nine/user/settings/:key', { config: { access: 'session' } }, async (request) => {
    const { key } = parse(keyParams, request.params);
    const setting = await maybeOne<Pick<Tables['user_settings'], 'value'>>(
      deps.db.pool,
      'SELECT value FROM user_settings WHERE user_id = $1 AND key = $2',
      [sessionOf(request).userId, key],
    );
    // Not set yet is a normal answer (the screen uses its defaults), not an error.
    return { data: setting?.value ?? null };
  });

  app.put('/api/nine/user/settings/:key', { config: { access: 'session' } }, async (request) => {
    const { key } = parse(keyParams, request.params);
    const body = parse(z.object({ value }), request.body);
    await exec(
      deps.db.pool,
      `INSERT INTO user_settings (user_id, key, value) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [sessionOf(request).userId, key, JSON.stringify(body.value)],
    );
    return { data: body.value };
  });
}
