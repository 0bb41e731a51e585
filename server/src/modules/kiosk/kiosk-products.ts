import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import { kioskProductsUpdate, type KioskProduct } from '@nine/shared/schemas/kiosk';
import type { Db } from '../../db/pool.ts';
import { exec, rows, type Queryable } from '../../db/sql.ts';
import { actorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { bumpSettingsRevision } from '../../lib/settings-save.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';

/**
 * The location's kiosk list in its order. Bulk rent products only: a kiosk order asks for a quantity, and a
 * serialized product needs its item picked at the counter. Products no longer rentable drop out.
 */
export async function kioskProducts(q: Queryable, locationId: number): Promise<KioskProduct[]> {
  return rows<KioskProduct>(
    q,
    `SELECT p.id AS product_id, p.name, p.option, p.price_minor::int AS price_minor,
            p.deposit_minor::int AS deposit_minor, k.sort
     FROM kiosk_products k JOIN products p ON p.id = k.product_id
     WHERE k.location_id = $1 AND p.active AND p.kind = 'rent' AND NOT p.is_serialized
     ORDER BY k.sort, p.id`,
    [locationId],
  );
}

/**
 * GET the products the request's location rents on its kiosks (every signed-in device there reads it: the
 * kiosk runs under a clerk's session); PUT replaces the list, a location setting: the revision is raised
 * first, the old and new lists audited.
 */
export function registerKioskProducts(app: FastifyInstance, deps: { db: Db }): void {
  app.get('/api/nine/kiosk/products', { config: { access: 'location' } }, async (request) => {
    return { data: { products: await kioskProducts(deps.db.pool, actorOf(request).locationId) } };
  });

  app.put(
    '/api/nine/kiosk/products',
    { config: { access: { resource: 'location_setting', action: 'change' } } },
    async (request) => {
      const input = parse(kioskProductsUpdate, request.body);
      const actor = actorOf(request);
      const products = await transaction(deps.db, async (client) => {
        await bumpSettingsRevision(client);
        // One kiosk list edit at a time per location: the list compared and audited is the one replaced.
        await exec(client, 'SELECT pg_advisory_xact_lock(hashtext($1))', [
          `kiosk_products:${actor.locationId}`,
        ]);
        const shown = (await kioskProducts(client, actor.locationId)).map((row) => row.product_id);
        if (JSON.stringify(shown) !== JSON.stringify(input.shown_product_ids))
          throw new AppError('versionConflict', { data: { product_ids: shown } });
        const rentable = await rows<{ id: number }>(
          client,
          `SELECT id FROM products WHERE id = ANY ($1::int[]) AND active AND kind = 'rent' AND NOT is_serialized`,
          [input.product_ids],
        );
        const known = new Set(rentable.map((row) => row.id));
        const refused = input.product_ids.filter((id) => !known.has(id));
        if (refused.length > 0)
          throw new AppError('kioskProductNotRentable', { data: { product_ids: refused } });
        const old = await rows<{ product_id: number }>(
          client,
          'SELECT product_id FROM kiosk_products WHERE location_id = $1 ORDER BY sort, product_id',
          [actor.locationId],
        );
        await exec(client, 'DELETE FROM kiosk_products WHERE location_id = $1', [actor.locationId]);
        await exec(
          client,
          `INSERT INTO kiosk_products (location_id, product_id, sort)
           SELECT $1, id, ord - 1 FROM unnest($2::int[]) WITH ORDINALITY AS u(id, ord)`,
          [actor.locationId, input.product_ids],
        );
        const before = old.map((row) => row.product_id);
        if (JSON.stringify(before) !== JSON.stringify(input.product_ids))
          await audit(client, actor, {
            entity: 'settings',
            entityId: `kiosk_products:${actor.locationId}`,
            action: 'updated',
            data: { old: { product_ids: before }, new: { product_ids: input.product_ids } },
          });
        return kioskProducts(client, actor.locationId);
      });
      return { data: { products } };
    },
  );
}
