import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import { businessInfoUpdate, type BusinessInfoSaved } from '@nine/shared/schemas/business-settings';
import type { Db } from '../../db/pool.ts';
import { maybeOne, one, type Queryable } from '../../db/sql.ts';
import { actorOf } from '../../lib/actor.ts';
import { saveSettings } from '../../lib/settings-save.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { assertBusinessWide, BUSINESS_SETTING_CHANGE } from './business-setting-access.ts';
import { logoUrlSql } from './business-logo-routes.ts';

/** The business's own General Information as the screen edits it. */
export async function businessInfoSaved(q: Queryable): Promise<BusinessInfoSaved> {
  return one<BusinessInfoSaved>(
    q,
    `SELECT b.version, b.site_title, b.site_url, b.url_prefix, b.address, b.zip_code, b.email, b.tel,
            b.sale_default_customer_id, b.suspension_alert,
            CASE WHEN c.id IS NOT NULL THEN trim(concat_ws(' ', c.first_name, c.last_name)) END AS sale_default_customer_name,
            ${logoUrlSql('b.site_logo')} AS site_logo, ${logoUrlSql('b.invoice_logo')} AS invoice_logo
     FROM business_info b LEFT JOIN customers c ON c.id = b.sale_default_customer_id WHERE b.id = 1`,
  );
}

/** Business settings, General Information: one value for the whole business, saved by a business-wide user. */
export function registerUpdateBusinessInfo(app: FastifyInstance, deps: { db: Db }): void {
  app.put('/api/nine/business-info', { config: { access: BUSINESS_SETTING_CHANGE } }, async (request) => {
    const { version, ...changes } = parse(businessInfoUpdate, request.body);
    const actor = actorOf(request);
    const saved = await transaction(deps.db, async (client) => {
      await assertBusinessWide(client, actor.userId);
      if (
        changes.sale_default_customer_id !== null &&
        !(await maybeOne(client, 'SELECT 1 FROM customers WHERE id = $1', [changes.sale_default_customer_id]))
      )
        throw new AppError('validation', {
          data: { issues: [{ path: 'sale_default_customer_id', code: 'not_found' }] },
        });
      await saveSettings(client, actor, { table: 'business_info', key: { id: 1 }, version, changes });
      return businessInfoSaved(client);
    });
    return { data: saved };
  });
}
