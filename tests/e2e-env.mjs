// Ports and folders of the end-to-end world, shared by the Playwright config, the harness and tests.
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3917);
export const e2e = {
  port,
  agentPort: Number(process.env.E2E_AGENT_PORT ?? 3927),
  oidcPort: Number(process.env.E2E_OIDC_PORT ?? 3937),
  dbPort: Number(process.env.E2E_DB_PORT ?? 3947),
  baseUrl: `http://127.0.0.1:${port}`,
  get databaseUrl() {
    return `postgres://nine:nine@127.0.0.1:${this.dbPort}/nine`;
  },
  outboxDir: join(tmpdir(), `nine-e2e-outbox-${port}`),
  /** The simulated agent's data: its spool of printed jobs is `<agentDataDir>/spool`. */
  agentDataDir: join(tmpdir(), `nine-e2e-agent-${port}`),
};
