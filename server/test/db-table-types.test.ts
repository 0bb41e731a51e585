import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateTableTypes } from '../src/db/table-types.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

const TABLES_FILE = fileURLToPath(new URL('../src/db/tables.ts', import.meta.url));

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(() => tdb.drop());

// The row types every query is written against must be the migrated schema's, not a memory of it.
it('keeps src/db/tables.ts equal to what the migrated database generates', async () => {
  const generated = await generateTableTypes(tdb.db.pool);
  if (process.env.UPDATE_DB_TYPES === '1') await writeFile(TABLES_FILE, generated);
  const checkedIn = await readFile(TABLES_FILE, 'utf8').catch(() => '');
  expect(checkedIn, 'run `pnpm --filter @nine/server db:types` and commit src/db/tables.ts').toBe(generated);
});
