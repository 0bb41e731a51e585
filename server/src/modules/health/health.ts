import type { FastifyInstance } from 'fastify';
import type { HealthResponse } from '@nine/shared/schemas/auth';
import type { Db } from '../../db/pool.ts';
import { exec } from '../../db/sql.ts';

export function registerHealth(app: FastifyInstance, deps: { db: Db; version: string }): void {
  app.get('/api/health', { config: { access: 'public' } }, async (_request, reply) => {
    let database: HealthResponse['database'] = 'up';
    try {
      await exec(deps.db.pool, 'SELECT 1');
    } catch {
      database = 'down';
    }
    const data: HealthResponse = {
      status: database === 'up' ? 'ok' : 'degraded',
      database,
      version: deps.version,
    };
    return reply.code(database === 'up' ? 200 : 503).send({ data });
  });
}
