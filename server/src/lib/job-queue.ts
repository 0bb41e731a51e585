import PgBoss from 'pg-boss';
import type { Db } from '../db/pool.ts';
import { rows } from '../db/sql.ts';

export interface JobQueue {
  send(queue: string, data: object): Promise<void>;
  work<T extends object>(queue: string, handler: (data: T) => Promise<void>): Promise<void>;
  /** Runs the queue's worker on a cron schedule (pg-boss makes one instance fire it). */
  schedule(queue: string, cron: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The PostgreSQL-backed job queue (pg-boss) on the app's own pool: jobs survive restarts, and with
 * several server instances each job is taken by exactly one.
 */
export async function startJobQueue(
  db: Db,
  opts: { pollingIntervalSeconds?: number } = {},
): Promise<JobQueue> {
  const boss = new PgBoss({
    // pg-boss reads only `rows` of what it runs.
    db: {
      executeSql: async (text: string, values?: unknown[]) => ({
        rows: await rows<Record<string, unknown>>(db.pool, text, values),
      }),
    },
    schema: 'pgboss',
  });
  boss.on('error', (err) => process.stderr.write(`[jobs] ${err.message}\n`));
  await boss.start();
  const created = new Set<string>();
  const ensure = async (queue: string) => {
    if (created.has(queue)) return;
    await boss.createQueue(queue);
    created.add(queue);
  };
  return {
    async send(queue, data) {
      await ensure(queue);
      await boss.send(queue, data, { retryLimit: 2, retryDelay: 5 });
    },
    async work(queue, handler) {
      await ensure(queue);
      await boss.work<object>(
        queue,
        { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2, batchSize: 1 },
        async (jobs) => {
          for (const job of jobs) await handler(job.data as never);
        },
      );
    },
    async schedule(queue, cron) {
      await ensure(queue);
      await boss.schedule(queue, cron, {}, { tz: 'UTC' });
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}
