import { mkdir } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import websocket from '@fastify/websocket';
import { AGENT_WS_PATH, makeEvent, type PrinterStatus } from '@nine/shared/agent-protocol';
import { buildControlApp } from './control/control-app.ts';
import { canTryPrinting } from './devices/printer-status.ts';
import { watchPrinterStatus } from './devices/printer-status-watch.ts';
import { createSimulatedDevices, type AgentDevices } from './devices/simulated-devices.ts';
import { createJobJournal } from './jobs/job-journal.ts';
import { createJobQueue, type JobQueue, type JobQueueOptions } from './jobs/job-queue.ts';
import { loadDeviceIdentity, type DeviceIdentity } from './kiosk/device-identity.ts';
import { LOCAL_PAGE_PATH, LOCAL_PAIRING_PATH, localPageRoute } from './local-page/local-page-route.ts';
import {
  createPairingService,
  PAIRING_TTL_MS,
  type PairingCode,
  type PairingService,
} from './pairing/pairing-service.ts';
import { createSecretsStore } from './pairing/secrets-store.ts';
import { createRequestGuard, normalizeOrigins } from './security/request-guard.ts';
import { statusRoute } from './status/status-route.ts';
import { AGENT_VERSION } from './version.ts';
import { createClientHub, type ClientHub } from './ws/client-hub.ts';
import { createRequestHandler } from './ws/request-handler.ts';
import { wsRoute } from './ws/ws-route.ts';

/** The agent binds here and nowhere else. */
export const LOOPBACK_HOST = '127.0.0.1';
export const DEFAULT_ALLOWED_ORIGINS = ['http://localhost:3000', 'http://127.0.0.1:3000'];
/** Largest websocket frame accepted: a receipt with 500 lines is far below it. */
const MAX_FRAME_BYTES = 1024 * 1024;

export interface AgentOptions {
  dataDir: string;
  allowedOrigins?: readonly string[];
  /** Ask for the simulated drivers. They are also used when no hardware is configured. */
  simulate?: boolean;
  /** Paper of the simulated printer. */
  paperWidthMm?: 58 | 80;
  /** The drivers to use instead of the simulated ones (real hardware; tests that count writes). */
  devices?: AgentDevices;
  logger?: FastifyServerOptions['logger'];
  now?: () => number;
  pairing?: { ttlMs?: number; maxAttempts?: number };
  queue?: Pick<
    JobQueueOptions,
    'retryDelayMs' | 'maxRetryDelayMs' | 'maxJobAgeMs' | 'keepFinished' | 'compactAfter'
  >;
  /** Told about every new pairing code (the CLI prints it). */
  onPairingCode?: (code: PairingCode) => void;
  /** The PC's name in kiosk-identity answers; the host name by default. */
  deviceName?: string;
}

export interface Agent {
  /** The main surface: `GET /status` and the websocket `GET /ws`. */
  app: FastifyInstance;
  /** The control surface: pairing codes and the simulated devices. */
  control: FastifyInstance;
  pairing: PairingService;
  queue: JobQueue;
  devices: AgentDevices;
  hub: ClientHub;
  identity: DeviceIdentity;
  close(): Promise<void>;
}

/** Builds the agent without listening: the CLI listens on loopback, tests inject or listen on port 0. */
export async function buildAgent(options: AgentOptions): Promise<Agent> {
  const dataDir = resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const allowedOrigins = normalizeOrigins(options.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS);
  const app = Fastify({ logger: options.logger ?? false });
  // The CLI passes the configured hardware; without it the agent simulates.
  const devices =
    options.devices ?? createSimulatedDevices({ dataDir, paperWidthMm: options.paperWidthMm ?? 58 });
  if (options.simulate === false && devices.simulated)
    app.log.warn('no hardware configured: using simulated devices');
  const hub = createClientHub();
  const identity = await loadDeviceIdentity({ dataDir, name: options.deviceName ?? hostname() });

  const pairing = await createPairingService({
    store: createSecretsStore(dataDir),
    ...(options.now === undefined ? {} : { now: options.now }),
    ...options.pairing,
    ...(options.onPairingCode === undefined ? {} : { onCode: options.onPairingCode }),
    onBurned: () => app.log.warn('pairing code burned after too many wrong attempts; generate a new one'),
  });

  const queue = createJobQueue({
    journal: createJobJournal(join(dataDir, 'jobs', 'journal.ndjson')),
    printers: devices.printers,
    onStatus: (job) => hub.broadcast(makeEvent('job-status', job)),
    log: app.log,
    ...(options.now === undefined ? {} : { now: options.now }),
    ...options.queue,
  });
  await queue.start();

  for (const scanner of devices.scanners) {
    await scanner.start((code) =>
      hub.broadcast(makeEvent('scan', { scannerId: scanner.id, code, at: new Date().toISOString() })),
    );
  }
  const unsubscribes = devices.printers.flatMap((printer) => {
    const onStatus = (status: PrinterStatus) => {
      hub.broadcast(makeEvent('printer-status', { printerId: printer.id, status }));
      if (canTryPrinting(status)) queue.retryNow(printer.id);
    };
    const stops = [printer.transport.onStatusChange?.(onStatus)];
    if ((printer.statusPollMs ?? 0) > 0) {
      const watch = watchPrinterStatus({
        printer,
        intervalMs: printer.statusPollMs ?? 0,
        onChange: onStatus,
      });
      stops.push(() => watch.stop());
    }
    return stops;
  });

  const control = buildControlApp({
    pairing,
    simulator: devices.simulator,
    logger: options.logger ?? false,
  });

  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  app.addHook(
    'onRequest',
    createRequestGuard({
      allowedOrigins,
      originRequired: (path) => path === AGENT_WS_PATH,
      ownPage: (path) => path === LOCAL_PAGE_PATH || path === LOCAL_PAIRING_PATH,
    }),
  );
  app.addHook('onClose', async () => {
    hub.closeAll();
    for (const unsubscribe of unsubscribes) unsubscribe?.();
    await queue.stop();
    await Promise.allSettled(devices.scanners.map((scanner) => scanner.stop()));
    await Promise.allSettled(devices.printers.map((printer) => printer.transport.close()));
  });
  const info = {
    version: AGENT_VERSION,
    simulated: devices.simulated,
    printers: devices.printers,
    scanners: devices.scanners,
  };
  await app.register(statusRoute, info);
  await app.register(localPageRoute, {
    ...info,
    pairing,
    ttlMs: options.pairing?.ttlMs ?? PAIRING_TTL_MS,
  });
  await app.register(wsRoute, {
    hub,
    handle: createRequestHandler({ ...info, pairing, queue, identity, log: app.log }),
  });

  pairing.newCode();

  return {
    app,
    control,
    pairing,
    queue,
    devices,
    hub,
    identity,
    async close() {
      await control.close();
      await app.close();
    },
  };
}
