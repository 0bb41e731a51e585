// `pnpm dev`: server and agent restart on change; Vite serves the web app with hot reload on
// http://localhost:5173/nine/ and proxies /api to the server.
import { resolve } from 'node:path';
import { runAll } from './run-processes.mjs';

const root = resolve(import.meta.dirname, '..');
const port = process.env.PORT ?? '3000';
const dataDir = resolve(process.env.DATA_DIR ?? resolve(root, '.data'));
// The server announces this port to the web app (GET /api/nine/agent-endpoint), so both must get it.
const agentPort = process.env.AGENT_PORT ?? '17900';

runAll([
  {
    name: 'server',
    cwd: resolve(root, 'server'),
    args: ['--import', 'tsx', '--watch', 'src/server.ts'],
    env: { PORT: port, DATA_DIR: dataDir, AGENT_PORT: agentPort },
  },
  {
    name: 'agent',
    cwd: resolve(root, 'agent'),
    // Lines typed here reach the agent: `/pair` prints a new pairing code, anything else is a simulated scan.
    stdin: true,
    args: ['--import', 'tsx', '--watch', 'src/cli.ts', '--simulate'],
    env: {
      AGENT_PORT: agentPort,
      AGENT_DATA_DIR: resolve(dataDir, 'agent'),
      AGENT_ALLOWED_ORIGINS: `http://localhost:5173,http://localhost:${port},http://127.0.0.1:${port}`,
    },
  },
  {
    name: 'web',
    cwd: resolve(root, 'web'),
    args: [resolve(root, 'web/node_modules/vite/bin/vite.js')],
    env: { NINE_SERVER_PORT: port },
  },
]);
