import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import {
  couponCodeExample,
  couponCodeFits,
  couponSettingsUpdate,
  type CouponCodeCharset,
  type CouponSettings,
} from '@nine/shared/schemas/coupon-settings';
import type { Db } from '../../db/pool.ts';
import { one, type Queryable } from '../../db/sql.ts';
import { actorOf } from '../../lib/actor.ts';
import { saveSettings } from '../../lib/settings-save.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { assertBusinessWide } from './business-setting-access.ts';

const COUPON_VIEW = { resource: 'coupon', action: 'view' } as const;
const COUPON_CHANGE = { resource: 'coupon', action: 'change' } as const;

/** The one row of migration 0035, as the screen and the readers use it. */
export async function couponSettingsOf(q: Queryable): Promise<CouponSettings> {
  const row = await one<Omit<CouponSettings, 'code_charset'> & { code_charset: string }>(
    q,
    `SELECT code_prefix, code_min_length, code_max_length, code_charset, default_validity_days, stack_coupons,
            stack_with_discounts, max_coupons_per_order, version, to_json(updated_at) #>> '{}' AS updated_at
     FROM coupon_settings WHERE id = 1`,
  );
  // The column's CHECK holds it to the four charsets.
  return { ...row, code_charset: row.code_charset as CouponCodeCharset };
}

/**
 * A new or renamed coupon's code must follow the format of the settings (1680, naming the format).
 * Existing codes are left alone when the format changes: a coupon edited without renaming keeps its code.
 */
export async function assertCouponCodeFormat(q: Queryable, code: string): Promise<void> {
  const s = await couponSettingsOf(q);
  if (couponCodeFits(s, code)) return;
  const format = {
    prefix: s.code_prefix,
    min: s.code_min_length,
    max: s.code_max_length,
    charset: s.code_charset,
    example: couponCodeExample(s),
  };
  throw new AppError('couponCodeFormat', { params: format, data: format });
}

/** A new coupon without an end date is valid `default_validity_days` days, its start day included, if set. */
export async function defaultCouponEnd(
  q: Queryable,
  validFrom: string,
  validTo: string | null,
): Promise<string | null> {
  if (validTo !== null) return validTo;
  const { ends } = await one<{ ends: string | null }>(
    q,
    `SELECT CASE WHEN default_validity_days IS NULL THEN NULL
                 ELSE ($1::date + default_validity_days - 1)::text END AS ends
     FROM coupon_settings WHERE id = 1`,
    [validFrom],
  );
  return ends;
}

/**
 * Coupon settings: one value for the whole business (code format, default validity, stacking), read with
 * coupon view and saved by a user holding coupon change at every location (business-setting-access.ts).
 */
export function registerCouponSettings(app: FastifyInstance, deps: { db: Db }): void {
  app.get('/api/nine/coupon-settings', { config: { access: COUPON_VIEW } }, async () => ({
    data: await couponSettingsOf(deps.db.pool),
  }));

  app.put('/api/nine/coupon-settings', { config: { access: COUPON_CHANGE } }, async (request) => {
    const { version, ...changes } = parse(couponSettingsUpdate, request.body);
    const actor = actorOf(request);
    const saved = await transaction(deps.db, async (client) => {
      await assertBusinessWide(client, actor.userId, COUPON_CHANGE);
      await saveSettings(client, actor, { table: 'coupon_settings', key: { id: 1 }, version, changes });
      return couponSettingsOf(client);
    });
    return { data: saved };
  });
}
