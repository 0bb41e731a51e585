import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { paths } from '../../src/config.ts';
import { ensureDatabase } from '../../src/db/bootstrap.ts';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createDb } from '../../src/db/pool.ts';

export const TEMPLATE_DATABASE = 'nine_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrlBase: string;
  }
}

/** One real PostgreSQL per test run; each test file clones the migrated template database. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'nine-server-test-'));
  const pg = await startEmbeddedPostgres(dir, (line) => process.stderr.write(`${line}\n`));
  await ensureDatabase(pg.adminUrl, TEMPLATE_DATABASE);
  const db = createDb(pg.url(TEMPLATE_DATABASE), 2);
  await migrate(db.pool, paths.migrations);
  await db.close();
  project.provide('pgUrlBase', pg.adminUrl.replace(/\/postgres$/, ''));
  return async () => {
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
