import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import type { Db } from '../../db/pool.ts';
import { maybeOne } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { queryLocation } from './location-query.ts';

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
  | 'email'
  | 'tel'
  | 'url_prefix'
  | 'zip_code'
  | 'tour_is_enabled'
  | 'process_external_refunds'
  | 'sms_is_enabled'
  | 'suspension_alert'
> & { url: Tables['business_info']['site_url'] };

/** Spec "Business info"; address, e-mail and phone are the location's when it has its own. */
export function registerBusinessInfo(app: FastifyInstance, deps: { db: Db; auth: AuthService }): void {
  app.get('/api/nine/business-info', { config: { access: 'location' } }, async (request) => {
    const locationId = await queryLocation(request, deps.auth);
    const info = await maybeOne<BusinessInfoRow>(
      deps.db.pool,
      `SELECT b.accept_external_payments, b.add_adhoc_to_order, b.site_title, b.site_logo, b.invoice_logo, b.site_url,
              coalesce(l.address, b.address) AS address, b.sale_order_default_customer, coalesce(l.email, b.email) AS email,
              coalesce(l.tel, b.tel) AS tel, b.site_url AS url, b.url_prefix, coalesce(l.zip_code, b.zip_code) AS zip_code,
              b.tour_is_enabled, b.process_external_refunds, b.sms_is_enabled, b.suspension_alert
       FROM business_info b CROSS JOIN locations l WHERE b.id = 1 AND l.id = $1`,
      [locationId],
    );
    if (!info) throw new AppError('notFound');
    return { data: info };
  });
}
