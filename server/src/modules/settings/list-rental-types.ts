import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/pool.ts';
import { rows } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';

/** GET /api/nine/rental-types: the business's rental types (Rentals, Tours…), each with settings of its own. */
export function registerListRentalTypes(app: FastifyInstance, deps: { db: Db }): void {
  app.get('/api/nine/rental-types', { config: { access: 'location' } }, async () => {
    const types = await rows<Pick<Tables['rental_types'], 'id' | 'name'>>(
      deps.db.pool,
      'SELECT id, name FROM rental_types ORDER BY id',
    );
    return { data: types };
  });
}
