import type { FastifyPluginCallback } from 'fastify';
import { AGENT_PROTOCOL_VERSION, AGENT_STATUS_PATH } from '@nine/shared/agent-protocol';
import { printerInfoOf, type Printer } from '../devices/printer.ts';
import { scannerInfoOf, type ScannerSource } from '../devices/scanner.ts';

export interface StatusRouteDeps {
  version: string;
  simulated: boolean;
  printers: readonly Printer[];
  scanners: readonly ScannerSource[];
}

/** `GET /status`: what the agent is and which devices it drives; no secrets, no token needed. */
export const statusRoute: FastifyPluginCallback<StatusRouteDeps> = (app, deps, done) => {
  app.get(AGENT_STATUS_PATH, (_request, reply) =>
    reply.send({
      name: 'nine-agent',
      version: deps.version,
      protocol: AGENT_PROTOCOL_VERSION,
      simulated: deps.simulated,
      printers: deps.printers.map(printerInfoOf),
      scanners: deps.scanners.map(scannerInfoOf),
    }),
  );
  done();
};
