import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { AGENT_DEFAULT_PORT } from '@nine/shared/agent-protocol';
import { DEFAULT_ALLOWED_ORIGINS } from '../app.ts';
import { normalizeOrigins } from '../security/request-guard.ts';

export interface CliConfig {
  port: number;
  controlPort: number;
  dataDir: string;
  allowedOrigins: string[];
  simulate: boolean;
  paperWidthMm: 58 | 80;
  logLevel: string;
  help: boolean;
}

export const USAGE = `Usage: nine-agent [options]

  --port <n>               websocket and /status port (AGENT_PORT, default ${AGENT_DEFAULT_PORT})
  --control-port <n>       loopback control port (AGENT_CONTROL_PORT, default port + 1)
  --data-dir <path>        secrets, job journal and spool (AGENT_DATA_DIR, default ./.agent-data)
  --allowed-origin <url>   back-office origin allowed to connect, repeatable
                           (AGENT_ALLOWED_ORIGINS, comma-separated, default ${DEFAULT_ALLOWED_ORIGINS.join(',')})
  --simulate               simulated printer and scanner; lines typed on stdin are scans
  --paper-width <58|80>    paper of the simulated printer (AGENT_PAPER_WIDTH, default 58)
  --log-level <level>      fatal, error, warn, info, debug (AGENT_LOG_LEVEL, default info)
  --help                   this text

On stdin, the line /pair prints a new pairing code.`;

function port(value: string, name: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535)
    throw new Error(`${name} must be a port number (0-65535), got '${value}'`);
  return n;
}

/** Flags win over environment variables, which win over defaults. Throws with a readable message. */
export function parseCliConfig(argv: readonly string[], env: NodeJS.ProcessEnv, cwd: string): CliConfig {
  const { values } = parseArgs({
    // `pnpm start -- --port 1` passes the `--` along: ignore it.
    args: argv[0] === '--' ? argv.slice(1) : [...argv],
    options: {
      port: { type: 'string' },
      'control-port': { type: 'string' },
      'data-dir': { type: 'string' },
      'allowed-origin': { type: 'string', multiple: true },
      simulate: { type: 'boolean', default: false },
      'paper-width': { type: 'string' },
      'log-level': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });

  const mainPort = port(values.port ?? env.AGENT_PORT ?? String(AGENT_DEFAULT_PORT), 'port');
  const controlValue = values['control-port'] ?? env.AGENT_CONTROL_PORT;
  // Port 0 (any free port) stays 0 for the control port too.
  const controlPort =
    controlValue === undefined ? (mainPort === 0 ? 0 : mainPort + 1) : port(controlValue, 'control port');
  if (controlPort !== 0 && controlPort === mainPort)
    throw new Error('the control port must differ from the port');
  if (controlPort > 65535) throw new Error('the control port would be above 65535; set --control-port');

  const envOrigins = env.AGENT_ALLOWED_ORIGINS?.split(',')
    .map((o) => o.trim())
    .filter((o) => o.length > 0);
  const origins = values['allowed-origin'] ?? envOrigins ?? DEFAULT_ALLOWED_ORIGINS;
  const paper = values['paper-width'] ?? env.AGENT_PAPER_WIDTH ?? '58';
  if (paper !== '58' && paper !== '80') throw new Error(`paper width must be 58 or 80, got '${paper}'`);

  return {
    port: mainPort,
    controlPort,
    dataDir: resolve(cwd, values['data-dir'] ?? env.AGENT_DATA_DIR ?? '.agent-data'),
    allowedOrigins: normalizeOrigins(origins),
    simulate: values.simulate,
    paperWidthMm: paper === '80' ? 80 : 58,
    logLevel: values['log-level'] ?? env.AGENT_LOG_LEVEL ?? 'info',
    help: values.help,
  };
}
