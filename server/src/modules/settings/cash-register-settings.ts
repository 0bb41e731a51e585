import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import { cashRegisterCreate, cashRegisterUpdate } from '@nine/shared/schemas/location-settings';
import type { Db } from '../../db/pool.ts';
import { maybeOne } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { actorOf } from '../../lib/actor.ts';
import { idempotentRoute } from '../../lib/idempotency.ts';
import { idParams } from '../../lib/id-param.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import { bumpSettingsRevision, createSettings, saveSettings } from '../../lib/settings-save.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import type { AuthService } from '../auth/auth-service.ts';
import type { RegisterService } from '../money/register-service.ts';
import { LOCATION_SETTING_CHANGE } from './update-general-settings.ts';

/**
 * Location settings, section "Cash registers": add a register to a location and rename it, change its
 * header title and default terminal, retire or bring it back. Opening, cash in/out and closing stay on the
 * Cash registers page (money/register-routes.ts). A name is unique in its location (409 name_taken).
 */
export function registerCashRegisterSettings(
  app: FastifyInstance,
  deps: { db: Db; auth: AuthService; registers: RegisterService },
): void {
  idempotentRoute(
    app,
    deps.db,
    { url: '/api/nine/cash-registers', access: LOCATION_SETTING_CHANGE, body: cashRegisterCreate },
    async (client, actor, { location_id, ...values }) => {
      const locationId = location_id ?? actor.locationId;
      await assertLocationAccess(deps.auth, actor, locationId, LOCATION_SETTING_CHANGE, client);
      const row = await createSettings(
        client,
        actor,
        'cash_registers',
        { ...values, location_id: locationId },
        (r) => r.id,
      );
      return deps.registers.register(client, { ...actor, locationId }, row.id);
    },
  );

  app.put(
    '/api/nine/cash-registers/:id',
    { config: { access: LOCATION_SETTING_CHANGE } },
    async (request) => {
      const { id } = parse(idParams, request.params);
      const { version, ...changes } = parse(cashRegisterUpdate, request.body);
      const actor = actorOf(request);
      const data = await transaction(deps.db, async (client) => {
        // The revision first, as every settings save takes it, then the register: a retirement waits for an
        // open in progress (which locks the register too) and then sees its session.
        await bumpSettingsRevision(client);
        const register = await maybeOne<Pick<Tables['cash_registers'], 'location_id'>>(
          client,
          'SELECT location_id FROM cash_registers WHERE id = $1 FOR UPDATE',
          [id],
        );
        if (!register) throw new AppError('notFound');
        const locationId = register.location_id;
        await assertLocationAccess(deps.auth, actor, locationId, LOCATION_SETTING_CHANGE, client);
        if (changes.is_active === false) {
          const open = await maybeOne<Pick<Tables['register_sessions'], 'id'>>(
            client,
            'SELECT id FROM register_sessions WHERE cash_register_id = $1 AND closed_at IS NULL',
            [id],
          );
          if (open) throw new AppError('registerInUse');
          // A retired register is no one's current register: payments would still be booked to it.
          const settings = await maybeOne<Pick<Tables['general_settings'], 'version'>>(
            client,
            'SELECT version FROM general_settings WHERE location_id = $1 AND current_cash_register = $2 FOR UPDATE',
            [locationId, id],
          );
          if (settings)
            await saveSettings(client, actor, {
              table: 'general_settings',
              key: { location_id: locationId },
              version: settings.version,
              changes: { current_cash_register: null },
            });
        }
        await saveSettings(client, actor, { table: 'cash_registers', key: { id }, version, changes });
        return deps.registers.register(client, { ...actor, locationId }, id);
      });
      return { data };
    },
  );
}
