#!/usr/bin/env node
import { createInterface } from 'node:readline';
import type { AddressInfo } from 'node:net';
import { buildAgent, LOOPBACK_HOST } from './app.ts';
import { loadCliDevices, parseCliConfig, USAGE, type CliConfig } from './config/cli-config.ts';
import type { DevicesConfig } from './config/device-config.ts';
import { createConfiguredDevices } from './devices/configured-devices.ts';
import { loadNodeHid } from './devices/hid/node-hid-loader.ts';
import {
  canReadWrite,
  formatDoctorReport,
  listUsbDevices,
  pathExists,
  runDoctor,
} from './doctor/run-doctor.ts';
import { pairingCodeLine, requestPairingCode } from './control/request-pairing-code.ts';
import type { PairingCode } from './pairing/pairing-service.ts';

let config: CliConfig;
try {
  config = parseCliConfig(process.argv.slice(2), process.env, process.cwd());
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`);
  process.exit(2);
}
if (config.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

if (config.command === 'pair') {
  try {
    process.stdout.write(`${pairingCodeLine(await requestPairingCode(config.controlPort))}\n`);
    process.exit(0);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

let devicesConfig: DevicesConfig;
try {
  devicesConfig = await loadCliDevices(config);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
}
const hasHardwareConfig = devicesConfig.printers.length > 0 || devicesConfig.scanners.length > 0;

if (config.command === 'doctor') {
  const devices = createConfiguredDevices(devicesConfig, { dataDir: config.dataDir });
  const report = await runDoctor({
    config: devicesConfig,
    configPath: config.configPath,
    configFound: await pathExists(config.configPath),
    printers: devices.printers,
    listUsb: listUsbDevices,
    loadHid: loadNodeHid,
    platform: process.platform,
    isRoot: process.getuid?.() === 0,
    canReadWrite,
    exists: pathExists,
  });
  await Promise.allSettled(devices.printers.map((printer) => printer.transport.close()));
  process.stdout.write(formatDoctorReport(report));
  // Native handles (usb's event thread) may keep the process alive: the report is out, leave.
  process.exit(report.problems.length === 0 ? 0 : 1);
}

let listening = false;
const showCode = (code: PairingCode | null) => {
  if (code !== null) process.stdout.write(`${pairingCodeLine(code)}\n`);
};

// `--simulate` wins over the config: the end-to-end tests and demos must never reach real hardware.
// Scanners start inside buildAgent, before its logger exists: early problems go to stderr.
let warn = (message: string): void => {
  process.stderr.write(`${message}\n`);
};
const devices =
  config.simulate || !hasHardwareConfig
    ? undefined
    : createConfiguredDevices(devicesConfig, { dataDir: config.dataDir, onProblem: (m) => warn(m) });
const deviceName = config.deviceName ?? devicesConfig.name;

const agent = await buildAgent({
  dataDir: config.dataDir,
  allowedOrigins: config.allowedOrigins,
  simulate: config.simulate,
  paperWidthMm: config.paperWidthMm,
  ...(devices === undefined ? {} : { devices }),
  ...(deviceName === undefined ? {} : { deviceName }),
  logger: { level: config.logLevel },
  onPairingCode: (code) => {
    if (listening) showCode(code);
  },
});

warn = (message) => agent.app.log.warn(message);
if (config.simulate && hasHardwareConfig)
  agent.app.log.warn('--simulate: the configured devices are not used');

try {
  await agent.app.listen({ host: LOOPBACK_HOST, port: config.port });
  await agent.control.listen({ host: LOOPBACK_HOST, port: config.controlPort });
} catch (error) {
  agent.app.log.fatal({ err: error }, 'the agent could not listen');
  await agent.close();
  process.exit(1);
}
listening = true;
const portOf = (address: AddressInfo | string | null) =>
  typeof address === 'object' && address !== null ? address.port : 0;
process.stdout.write(
  `Nine agent ${agent.devices.simulated ? '(simulated devices) ' : ''}on http://${LOOPBACK_HOST}:${portOf(agent.app.server.address())}` +
    ` (control http://${LOOPBACK_HOST}:${portOf(agent.control.server.address())}), data in ${config.dataDir}\n`,
);
showCode(agent.pairing.currentCode());
const mainPort = portOf(agent.app.server.address());
process.stdout.write(
  `A new pairing code at any time: type /pair here, run \`nine-agent pair\` (pnpm agent:pair), or open http://${LOOPBACK_HOST}:${mainPort}/\n`,
);

// Typed lines: `/pair` (or `pair`) asks for a new code; anything else is a scan when the scanner is simulated.
// `pair` alone is no barcode anyone prints, so it is safe to take as a command.
const scanner = agent.devices.simulator?.scanner;
const input = createInterface({ input: process.stdin, terminal: false });
input.on('line', (line) => {
  const text = line.trim();
  if (text.length === 0) return;
  if (text === '/pair' || text === 'pair') agent.pairing.newCode();
  else if (scanner !== undefined && config.simulate) scanner.inject(text);
});

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  agent.app.log.info({ signal }, 'shutting down');
  input.close();
  await agent.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
