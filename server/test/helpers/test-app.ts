import { buildApp, type NineApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { Db } from '../../src/db/pool.ts';

/** The real app on a test database, without the web bundle and without log noise. */
export async function createTestApp(
  db: Db,
  opts: {
    now?: () => Date;
    sessionTtlSeconds?: number;
    outboxDir?: string;
    exportsDir?: string;
    /** A folder of the test's own for uploaded files (tour images, logos...), instead of the repo's .data. */
    dataDir?: string;
  } = {},
): Promise<NineApp> {
  const config = {
    ...loadConfig({}),
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    webDist: '/nonexistent',
    sessionTtlSeconds: opts.sessionTtlSeconds ?? 3600,
    outboxDir: opts.outboxDir ?? '/nonexistent-outbox',
    exportsDir: opts.exportsDir ?? '/nonexistent-exports',
    publicUrl: 'http://nine.test',
    responseContracts: 'enforce' as const,
  };
  return buildApp({
    config,
    db,
    logger: false,
    jobPollingSeconds: 0.5,
    ...(opts.now ? { now: opts.now } : {}),
  });
}

export async function login(app: NineApp['app'], email: string, password = 'Secret-pass-1'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/nine/user/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { token: string } }>().data.token;
}
