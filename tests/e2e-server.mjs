// The end-to-end world: a seeded PostgreSQL on a known port, the real server on it (DATABASE_URL),
// the simulated agent, and a local OpenID provider for single sign-on, in a temporary folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runAll } from '../scripts/run-processes.mjs';
import { e2e } from './e2e-env.mjs';

const root = resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'nine-e2e-'));
rmSync(e2e.outboxDir, { recursive: true, force: true });
rmSync(e2e.agentDataDir, { recursive: true, force: true });
process.on('exit', () => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(e2e.outboxDir, { recursive: true, force: true });
  rmSync(e2e.agentDataDir, { recursive: true, force: true });
});
const server = resolve(root, 'server');

runAll([
  {
    name: 'db',
    cwd: server,
    args: ['--import', 'tsx', 'test/support/e2e-database.ts', dataDir, String(e2e.dbPort)],
    ready: /^database ready/,
  },
  {
    name: 'oidc',
    cwd: server,
    args: [
      '--import',
      'tsx',
      'test/support/oidc-provider.ts',
      String(e2e.oidcPort),
      `${e2e.baseUrl}/api/nine/user/sso/callback`,
    ],
  },
  {
    name: 'server',
    after: 'db',
    cwd: server,
    args: ['--import', 'tsx', 'src/server.ts'],
    env: {
      PORT: String(e2e.port),
      DATABASE_URL: e2e.databaseUrl,
      PUBLIC_URL: e2e.baseUrl,
      MAIL_OUTBOX_DIR: e2e.outboxDir,
      LOG_LEVEL: 'warn',
      RESPONSE_CONTRACTS: 'enforce',
      AGENT_PORT: String(e2e.agentPort),
      SSO_PROVIDERS: JSON.stringify([
        {
          name: 'local',
          issuer: `http://127.0.0.1:${e2e.oidcPort}`,
          client_id: 'nine-test',
          client_secret: 'nine-test-secret',
          email_domains: ['nine.test'],
        },
      ]),
    },
  },
  {
    name: 'agent',
    cwd: resolve(root, 'agent'),
    args: ['--import', 'tsx', 'src/cli.ts', '--simulate', '--port', String(e2e.agentPort)],
    env: {
      AGENT_DATA_DIR: e2e.agentDataDir,
      AGENT_ALLOWED_ORIGINS: `${e2e.baseUrl},http://localhost:${e2e.port}`,
    },
  },
]);
