import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { AGENT_DEFAULT_PORT } from '@nine/shared/agent-protocol';
import { DEFAULT_ALLOWED_ORIGINS } from '../app.ts';
import { normalizeOrigins } from '../security/request-guard.ts';
import {
  loadDevicesConfig,
  parseDevicesConfig,
  printerFromFlag,
  scannerFromFlag,
  type DevicesConfig,
} from './device-config.ts';

export interface CliConfig {
  /**
   * `run` (the agent), `doctor` (diagnose hardware and permissions, then exit) or `pair` (ask the running
   * agent for a new pairing code through its control port, print it, then exit).
   */
  command: 'run' | 'doctor' | 'pair';
  port: number;
  controlPort: number;
  dataDir: string;
  allowedOrigins: string[];
  simulate: boolean;
  paperWidthMm: 58 | 80;
  logLevel: string;
  help: boolean;
  /** The devices file: `--config`, `AGENT_CONFIG`, or `<data dir>/devices.json` (optional then). */
  configPath: string;
  configRequired: boolean;
  /** `--printer` / `--scanner` values: when given, they replace the file's lists. */
  printers: string[];
  scanners: string[];
  /** `--name`: the PC's name for kiosk registration (else the config's `name`, else the host name). */
  deviceName: string | undefined;
}

export const USAGE = `Usage: nine-agent [options]
       nine-agent doctor [options]   list printers and scanners, check permissions, print fixes
       nine-agent pair [options]     ask the running agent (same --port/--control-port) for a new
                                     pairing code and print it

  --port <n>               websocket and /status port (AGENT_PORT, default ${AGENT_DEFAULT_PORT})
  --control-port <n>       loopback control port (AGENT_CONTROL_PORT, default port + 1)
  --data-dir <path>        secrets, job journal and spool (AGENT_DATA_DIR, default ./.agent-data)
  --allowed-origin <url>   back-office origin allowed to connect, repeatable
                           (AGENT_ALLOWED_ORIGINS, comma-separated, default ${DEFAULT_ALLOWED_ORIGINS.join(',')})
  --simulate               simulated printer and scanner; lines typed on stdin are scans
  --config <path>          devices file (AGENT_CONFIG, default <data dir>/devices.json if present)
  --printer <target>       a printer, repeatable, replaces the file's printers: tcp://HOST[:PORT],
                           usb://[VID:PID], device:/dev/usb/lp0, simulated
  --scanner <target>       a scanner, repeatable, replaces the file's scanners: hid://VID[:PID], simulated
  --paper-width <58|80>    paper of --printer and simulated printers (AGENT_PAPER_WIDTH, default 58)
  --name <text>            this PC's name for kiosk registration (default: the host name)
  --log-level <level>      fatal, error, warn, info, debug (AGENT_LOG_LEVEL, default info)
  --help                   this text

A new pairing code at any time: type /pair on the agent's stdin, run \`nine-agent pair\`
(\`pnpm agent:pair\` in the repository), or open http://127.0.0.1:<port>/ and choose "New pairing code".`;

function port(value: string, name: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535)
    throw new Error(`${name} must be a port number (0-65535), got '${value}'`);
  return n;
}

/** Flags win over environment variables, which win over defaults. Throws with a readable message. */
export function parseCliConfig(argv: readonly string[], env: NodeJS.ProcessEnv, cwd: string): CliConfig {
  // `pnpm start -- --port 1` passes the `--` along: ignore it.
  let args = argv[0] === '--' ? argv.slice(1) : [...argv];
  const command = args[0] === 'doctor' || args[0] === 'pair' ? args[0] : 'run';
  if (command !== 'run') args = args.slice(1);
  if (args[0] === '--') args = args.slice(1);
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string' },
      'control-port': { type: 'string' },
      'data-dir': { type: 'string' },
      'allowed-origin': { type: 'string', multiple: true },
      simulate: { type: 'boolean', default: false },
      'paper-width': { type: 'string' },
      'log-level': { type: 'string' },
      config: { type: 'string' },
      printer: { type: 'string', multiple: true },
      scanner: { type: 'string', multiple: true },
      name: { type: 'string' },
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

  const dataDir = resolve(cwd, values['data-dir'] ?? env.AGENT_DATA_DIR ?? '.agent-data');
  const explicitConfig = values.config ?? env.AGENT_CONFIG;
  return {
    command,
    port: mainPort,
    controlPort,
    dataDir,
    allowedOrigins: normalizeOrigins(origins),
    simulate: values.simulate,
    paperWidthMm: paper === '80' ? 80 : 58,
    logLevel: values['log-level'] ?? env.AGENT_LOG_LEVEL ?? 'info',
    help: values.help,
    configPath: explicitConfig === undefined ? join(dataDir, 'devices.json') : resolve(cwd, explicitConfig),
    configRequired: explicitConfig !== undefined,
    printers: values.printer ?? [],
    scanners: values.scanner ?? [],
    deviceName: values.name,
  };
}

/** The devices file with the `--printer`/`--scanner` flags applied. Throws with a readable message. */
export async function loadCliDevices(config: CliConfig): Promise<DevicesConfig> {
  const file = await loadDevicesConfig(config.configPath, { required: config.configRequired });
  if (config.printers.length === 0 && config.scanners.length === 0) return file;
  return parseDevicesConfig(
    {
      ...(file.name === undefined ? {} : { name: file.name }),
      printers:
        config.printers.length > 0
          ? config.printers.map((value, index) => printerFromFlag(value, index, config.paperWidthMm))
          : file.printers,
      scanners:
        config.scanners.length > 0
          ? config.scanners.map((value, index) => scannerFromFlag(value, index))
          : file.scanners,
    },
    'the --printer/--scanner flags',
  );
}
