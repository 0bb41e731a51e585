import type { FastifyInstance } from 'fastify';
import { partnerListQuery } from '@nine/shared/schemas/partners';
import type { Db } from '../../db/pool.ts';
import type { Tables } from '../../db/tables.ts';
import { containsPattern, listRoute } from '../../lib/paging.ts';

export const PARTNER_COLUMNS = `p.id, p.name, p.email::text, p.phone, p.commission_rate_bp, p.created_at, p.version,
  (SELECT count(*)::int FROM coupons c WHERE c.partner_id = p.id) AS coupon_count`;

/** A row of PARTNER_COLUMNS as read (PartnerRow on the wire). */
export type PartnerColumns = Pick<
  Tables['partners'],
  'id' | 'name' | 'email' | 'phone' | 'commission_rate_bp' | 'created_at' | 'version'
> & { coupon_count: number };

const SORT: Record<string, string> = { name: 'p.name', created_at: 'p.created_at' };

/** Partners: paged, sorted and searched (trigram index on name, e-mail and phone) in SQL. */
export function registerListPartners(app: FastifyInstance, deps: { db: Db }): void {
  listRoute<PartnerColumns, typeof partnerListQuery>(
    app,
    deps.db,
    { url: '/api/nine/partners', access: { resource: 'coupon', action: 'view' }, query: partnerListQuery },
    (q) => {
      const params: unknown[] = [];
      let where = 'true';
      if (q.search) {
        params.push(containsPattern(q.search));
        where = `p.search_text LIKE $${params.length}`;
      }
      const dir = q.sort_type === 'desc' ? 'DESC' : 'ASC';
      return {
        select: PARTNER_COLUMNS,
        from: `FROM partners p WHERE ${where}`,
        orderBy: `ORDER BY ${SORT[q.sort]} ${dir}, p.id ${dir}`,
        params,
      };
    },
  );
}
