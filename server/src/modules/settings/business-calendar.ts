import type pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import type { Requirement } from '@nine/shared/permissions';
import {
  businessCalendarQuery,
  businessHoursUpdate,
  specialDayCreate,
  specialDayUpdate,
  type BusinessCalendar,
  type SpecialDay,
} from '@nine/shared/schemas/business-calendar';
import type { Db } from '../../db/pool.ts';
import { maybeOne } from '../../db/sql.ts';
import { actorOf, type Actor } from '../../lib/actor.ts';
import { idParams } from '../../lib/id-param.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import { createSettings, deleteSettings, saveSettings } from '../../lib/settings-save.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { settingsDeleteQuery } from '@nine/shared/schemas/settings';
import type { AuthService } from '../auth/auth-service.ts';
import {
  locationWeek,
  SPECIAL_DAY_COLUMNS,
  specialDaysBetween,
  type SpecialDayRow,
} from './business-rules.ts';

const CHANGE: Requirement = { resource: 'location_setting', action: 'change' };

async function specialDayById(client: pg.PoolClient, id: number): Promise<SpecialDayRow> {
  const row = await maybeOne<SpecialDayRow>(
    client,
    `SELECT ${SPECIAL_DAY_COLUMNS} FROM location_special_days WHERE id = $1`,
    [id],
  );
  if (!row) throw new AppError('notFound');
  return row;
}

/**
 * The business calendar of a location: opening hours per weekday and special days (holidays, other hours).
 * Read by anyone working at the location; changed with location_setting change there. Every write raises
 * the settings revision first and is audited with old and new values (lib/settings-save.ts).
 */
export function registerBusinessCalendar(app: FastifyInstance, deps: { db: Db; auth: AuthService }): void {
  const { db, auth } = deps;
  const mayChange = (client: pg.PoolClient, actor: Actor, locationId: number) =>
    assertLocationAccess(auth, actor, locationId, CHANGE, client);

  app.get('/api/nine/business-calendar', { config: { access: 'location' } }, async (request) => {
    const q = parse(businessCalendarQuery, request.query);
    await assertLocationAccess(auth, actorOf(request), q.location_id, null);
    const data: BusinessCalendar = await transaction(
      db,
      async (client) => {
        const { timeZone, week } = await locationWeek(client, q.location_id);
        return {
          location_id: q.location_id,
          time_zone: timeZone,
          hours: week,
          special_days: await specialDaysBetween(client, q.location_id, q.from, q.to),
        };
      },
      { readOnly: true },
    );
    return { data };
  });

  // The whole week at once: each weekday is its own versioned row, so a stale day refuses the save (409)
  // and the transaction leaves every day as it was.
  app.put('/api/nine/business-hours', { config: { access: CHANGE } }, async (request) => {
    const input = parse(businessHoursUpdate, request.body);
    const actor = actorOf(request);
    const hours = await transaction(db, async (client) => {
      await mayChange(client, actor, input.location_id);
      for (const day of input.days) {
        await saveSettings(client, actor, {
          table: 'location_hours',
          key: { location_id: input.location_id, weekday: day.weekday },
          version: day.version,
          createMissing: true,
          changes: { closed: day.closed, opens: `${day.opens}:00`, closes: `${day.closes}:00` },
        });
      }
      return (await locationWeek(client, input.location_id)).week;
    });
    return { data: hours };
  });

  app.post('/api/nine/special-days', { config: { access: CHANGE } }, async (request, reply) => {
    const input = parse(specialDayCreate, request.body);
    const actor = actorOf(request);
    const created = await transaction(db, async (client) => {
      await mayChange(client, actor, input.location_id);
      const row = await createSettings(
        client,
        actor,
        'location_special_days',
        {
          location_id: input.location_id,
          day: input.day as unknown as Date,
          closed: input.closed,
          opens: input.closed ? null : input.opens,
          closes: input.closed ? null : input.closes,
          note: input.note,
        },
        (r) => r.id,
      );
      return specialDayById(client, row.id);
    });
    reply.code(201);
    return { data: created satisfies SpecialDay };
  });

  app.put('/api/nine/special-days/:id', { config: { access: CHANGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const input = parse(specialDayUpdate, request.body);
    const actor = actorOf(request);
    const updated = await transaction(db, async (client) => {
      const current = await specialDayById(client, id);
      await mayChange(client, actor, current.location_id);
      await saveSettings(client, actor, {
        table: 'location_special_days',
        key: { id },
        version: input.version,
        changes: {
          // The column reads back as a Date: compared as the day's text, so an unchanged day is not audited.
          day: input.day === current.day ? undefined : (input.day as unknown as Date),
          closed: input.closed,
          opens: input.closed ? null : `${input.opens}:00`,
          closes: input.closed ? null : `${input.closes}:00`,
          note: input.note,
        },
      });
      return specialDayById(client, id);
    });
    return { data: updated satisfies SpecialDay };
  });

  app.delete('/api/nine/special-days/:id', { config: { access: CHANGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const { version } = parse(settingsDeleteQuery, request.query);
    const actor = actorOf(request);
    await transaction(db, async (client) => {
      await mayChange(client, actor, (await specialDayById(client, id)).location_id);
      await deleteSettings(client, actor, { table: 'location_special_days', key: { id }, version });
    });
    return { data: { id } };
  });
}
