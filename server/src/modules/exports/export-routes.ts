import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '@nine/shared/errors';
import { grants } from '@nine/shared/permissions';
import { exportCreate as exportCreateBody } from '@nine/shared/schemas/exports';
import type { Db } from '../../db/pool.ts';
import { maybeOne, one, rows } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import type { JobQueue } from '../../lib/job-queue.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { parse } from '../../lib/validate.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { exportFile } from './export-runner.ts';
import { exportSources } from './export-sources.ts';
import { actorOf, sessionOf } from '../../lib/actor.ts';
import { bigIdParams } from '../../lib/id-param.ts';

export const EXPORT_QUEUE = 'export';

// The shared body (the web's export dialog checks the same rules), with the sources only the server knows.
const exportCreate = exportCreateBody.extend({
  list: exportCreateBody.shape.list.refine((l) => l in exportSources, 'unknown_list'),
});
const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});

/** The download center: start an export of any list with its filters, see them, download when ready. */
export function registerExportRoutes(
  app: FastifyInstance,
  deps: { db: Db; auth: AuthService; jobs: JobQueue; dir: string },
): void {
  app.post('/api/nine/exports', { config: { access: 'location' } }, async (request, reply) => {
    const input = parse(exportCreate, request.body);
    const source = exportSources[input.list]!;
    const { userId, locationId } = actorOf(request);
    const held = (await deps.auth.permissionsAt(userId, locationId!)) ?? [];
    const needs = 'anyOf' in source.need ? source.need.anyOf : [source.need];
    if (!needs.some((need) => grants(held, need))) throw new AppError('forbidden');
    const filters = parse(source.filters, input.filters) as object;
    const created = await one<Pick<Tables['exports'], 'id' | 'status' | 'created_at'>>(
      deps.db.pool,
      `INSERT INTO exports (user_id, location_id, list, format, description, filters) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, status, created_at`,
      [
        userId,
        locationId,
        input.list,
        input.format,
        input.description,
        JSON.stringify({ ...filters, _lang: requestLanguage(request) }),
      ],
    );
    await deps.jobs.send(EXPORT_QUEUE, { exportId: created.id });
    return reply.code(201).send({ data: created });
  });

  app.get('/api/nine/exports', { config: { access: 'session' } }, async (request) => {
    const q = parse(listQuery, request.query);
    const page = await rows<
      Pick<
        Tables['exports'],
        | 'id'
        | 'list'
        | 'format'
        | 'description'
        | 'status'
        | 'row_count'
        | 'byte_count'
        | 'created_at'
        | 'finished_at'
      > & { failed: boolean }
    >(
      deps.db.pool,
      `SELECT id, list, format, description, status, row_count, byte_count, error IS NOT NULL AS failed, created_at, finished_at
       FROM exports WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [sessionOf(request).userId, q.page_size, (q.page - 1) * q.page_size],
    );
    const total = await one<{ n: number }>(
      deps.db.pool,
      'SELECT count(*)::int AS n FROM exports WHERE user_id = $1',
      [sessionOf(request).userId],
    );
    return { data: { rows: page, total: total.n, page: q.page, page_size: q.page_size } };
  });

  app.get('/api/nine/exports/:id/download', { config: { access: 'session' } }, async (request, reply) => {
    const { id } = parse(bigIdParams, request.params);
    const row = await maybeOne<Pick<Tables['exports'], 'list' | 'format' | 'status' | 'created_at'>>(
      deps.db.pool,
      'SELECT list, format, status, created_at FROM exports WHERE id = $1 AND user_id = $2',
      [id, sessionOf(request).userId],
    );
    if (!row) throw new AppError('notFound');
    if (row.status !== 'ready') throw new AppError('conflict', { data: { status: row.status } });
    const name = `${row.list}-${row.created_at.toISOString().slice(0, 10)}-${id}.${row.format}`;
    reply.header(
      'content-type',
      row.format === 'csv'
        ? 'text/csv; charset=utf-8'
        : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    reply.header('content-disposition', `attachment; filename="${name}"`);
    return reply.send(createReadStream(exportFile(deps.dir, id, row.format)));
  });
}
