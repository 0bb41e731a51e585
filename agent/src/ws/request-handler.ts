import type { FastifyBaseLogger } from 'fastify';
import {
  AGENT_PROTOCOL_VERSION,
  errorReply,
  okReply,
  privilegedRequestTypes,
  type AgentReply,
  type AgentRequest,
} from '@nine/shared/agent-protocol';
import { printerInfoOf, readPrinterStatus, type Printer } from '../devices/printer.ts';
import { scannerInfoOf, type ScannerSource } from '../devices/scanner.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { DeviceIdentity } from '../kiosk/device-identity.ts';
import type { PairingService } from '../pairing/pairing-service.ts';
import { renderPrintJob } from '../render/render-print-job.ts';
import { LayoutDoesNotFitError } from '../render/receipt-layout.ts';
import type { Client } from './client-hub.ts';

export interface RequestHandlerDeps {
  version: string;
  simulated: boolean;
  printers: readonly Printer[];
  scanners: readonly ScannerSource[];
  pairing: PairingService;
  queue: JobQueue;
  identity: DeviceIdentity;
  log: FastifyBaseLogger;
}

/** Answers one validated request from one client. Expected failures become error replies, never throws. */
export function createRequestHandler(deps: RequestHandlerDeps) {
  const { pairing, queue } = deps;
  const printerById = (id: string | undefined) =>
    id === undefined ? deps.printers[0] : deps.printers.find((p) => p.id === id);

  return async function handle(request: AgentRequest, client: Client): Promise<AgentReply> {
    const { id } = request;
    if (privilegedRequestTypes.includes(request.type) && !client.paired) {
      // A token on the request itself also counts, and pairs the connection for events.
      if (request.token !== undefined && pairing.isValidToken(request.token)) client.paired = true;
      else return errorReply(id, 'unauthorized', 'pair with the agent first (missing or invalid token)');
    }

    switch (request.type) {
      case 'hello': {
        const token = request.payload.token;
        if (token !== undefined && pairing.isValidToken(token)) client.paired = true;
        return okReply<'hello'>(id, {
          name: 'nine-agent',
          version: deps.version,
          protocol: AGENT_PROTOCOL_VERSION,
          simulated: deps.simulated,
          paired: client.paired,
          printers: deps.printers.map(printerInfoOf),
          scanners: deps.scanners.map(scannerInfoOf),
        });
      }
      case 'pair': {
        const result = await pairing.pair(request.payload.code);
        if (!result.ok) return errorReply(id, result.code, result.message);
        client.paired = true;
        deps.log.info('a client paired with the agent');
        return okReply<'pair'>(id, { token: result.token });
      }
      case 'print': {
        const printer = printerById(request.payload.printerId);
        if (printer === undefined)
          return errorReply(id, 'printer-not-found', `no printer '${request.payload.printerId ?? ''}'`);
        let bytes: Uint8Array;
        try {
          bytes = renderPrintJob(request.payload.job, printer.profile);
        } catch (error) {
          if (error instanceof LayoutDoesNotFitError)
            return errorReply(id, 'layout-does-not-fit', error.message);
          if (error instanceof RangeError) return errorReply(id, 'invalid-payload', error.message);
          throw error;
        }
        const job = await queue.submit({
          printerId: printer.id,
          bytes,
          idempotencyKey: request.payload.idempotencyKey,
        });
        return okReply<'print'>(id, { job });
      }
      case 'printer-status': {
        const wanted = request.payload.printerId;
        const printers = wanted === undefined ? deps.printers : deps.printers.filter((p) => p.id === wanted);
        if (printers.length === 0) return errorReply(id, 'printer-not-found', `no printer '${wanted ?? ''}'`);
        const statuses = await Promise.all(
          printers.map(async (printer) => ({
            printerId: printer.id,
            status: await readPrinterStatus(printer),
          })),
        );
        return okReply<'printer-status'>(id, { printers: statuses });
      }
      case 'job-status': {
        const job = queue.get(request.payload.jobId);
        if (job === undefined) return errorReply(id, 'job-not-found', `no job '${request.payload.jobId}'`);
        return okReply<'job-status'>(id, { job });
      }
      case 'resolve-job': {
        const job = await queue.resolve(request.payload.jobId, request.payload.resolution);
        if (job === undefined) return errorReply(id, 'job-not-found', `no job '${request.payload.jobId}'`);
        return okReply<'resolve-job'>(id, { job });
      }
      case 'kiosk-identity': {
        // Signs the challenge with the private key, which never leaves the agent.
        return okReply<'kiosk-identity'>(id, deps.identity.prove(request.payload));
      }
    }
  };
}
