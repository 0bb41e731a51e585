import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { AppError } from '@nine/shared/errors';
import {
  couponInput,
  couponUpdate,
  partnerInput,
  partnerUpdate,
  type CouponInput,
  type CouponRow,
  type PartnerDetail,
  type PartnerInput,
} from '@nine/shared/schemas/partners';
import type { Db } from '../../db/pool.ts';
import { exec, maybeOne, one, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { PARTNER_COLUMNS, type PartnerColumns } from './list-partners.ts';
import { actorOf, type Actor } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { idParams } from '../../lib/id-param.ts';
import { lockVersion } from '../../lib/version-lock.ts';
import { assertCouponCodeFormat, defaultCouponEnd } from '../settings/coupon-settings.ts';

const COUPON_COLUMNS = `id, partner_id, code::text, title, discount_kind, discount_value, commission_bp, applies_to,
  auto_apply, valid_from::text, valid_to::text, is_active, version`;

/** A coupon as COUPON_COLUMNS reads it: code and dates as text, so they are what the form sent. */
type Coupon = Pick<
  Tables['coupons'],
  | 'id'
  | 'partner_id'
  | 'title'
  | 'discount_kind'
  | 'discount_value'
  | 'commission_bp'
  | 'applies_to'
  | 'auto_apply'
  | 'is_active'
  | 'version'
> &
  Pick<CouponRow, 'code' | 'valid_from' | 'valid_to'>;

/** The partner detail as read (PartnerDetail on the wire): rates and coupons arrive as JSON. */
type Partner = PartnerColumns & Pick<PartnerDetail, 'rates' | 'coupons'>;

async function loadPartner(db: Queryable, id: number): Promise<Partner> {
  const partner = await maybeOne<Partner>(
    db,
    `SELECT ${PARTNER_COLUMNS},
       coalesce((SELECT json_agg(json_build_object('applies_to', r.applies_to, 'rate_bp', r.rate_bp) ORDER BY r.applies_to)
                 FROM partner_commission_rates r WHERE r.partner_id = p.id), '[]') AS rates,
       coalesce((SELECT json_agg(c ORDER BY c.code) FROM (SELECT ${COUPON_COLUMNS} FROM coupons WHERE partner_id = p.id) c), '[]') AS coupons
     FROM partners p WHERE p.id = $1`,
    [id],
  );
  if (!partner) throw new AppError('notFound');
  return partner;
}

async function writeRates(client: Queryable, partnerId: number, rates: PartnerInput['rates']) {
  await exec(client, 'DELETE FROM partner_commission_rates WHERE partner_id = $1', [partnerId]);
  if (rates.length === 0) return;
  await exec(
    client,
    `INSERT INTO partner_commission_rates (partner_id, applies_to, rate_bp) SELECT $1, k, r FROM unnest($2::text[], $3::int[]) AS u(k, r)`,
    [partnerId, rates.map((r) => r.applies_to), rates.map((r) => r.rate_bp)],
  );
}

const couponValues = (c: CouponInput) => [
  c.code,
  c.title,
  c.discount_kind,
  c.discount_value,
  c.commission_bp,
  c.applies_to,
  c.auto_apply,
  c.valid_from,
  c.valid_to,
  c.is_active,
];

/**
 * Partners with their commission rates and coupons (permission `coupon`). Partner and coupon edits
 * carry the version they read; a stale one is refused (1021). Every write is audited in its transaction.
 */
export function registerPartnerRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const view = { config: { access: { resource: 'coupon', action: 'view' } } } as const;
  const change = { config: { access: { resource: 'coupon', action: 'change' } } } as const;

  app.get('/api/nine/partners/:id', view, async (request) => {
    const { id } = parse(idParams, request.params);
    return { data: await loadPartner(deps.db.pool, id) };
  });

  app.post('/api/nine/partners', change, async (request, reply) => {
    const input = parse(partnerInput, request.body);
    const { userId, locationId } = actorOf(request);
    const result = await transaction(deps.db, async (client) => {
      const { id } = await one<Pick<Tables['partners'], 'id'>>(
        client,
        `INSERT INTO partners (name, email, phone, commission_rate_bp) VALUES ($1, $2, $3, $4) RETURNING id`,
        [input.name, input.email ?? null, input.phone ?? null, input.commission_rate_bp],
      );
      await writeRates(client, id, input.rates);
      await audit(
        client,
        { userId, locationId },
        { entity: 'partner', entityId: id, action: 'created', data: input },
      );
      return { status: 201, body: await loadPartner(client, id) };
    });
    return reply.code(201).send({ data: result.body });
  });

  app.put('/api/nine/partners/:id', change, async (request) => {
    const { id } = parse(idParams, request.params);
    const { version, ...input } = parse(partnerUpdate, request.body);
    const { userId, locationId } = actorOf(request);
    const result = await transaction(deps.db, async (client) => {
      await lockVersion(client, 'partners', id, version);
      await exec(
        client,
        `UPDATE partners SET name = $2, email = $3, phone = $4, commission_rate_bp = $5, version = version + 1, updated_at = now() WHERE id = $1`,
        [id, input.name, input.email ?? null, input.phone ?? null, input.commission_rate_bp],
      );
      await writeRates(client, id, input.rates);
      await audit(
        client,
        { userId, locationId },
        { entity: 'partner', entityId: id, action: 'updated', data: input },
      );
      return { status: 200, body: await loadPartner(client, id) };
    });
    return { data: result.body };
  });

  /** DELETE of one row (`sql` returns what names it), audited by `audited` in the same transaction. */
  const deleteRoute = <R>(
    url: string,
    sql: string,
    audited: (client: pg.PoolClient, actor: Actor, id: number, row: R) => Promise<void>,
  ) =>
    app.delete(url, change, async (request) => {
      const { id } = parse(idParams, request.params);
      const actor = actorOf(request);
      await transaction(deps.db, async (client) => {
        const row = await maybeOne<R>(client, sql, [id]);
        if (!row) throw new AppError('notFound');
        await audited(client, actor, id, row);
        return { status: 200, body: null };
      });
      return { data: { id } };
    });

  deleteRoute<Pick<Tables['partners'], 'name'>>(
    '/api/nine/partners/:id',
    'DELETE FROM partners WHERE id = $1 RETURNING name',
    (client, actor, id, row) =>
      audit(client, actor, { entity: 'partner', entityId: id, action: 'deleted', data: { name: row.name } }),
  );

  app.post('/api/nine/partners/:id/coupons', change, async (request, reply) => {
    const { id } = parse(idParams, request.params);
    const input = parse(couponInput, request.body);
    const { userId, locationId } = actorOf(request);
    const result = await transaction(deps.db, async (client) => {
      const partner = await maybeOne<Pick<Tables['partners'], 'id'>>(
        client,
        'SELECT id FROM partners WHERE id = $1 FOR UPDATE',
        [id],
      );
      if (!partner) throw new AppError('notFound');
      // Coupon settings: the code format, and the default validity when no end date is given.
      await assertCouponCodeFormat(client, input.code);
      const valid_to = await defaultCouponEnd(client, input.valid_from, input.valid_to);
      const coupon = await one<Coupon>(
        client,
        `INSERT INTO coupons (partner_id, code, title, discount_kind, discount_value, commission_bp, applies_to, auto_apply, valid_from, valid_to, is_active)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${COUPON_COLUMNS}`,
        [id, ...couponValues({ ...input, valid_to })],
      );
      await audit(
        client,
        { userId, locationId },
        { entity: 'coupon', entityId: coupon.id, action: 'created', data: input },
      );
      return { status: 201, body: coupon };
    });
    return reply.code(201).send({ data: result.body });
  });

  app.put('/api/nine/coupons/:id', change, async (request) => {
    const { id } = parse(idParams, request.params);
    const { version, ...input } = parse(couponUpdate, request.body);
    const { userId, locationId } = actorOf(request);
    const result = await transaction(deps.db, async (client) => {
      await lockVersion(client, 'coupons', id, version);
      // A renamed coupon follows today's code format; one that keeps its code keeps it.
      if (!(await maybeOne(client, 'SELECT 1 FROM coupons WHERE id = $1 AND code = $2', [id, input.code])))
        await assertCouponCodeFormat(client, input.code);
      // Locked by lockVersion above: the row is still there.
      const coupon = await one<Coupon>(
        client,
        `UPDATE coupons SET code = $2, title = $3, discount_kind = $4, discount_value = $5, commission_bp = $6, applies_to = $7,
             auto_apply = $8, valid_from = $9, valid_to = $10, is_active = $11, version = version + 1, updated_at = now()
           WHERE id = $1 RETURNING ${COUPON_COLUMNS}`,
        [id, ...couponValues(input)],
      );
      await audit(
        client,
        { userId, locationId },
        { entity: 'coupon', entityId: id, action: 'updated', data: input },
      );
      return { status: 200, body: coupon };
    });
    return { data: result.body };
  });

  deleteRoute<Pick<CouponRow, 'code'>>(
    '/api/nine/coupons/:id',
    'DELETE FROM coupons WHERE id = $1 RETURNING code::text',
    (client, actor, id, row) =>
      audit(client, actor, { entity: 'coupon', entityId: id, action: 'deleted', data: { code: row.code } }),
  );
}
