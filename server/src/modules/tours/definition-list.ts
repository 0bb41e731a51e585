import type { FastifyInstance } from 'fastify';
import { tourDefinitionListQuery, type TourDefinitionRow } from '@nine/shared/schemas/tours/definitions';
import { actorOf } from '../../lib/actor.ts';
import { listRoute } from '../../lib/paging.ts';
import { GROUP_JSON, TOUR_IMAGE_PATH, TOUR_VIEW } from './definition-queries.ts';
import type { TourDeps } from './register-tours.ts';

const SORT: Record<string, string> = {
  name: 'd.name',
  code: 'd.code',
  created_at: 'd.created_at',
  updated_at: 'd.updated_at',
};

type Row = Omit<TourDefinitionRow, 'next_event_at' | 'updated_at'> & {
  next_event_at: Date | null;
  updated_at: Date;
};

/**
 * The location's tour definitions: searched on the trigram-indexed name and code, filtered by group and
 * status, sorted and paged in SQL. The next event, group and cover are read for the page's rows only.
 */
export function registerDefinitionList(app: FastifyInstance, deps: TourDeps): void {
  listRoute<Row, typeof tourDefinitionListQuery>(
    app,
    deps.db,
    { url: '/api/nine/tours/definitions', access: TOUR_VIEW, query: tourDefinitionListQuery },
    (q, request) => {
      const params: unknown[] = [actorOf(request).locationId];
      let where = 'd.location_id = $1';
      if (q.status) {
        params.push(q.status);
        where += ` AND d.status = $${params.length}::tour_definition_status`;
      }
      if (q.group_id) {
        params.push(q.group_id);
        where += ` AND d.group_id = $${params.length}`;
      }
      if (q.search) {
        params.push(q.search);
        where += ` AND d.search_text LIKE search_contains_pattern($${params.length})`;
      }
      const dir = q.sort_type === 'desc' ? 'DESC' : 'ASC';
      return {
        select: `d.id, d.code::text AS code, d.name, d.status, ${GROUP_JSON} AS "group", d.capacity, d.duration_minutes,
          d.steps_done, d.version, d.updated_at,
          (SELECT min(e.starts_at) FROM tour_events e
            WHERE e.definition_id = d.id AND e.starts_at >= now() AND e.status <> 'cancelled') AS next_event_at,
          (SELECT '${TOUR_IMAGE_PATH}' || i.thumb_name FROM tour_definition_images i
            WHERE i.definition_id = d.id AND i.is_cover) AS cover_thumb_url`,
        from: `FROM tour_definitions d LEFT JOIN tour_groups g ON g.id = d.group_id WHERE ${where}`,
        orderBy: `ORDER BY ${SORT[q.sort]} ${dir}, d.id ${dir}`,
        params,
        byKey: {
          key: 'd.id',
          from: 'FROM tour_definitions d LEFT JOIN tour_groups g ON g.id = d.group_id',
          keyFrom: `FROM tour_definitions d WHERE ${where}`,
        },
        countFrom: `FROM tour_definitions d WHERE ${where}`,
        prepare: !q.search,
      };
    },
  );
}
