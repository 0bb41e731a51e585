/**
 * `pnpm bench` reads PORT, AGENT_PORT and DATA_DIR as `pnpm start` does. The benches here run in the
 * end-to-end world, whose ports come from E2E_* (e2e-env.mjs): unless those are set, the world's server
 * listens on PORT, its agent on AGENT_PORT (or PORT + 10), its identity provider and database on PORT + 20
 * and PORT + 30 (the agent also takes its port + 1). Figures go to DATA_DIR/bench (default .data/bench).
 * Imported by bench/playwright.config.ts before the end-to-end config, which reads E2E_* when loaded.
 */
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

function portFrom(name: string): number | undefined {
  const value = process.env[name];
  if (value === undefined || value === '') return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535 - 31)
    throw new Error(`bench: ${name} must be a port number, got "${value}"`);
  return port;
}

const port = portFrom('PORT');
const agentPort = portFrom('AGENT_PORT');
const derived: Record<string, number | undefined> = {
  E2E_PORT: port,
  E2E_AGENT_PORT: agentPort ?? (port === undefined ? undefined : port + 10),
  E2E_OIDC_PORT: port === undefined ? undefined : port + 20,
  E2E_DB_PORT: port === undefined ? undefined : port + 30,
};
for (const [name, value] of Object.entries(derived)) {
  if (value !== undefined && !process.env[name]) process.env[name] = String(value);
}

/** Where the benches write their figures; a relative DATA_DIR is read from the repository root. */
export const benchDir = resolve(root, process.env.DATA_DIR || '.data', 'bench');
export const repoRoot = root;
