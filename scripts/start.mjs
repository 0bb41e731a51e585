// `pnpm start`: the server (embedded PostgreSQL with demo data unless DATABASE_URL is set) and the
// hardware agent in simulated mode, side by side, after building the web app if its sources changed.
import { resolve } from 'node:path';
import { runAll } from './run-processes.mjs';
import { ensureWebBuild } from './web-build.mjs';

const root = resolve(import.meta.dirname, '..');
const port = process.env.PORT ?? '3000';
const dataDir = resolve(process.env.DATA_DIR ?? resolve(root, '.data'));
// The server announces this port to the web app (GET /api/nine/agent-endpoint), so both must get it.
const agentPort = process.env.AGENT_PORT ?? '17900';
const origins = process.env.AGENT_ALLOWED_ORIGINS ?? `http://localhost:${port},http://127.0.0.1:${port}`;
const watch = process.argv.includes('--watch') ? ['--watch'] : [];

ensureWebBuild();

runAll([
  {
    name: 'server',
    cwd: resolve(root, 'server'),
    args: ['--import', 'tsx', ...watch, 'src/server.ts'],
    env: { PORT: port, DATA_DIR: dataDir, AGENT_PORT: agentPort },
  },
  {
    name: 'agent',
    cwd: resolve(root, 'agent'),
    // Lines typed here reach the agent: `/pair` prints a new pairing code, anything else is a simulated scan.
    stdin: true,
    args: ['--import', 'tsx', ...watch, 'src/cli.ts', '--simulate'],
    env: {
      AGENT_PORT: agentPort,
      AGENT_DATA_DIR: resolve(dataDir, 'agent'),
      AGENT_ALLOWED_ORIGINS: `${origins},http://localhost:5173`,
    },
  },
]);
