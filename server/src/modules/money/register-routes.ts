import type { FastifyInstance } from 'fastify';
import { cashRegisterListQuery } from '@nine/shared/schemas/location-settings';
import { registerClose, registerMovement, registerOpen } from '@nine/shared/schemas/money';
import type { Db } from '../../db/pool.ts';
import { rows } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import type { RegisterService } from './register-service.ts';
import { actorOf } from '../../lib/actor.ts';
import { idParams } from '../../lib/id-param.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import type { AuthService } from '../auth/auth-service.ts';

const access = { resource: 'financial_transaction', action: 'change' } as const;

/** Cash registers of the location: list with their open session, open, cash in/out, close. */
export function registerRegisterRoutes(
  app: FastifyInstance,
  deps: { db: Db; auth: AuthService; registers: RegisterService },
): void {
  // The active registers of the request's location; Location settings asks for another location's (with a
  // role there) and for the retired ones too.
  app.get('/api/nine/cash-registers', { config: { access: 'location' } }, async (request) => {
    const query = parse(cashRegisterListQuery, request.query);
    const actor = actorOf(request);
    const locationId = query.location_id ?? actor.locationId;
    await assertLocationAccess(deps.auth, actor, locationId, null);
    const registers = await rows<Pick<Tables['cash_registers'], 'id'>>(
      deps.db.pool,
      'SELECT id FROM cash_registers WHERE location_id = $1 AND (is_active OR $2) ORDER BY name',
      [locationId, query.include_inactive === true],
    );
    const data = [];
    for (const r of registers)
      data.push(await deps.registers.register(deps.db.pool, { ...actor, locationId }, r.id));
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
