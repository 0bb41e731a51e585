import type { FastifyInstance } from 'fastify';
import { partnerListQuery, type PartnerRow } from '@nine/shared/schemas/partners';
import type { Db } from '../../db/pool.ts';
import { containsPattern, pageOf } from '../../lib/paging.ts';
import { parse } from '../../lib/validate.ts';

export const PARTNER_COLUMNS = `p.id, p.name, p.email::text, p.phone, p.commission_rate_bp, p.created_at, p.version,
  (SELECT count(*)::int FROM coupons c WHERE c.partner_id = p.id) AS coupon_count`;

const SORT: Record<string, string> = { name: 'p.name', created_at: 'p.created_at' };

/** Partners: paged, sorted and searched (trigram index on name, e-mail and phone) in SQL. */
export function registerListPartners(app: FastifyInstance, deps: { db: Db }): void {
  app.get(
    '/api/nine/partners',
    { config: { access: { resource: 'coupon', action: 'view' } } },
    async (request) => {
      const q = parse(partnerListQuery, request.query);
      const params: unknown[] = [];
      let where = 'true';
      if (q.search) {
        params.push(containsPattern(q.search));
        where = `p.search_text LIKE $${params.length}`;
      }
      const dir = q.sort_type === 'desc' ? 'DESC' : 'ASC';
      return {
        data: await pageOf<PartnerRow>(deps.db, {
          select: PARTNER_COLUMNS,
          from: `FROM partners p WHERE ${where}`,
          orderBy: `ORDER BY ${SORT[q.sort]} ${dir}, p.id ${dir}`,
          params,
          page: q.page,
          pageSize: q.page_size,
        }),
      };
    },
  );
}
