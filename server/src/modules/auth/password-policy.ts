import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/pool.ts';
import { loadAccessPolicy } from './access-policy.ts';

/** The password rules, for the screens that set a password before anyone is signed in. */
export function registerPasswordPolicy(app: FastifyInstance, deps: { db: Db }): void {
  app.get('/api/nine/user/password-policy', { config: { access: 'public' } }, async () => {
    const policy = await loadAccessPolicy(deps.db);
    return { data: policy.password };
  });
}
