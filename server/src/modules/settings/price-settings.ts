import type pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { locationPlace } from './location-query.ts';
import { AppError } from '@nine/shared/errors';
import type { Requirement } from '@nine/shared/permissions';
import { matchingRentalPeriod, priceRent } from '@nine/shared/rent-pricing';
import {
  pricePreviewRequest,
  priceSettingsQuery,
  priceSwitchesUpdate,
  rentalPeriodCreate,
  rentalPeriodUpdate,
  rentRateCreate,
  rentRateUpdate,
  specialRuleCreate,
  specialRuleUpdate,
  type PricePreview,
  type PriceSettings,
  type PriceSwitches,
  type RentalPeriod,
  type RentRate,
  type SpecialRuleRow,
} from '@nine/shared/schemas/price-settings';
import { settingsDeleteQuery } from '@nine/shared/schemas/settings';
import type { Db } from '../../db/pool.ts';
import { maybeOne, rows, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { actorOf, type Actor } from '../../lib/actor.ts';
import { idParams } from '../../lib/id-param.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import { createSettings, deleteSettings, saveSettings } from '../../lib/settings-save.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { ratesOf, rentPriceRules } from './rent-price-rules.ts';

const VIEW: Requirement = { resource: 'pricing', action: 'view' };
const CHANGE: Requirement = { resource: 'pricing', action: 'change' };

const PERIOD_COLUMNS = 'id, location_id, name, unit, count, sort, is_active, version';
const RATE_COLUMNS = `r.id, r.location_id, r.product_id, r.category_id,
  coalesce(p.name || ' (' || p.sku || ')', c.name, '') AS scope_name, r.hourly_minor, r.daily_minor,
  r.weekly_minor, r.first_hour_minor, r.extra_hour_minor, r.minimum_charge_minor, r.version`;
const RATE_FROM = `rent_rates r LEFT JOIN products p ON p.id = r.product_id
  LEFT JOIN categories c ON c.id = r.category_id`;
const SPECIAL_COLUMNS = `id, location_id, name, kind, category_id, to_char(date_from, 'YYYY-MM-DD') AS date_from,
  to_char(date_to, 'YYYY-MM-DD') AS date_to, adjust_bp, is_active, version`;

async function periodById(client: Queryable, id: number): Promise<RentalPeriod> {
  const row = await maybeOne<RentalPeriod>(
    client,
    `SELECT ${PERIOD_COLUMNS} FROM rental_periods WHERE id = $1`,
    [id],
  );
  if (!row) throw new AppError('notFound');
  return row;
}

async function rateById(client: Queryable, id: number): Promise<RentRate> {
  const row = await maybeOne<RentRate>(client, `SELECT ${RATE_COLUMNS} FROM ${RATE_FROM} WHERE r.id = $1`, [
    id,
  ]);
  if (!row) throw new AppError('notFound');
  return row;
}

async function specialById(client: Queryable, id: number): Promise<SpecialRuleRow> {
  const row = await maybeOne<SpecialRuleRow>(
    client,
    `SELECT ${SPECIAL_COLUMNS} FROM special_pricing_rules WHERE id = $1`,
    [id],
  );
  if (!row) throw new AppError('notFound');
  return row;
}

/** The pricing switches of the location's rental types; a type never saved reads as off, version 1. */
async function switchesOf(
  client: Queryable,
  locationId: number,
  rentalTypeId?: number,
): Promise<PriceSwitches[]> {
  return rows<PriceSwitches>(
    client,
    `SELECT t.id AS rental_type_id, t.name,
            coalesce(s.enforce_using_rental_periods, false) AS enforce_using_rental_periods,
            coalesce(s.special_pricing, false) AS special_pricing, coalesce(s.version, 1) AS version
     FROM rental_types t
     LEFT JOIN activity_settings s ON s.location_id = $1 AND s.rental_type_id = t.id
     WHERE $2::int IS NULL OR t.id = $2
     ORDER BY t.id`,
    [locationId, rentalTypeId ?? null],
  );
}

const issue = (path: string, code: string) =>
  new AppError('validation', { data: { issues: [{ path, code }] } });

/** A rate or a rule names a rent product or a category that exists. */
async function assertScope(
  client: Queryable,
  scope: { product_id?: number | null; category_id?: number | null },
): Promise<void> {
  if (scope.product_id != null) {
    const product = await maybeOne<Pick<Tables['products'], 'kind'>>(
      client,
      'SELECT kind FROM products WHERE id = $1',
      [scope.product_id],
    );
    if (product?.kind !== 'rent') throw issue('product_id', 'not_a_rental');
  }
  if (scope.category_id != null) {
    const category = await maybeOne(client, 'SELECT 1 FROM categories WHERE id = $1', [scope.category_id]);
    if (!category) throw issue('category_id', 'not_found');
  }
}

/**
 * A location's price settings: rental periods, rates of products and categories, and special pricing rules
 * (migration 0034), read by the rent pricing rule (shared/rent-pricing.ts) on every quote and order. Read
 * with pricing view at the location, changed with pricing change there. Every write raises the settings
 * revision first and is audited with old and new values (lib/settings-save.ts).
 */
export function registerPriceSettings(app: FastifyInstance, deps: { db: Db; auth: AuthService }): void {
  const { db, auth } = deps;
  const mayChange = (client: pg.PoolClient, actor: Actor, locationId: number) =>
    assertLocationAccess(auth, actor, locationId, CHANGE, client);

  app.get('/api/nine/price-settings', { config: { access: VIEW } }, async (request) => {
    const q = parse(priceSettingsQuery, request.query);
    await assertLocationAccess(auth, actorOf(request), q.location_id, VIEW);
    const data: PriceSettings = await transaction(
      db,
      async (client) => {
        return {
          location_id: q.location_id,
          ...(await locationPlace(client, q.location_id)),
          periods: await rows<RentalPeriod>(
            client,
            `SELECT ${PERIOD_COLUMNS} FROM rental_periods WHERE location_id = $1 ORDER BY sort, id`,
            [q.location_id],
          ),
          rates: await rows<RentRate>(
            client,
            `SELECT ${RATE_COLUMNS} FROM ${RATE_FROM} WHERE r.location_id = $1 ORDER BY scope_name, r.id`,
            [q.location_id],
          ),
          specials: await rows<SpecialRuleRow>(
            client,
            `SELECT ${SPECIAL_COLUMNS} FROM special_pricing_rules WHERE location_id = $1 ORDER BY name, id`,
            [q.location_id],
          ),
          switches: await switchesOf(client, q.location_id),
          categories: await rows<PriceSettings['categories'][number]>(
            client,
            'SELECT id, name FROM categories ORDER BY name, id',
            [],
          ),
          products: await rows<PriceSettings['products'][number]>(
            client,
            `SELECT id, sku, name, category_id FROM products WHERE kind = 'rent' AND active ORDER BY name, id`,
            [],
          ),
        };
      },
      { readOnly: true },
    );
    return { data };
  });

  app.post('/api/nine/rental-periods', { config: { access: CHANGE } }, async (request, reply) => {
    const input = parse(rentalPeriodCreate, request.body);
    const actor = actorOf(request);
    const created = await transaction(db, async (client) => {
      await mayChange(client, actor, input.location_id);
      const row = await createSettings(client, actor, 'rental_periods', input, (r) => r.id);
      return periodById(client, row.id);
    });
    reply.code(201);
    return { data: created };
  });

  app.put('/api/nine/rental-periods/:id', { config: { access: CHANGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const { version, ...changes } = parse(rentalPeriodUpdate, request.body);
    const actor = actorOf(request);
    const updated = await transaction(db, async (client) => {
      await mayChange(client, actor, (await periodById(client, id)).location_id);
      await saveSettings(client, actor, { table: 'rental_periods', key: { id }, version, changes });
      return periodById(client, id);
    });
    return { data: updated };
  });

  app.delete('/api/nine/rental-periods/:id', { config: { access: CHANGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const { version } = parse(settingsDeleteQuery, request.query);
    const actor = actorOf(request);
    await transaction(db, async (client) => {
      await mayChange(client, actor, (await periodById(client, id)).location_id);
      await deleteSettings(client, actor, { table: 'rental_periods', key: { id }, version });
    });
    return { data: { id } };
  });

  app.post('/api/nine/rent-rates', { config: { access: CHANGE } }, async (request, reply) => {
    const input = parse(rentRateCreate, request.body);
    const actor = actorOf(request);
    const created = await transaction(db, async (client) => {
      await mayChange(client, actor, input.location_id);
      await assertScope(client, input);
      const row = await createSettings(client, actor, 'rent_rates', input, (r) => r.id);
      return rateById(client, row.id);
    });
    reply.code(201);
    return { data: created };
  });

  app.put('/api/nine/rent-rates/:id', { config: { access: CHANGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const { version, ...changes } = parse(rentRateUpdate, request.body);
    const actor = actorOf(request);
    const updated = await transaction(db, async (client) => {
      await mayChange(client, actor, (await rateById(client, id)).location_id);
      await saveSettings(client, actor, { table: 'rent_rates', key: { id }, version, changes });
      return rateById(client, id);
    });
    return { data: updated };
  });

  app.delete('/api/nine/rent-rates/:id', { config: { access: CHANGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const { version } = parse(settingsDeleteQuery, request.query);
    const actor = actorOf(request);
    await transaction(db, async (client) => {
      await mayChange(client, actor, (await rateById(client, id)).location_id);
      await deleteSettings(client, actor, { table: 'rent_rates', key: { id }, version });
    });
    return { data: { id } };
  });

  app.post('/api/nine/special-pricing-rules', { config: { access: CHANGE } }, async (request, reply) => {
    const input = parse(specialRuleCreate, request.body);
    const actor = actorOf(request);
    const created = await transaction(db, async (client) => {
      await mayChange(client, actor, input.location_id);
      await assertScope(client, input);
      const row = await createSettings(
        client,
        actor,
        'special_pricing_rules',
        // "YYYY-MM-DD" as PostgreSQL reads a date; the row type says Date, as the driver reads it back.
        {
          ...input,
          date_from: input.date_from as unknown as Date | null,
          date_to: input.date_to as unknown as Date | null,
        },
        (r) => r.id,
      );
      return specialById(client, row.id);
    });
    reply.code(201);
    return { data: created };
  });

  app.put('/api/nine/special-pricing-rules/:id', { config: { access: CHANGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const { version, ...rule } = parse(specialRuleUpdate, request.body);
    const actor = actorOf(request);
    const updated = await transaction(db, async (client) => {
      const current = await specialById(client, id);
      await mayChange(client, actor, current.location_id);
      await assertScope(client, rule);
      await saveSettings(client, actor, {
        table: 'special_pricing_rules',
        key: { id },
        version,
        // The dates read back as "YYYY-MM-DD" text: an unchanged date is left out of the update and the audit.
        changes: {
          ...rule,
          date_from:
            rule.date_from === current.date_from ? undefined : (rule.date_from as unknown as Date | null),
          date_to: rule.date_to === current.date_to ? undefined : (rule.date_to as unknown as Date | null),
        },
      });
      return specialById(client, id);
    });
    return { data: updated };
  });

  app.delete('/api/nine/special-pricing-rules/:id', { config: { access: CHANGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const { version } = parse(settingsDeleteQuery, request.query);
    const actor = actorOf(request);
    await transaction(db, async (client) => {
      await mayChange(client, actor, (await specialById(client, id)).location_id);
      await deleteSettings(client, actor, { table: 'special_pricing_rules', key: { id }, version });
    });
    return { data: { id } };
  });

  // The two activity switches the price rule reads, saved on the rental type's activity settings row.
  app.put('/api/nine/price-switches', { config: { access: CHANGE } }, async (request) => {
    const { location_id, rental_type_id, version, ...changes } = parse(priceSwitchesUpdate, request.body);
    const actor = actorOf(request);
    const answer = await transaction(db, async (client) => {
      await mayChange(client, actor, location_id);
      const [type] = await switchesOf(client, location_id, rental_type_id);
      if (!type) throw new AppError('notFound');
      await saveSettings(client, actor, {
        table: 'activity_settings',
        key: { location_id, rental_type_id },
        version,
        createMissing: true,
        changes,
      });
      return (await switchesOf(client, location_id, rental_type_id))[0]!;
    });
    return { data: answer };
  });

  // Reads only: the price a quote would show, under the saved settings or a form's unsaved values.
  app.post('/api/nine/price-preview', { config: { access: VIEW } }, async (request) => {
    const input = parse(pricePreviewRequest, request.body);
    await assertLocationAccess(auth, actorOf(request), input.location_id, VIEW);
    const data: PricePreview = await transaction(
      db,
      async (client) => {
        const product = await maybeOne<
          Pick<Tables['products'], 'id' | 'kind' | 'category_id' | 'price_minor' | 'hourly_price_minor'>
        >(
          client,
          'SELECT id, kind, category_id, price_minor, hourly_price_minor FROM products WHERE id = $1',
          [input.product_id],
        );
        if (product?.kind !== 'rent') throw issue('product_id', 'not_a_rental');
        const rules = await rentPriceRules(client, input.location_id, input.rental_type_id, [product]);
        const saved = ratesOf(rules, product);
        const specialPricing = input.special_pricing ?? rules.specialPricing;
        const start = new Date(input.planned_start);
        const finish = new Date(input.planned_finish);
        const price = priceRent({
          product,
          rates: input.rates === undefined ? saved.rates : input.rates,
          specials: specialPricing ? (input.specials ?? rules.specials) : [],
          timeZone: rules.timeZone,
          start,
          finish,
        });
        const period = matchingRentalPeriod(rules.periods, start, finish, rules.timeZone);
        return {
          ...price,
          rate_source: input.rates === undefined ? saved.source : input.rates === null ? 'none' : 'draft',
          special_pricing: specialPricing,
          enforce_using_rental_periods: rules.enforce,
          rental_period: period?.name ?? null,
          allowed: !rules.enforce || period !== null,
        };
      },
      { readOnly: true },
    );
    return { data };
  });
}
