import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { PrinterStatus } from '@nine/shared/agent-protocol';
import type { SimulatedPrinter } from '../devices/simulated-printer.ts';
import type { SimulatedScanner } from '../devices/simulated-scanner.ts';
import type { PairingService } from '../pairing/pairing-service.ts';
import { controlGuard } from '../security/request-guard.ts';

export interface ControlAppDeps {
  pairing: PairingService;
  /** Present in simulated mode: the `/simulate/*` routes drive these. */
  simulator: { printer: SimulatedPrinter; scanner: SimulatedScanner } | undefined;
  logger: FastifyServerOptions['logger'];
}

const scanBody = {
  type: 'object',
  required: ['code'],
  additionalProperties: false,
  properties: { code: { type: 'string', minLength: 1, maxLength: 4096 } },
} as const;

const printerStatusBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    online: { type: 'boolean' },
    coverOpen: { type: 'boolean' },
    paperOut: { type: 'boolean' },
    paperNearEnd: { type: 'boolean' },
    cutterError: { type: 'boolean' },
  },
} as const;

/**
 * The control port: loopback only and closed to browsers (see controlGuard). It hands out pairing codes to
 * local processes (the person at the counter, the end-to-end tests) and drives the simulated devices.
 */
export function buildControlApp(deps: ControlAppDeps): FastifyInstance {
  const app = Fastify({ logger: deps.logger ?? false });
  app.addHook('onRequest', controlGuard);

  const codeView = () => {
    const current = deps.pairing.currentCode();
    return current === null
      ? null
      : {
          code: current.code,
          expiresAt: new Date(current.expiresAt).toISOString(),
          attemptsLeft: current.attemptsLeft,
        };
  };

  /** A fresh pairing code (also printed on the agent's stdout). */
  app.post('/pairing-code', (_request, reply) => {
    deps.pairing.newCode();
    return reply.send(codeView());
  });

  const simulator = deps.simulator;
  if (simulator !== undefined) {
    app.get('/simulate/pairing-code', (_request, reply) => {
      const view = codeView();
      if (view === null) {
        return reply
          .code(404)
          .send({ error: { code: 'pairing-unavailable', message: 'no active pairing code' } });
      }
      return reply.send(view);
    });

    app.post<{ Body: { code: string } }>(
      '/simulate/scan',
      { schema: { body: scanBody } },
      (request, reply) => {
        if (!simulator.scanner.inject(request.body.code)) {
          const error = { code: 'scanner-stopped', message: 'the simulated scanner is not running' };
          return reply.code(409).send({ error });
        }
        return reply.send({ ok: true });
      },
    );

    app.post<{ Body: Partial<PrinterStatus> }>(
      '/simulate/printer-status',
      { schema: { body: printerStatusBody } },
      (request, reply) => reply.send({ status: simulator.printer.transport.setStatus(request.body) }),
    );
  }
  return app;
}
