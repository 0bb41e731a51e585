#!/usr/bin/env node
import { createInterface } from 'node:readline';
import type { AddressInfo } from 'node:net';
import { buildAgent, LOOPBACK_HOST } from './app.ts';
import { parseCliConfig, USAGE, type CliConfig } from './config/cli-config.ts';
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

let listening = false;
const showCode = (code: PairingCode | null) => {
  if (code === null) return;
  const minutes = Math.round((code.expiresAt - Date.now()) / 60_000);
  process.stdout.write(`Pairing code: ${code.code} (valid ${minutes} minutes)\n`);
};

const agent = await buildAgent({
  dataDir: config.dataDir,
  allowedOrigins: config.allowedOrigins,
  simulate: config.simulate,
  paperWidthMm: config.paperWidthMm,
  logger: { level: config.logLevel },
  onPairingCode: (code) => {
    if (listening) showCode(code);
  },
});

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

// Typed lines: `/pair` asks for a new code; anything else is a scan when the scanner is simulated.
const scanner = agent.devices.simulator?.scanner;
const input = createInterface({ input: process.stdin, terminal: false });
input.on('line', (line) => {
  const text = line.trim();
  if (text.length === 0) return;
  if (text === '/pair') agent.pairing.newCode();
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
