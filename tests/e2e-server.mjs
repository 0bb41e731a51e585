// Starts the real server (embedded PostgreSQL, demo data) and the simulated agent for the
// end-to-end tests, in a fresh temporary data folder that is removed afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runAll } from '../scripts/run-processes.mjs';

const root = resolve(import.meta.dirname, '..');
const port = process.env.E2E_PORT ?? '3917';
const agentPort = process.env.E2E_AGENT_PORT ?? '3927';
const dataDir = mkdtempSync(join(tmpdir(), 'nine-e2e-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

runAll([
  {
    name: 'server',
    cwd: resolve(root, 'server'),
    args: ['--import', 'tsx', 'src/server.ts'],
    env: { PORT: port, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', AGENT_PORT: agentPort },
  },
  {
    name: 'agent',
    cwd: resolve(root, 'agent'),
    args: ['--import', 'tsx', 'src/cli.ts', '--simulate', '--port', agentPort],
    env: {
      AGENT_DATA_DIR: join(dataDir, 'agent'),
      AGENT_ALLOWED_ORIGINS: `http://127.0.0.1:${port},http://localhost:${port}`,
    },
  },
]);
