import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import type { Db } from '../../db/pool.ts';
import { maybeOne } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { queryLocation } from './location-query.ts';
import { logoUrlSql } from './business-logo-routes.ts';

type BusinessInfoRow = Pick<
  Tables['business_info'],
  | 'accept_external_payments'
  | 'add_adhoc_to_order'
  | 'site_title'
  | 'site_logo'
  | 'invoice_logo'
  | 'site_url'
  | 'address'
  | 'sale_order_default_customer'
  | 'sale_default_customer_id'
  | 'email'
  | 'tel'
  | 'url_prefix'
  | 'zip_code'
  | 'tour_is_enabled'
  | 'process_external_refunds'
  | 'sms_is_enabled'
  | 'suspension_alert'
  | 'version'
> & {
  url: Tables['business_info']['site_url'];
  sale_default_customer_name: string | null;
  business_contact: Pick<Tables['business_info'], 'address' | 'zip_code' | 'email' | 'tel'>;
};

/**
 * Spec "Business info"; address, e-mail and phone are the location's when it has its own. The business's
 * own values come too (`business_contact`), with the version, for the Business settings screen.
 */
export function registerBusinessInfo(app: FastifyInstance, deps: { db: Db; auth: AuthService }): void {
  app.get('/api/nine/business-info', { config: { access: 'location' } }, async (request) => {
    const locationId = await queryLocation(request, deps.auth);
    const info = await maybeOne<BusinessInfoRow>(
      deps.db.pool,
      `SELECT b.accept_external_payments, b.add_adhoc_to_order, b.site_title, ${logoUrlSql('b.site_logo')} AS site_logo,
              ${logoUrlSql('b.invoice_logo')} AS invoice_logo, b.site_url,
              coalesce(l.address, b.address) AS address, b.sale_order_default_customer, coalesce(l.email, b.email) AS email,
              coalesce(l.tel, b.tel) AS tel, b.site_url AS url, b.url_prefix, coalesce(l.zip_code, b.zip_code) AS zip_code,
              b.tour_is_enabled, b.process_external_refunds, b.sms_is_enabled, b.suspension_alert, b.version,
              b.sale_default_customer_id,
              CASE WHEN c.id IS NOT NULL THEN trim(concat_ws(' ', c.first_name, c.last_name)) END AS sale_default_customer_name,
              json_build_object('address', b.address, 'zip_code', b.zip_code, 'email', b.email, 'tel', b.tel) AS business_contact
       FROM business_info b CROSS JOIN locations l LEFT JOIN customers c ON c.id = b.sale_default_customer_id
       WHERE b.id = 1 AND l.id = $1`,
      [locationId],
    );
    if (!info) throw new AppError('notFound');
    return { data: info };
  });
}
