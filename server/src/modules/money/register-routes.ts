import type { FastifyInstance } from 'fastify';
import { registerClose, registerMovement, registerOpen } from '@nine/shared/schemas/money';
import type { Db } from '../../db/pool.ts';
import { rows } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import type { RegisterService } from './register-service.ts';
import { actorOf } from '../../lib/actor.ts';
import { idParams } from '../../lib/id-param.ts';

const access = { resource: 'financial_transaction', action: 'change' } as const;

/** Cash registers of the location: list with their open session, open, cash in/out, close. */
export function registerRegisterRoutes(
  app: FastifyInstance,
  deps: { db: Db; registers: RegisterService },
): void {
  app.get('/api/nine/cash-registers', { config: { access: 'location' } }, async (request) => {
    const actor = actorOf(request);
    const registers = await rows<Pick<Tables['cash_registers'], 'id'>>(
      deps.db.pool,
      'SELECT id FROM cash_registers WHERE location_id = $1 ORDER BY name',
      [actor.locationId],
    );
    const data = [];
    for (const r of registers) data.push(await deps.registers.register(deps.db.pool, actor, r.id));
    return { data };
  });

  const action = (
    path: string,
    run: (
      client: Parameters<RegisterService['open']>[0],
      actor: { userId: number; locationId: number },
      id: number,
      body: unknown,
    ) => Promise<unknown>,
  ) =>
    app.post(`/api/nine/cash-registers/:id/${path}`, { config: { access } }, async (request) => {
      const { id } = parse(idParams, request.params);
      const actor = actorOf(request);
      const result = await transaction(deps.db, async (client) => {
        const outcome = await run(client, actor, id, request.body);
        return { status: 200, body: { outcome, register: await deps.registers.register(client, actor, id) } };
      });
      return { data: result.body };
    });

  action('open', (c, a, id, body) => deps.registers.open(c, a, id, parse(registerOpen, body).float_minor));
  action('movements', (c, a, id, body) => deps.registers.move(c, a, id, parse(registerMovement, body)));
  action('close', (c, a, id, body) =>
    deps.registers.close(c, a, id, parse(registerClose, body).counted_minor),
  );
}
