import { loadConfig } from './config.ts';
import { openDatabase } from './db/bootstrap.ts';
import { runIntegrityChecks } from './lib/integrity.ts';

/**
 * `pnpm integrity`: checks the money and stock rules over the whole database (DATABASE_URL, or the
 * embedded one in DATA_DIR while the server is stopped). Exits 1 when any rule is broken.
 */
const config = loadConfig();
const log = (line: string) => process.stdout.write(`${line}\n`);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  log: (line) => log(`[db] ${line}`),
});
try {
  const results = await runIntegrityChecks(database.db.pool);
  for (const r of results) {
    log(
      `${r.violations === 0 ? 'ok  ' : 'FAIL'} ${r.name}: ${r.rule}${r.violations ? ` (${r.violations} rows)` : ''}`,
    );
    for (const row of r.sample) log(`       ${JSON.stringify(row)}`);
  }
  const broken = results.filter((r) => r.violations > 0).length;
  log(broken === 0 ? 'all rules hold' : `${broken} of ${results.length} rules broken`);
  process.exitCode = broken === 0 ? 0 : 1;
} finally {
  await database.close();
}
