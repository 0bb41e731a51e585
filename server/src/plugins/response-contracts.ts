import type { FastifyInstance } from 'fastify';
import { contracts } from '@nine/shared/schemas/contracts';

/**
 * What a response that breaks its contract does: `enforce` fails the request (tests and development, so a
 * handler and its schema cannot drift unnoticed), `log` records it and answers anyway (production, where a
 * missing optional field must not cost a customer their order).
 */
export type ResponseContractMode = 'enforce' | 'log';

/** A handler answered something its route's response schema does not allow. */
export class ResponseContractError extends Error {
  constructor(route: string, issues: string) {
    super(`the response of ${route} breaks its contract: ${issues}`);
    this.name = 'ResponseContractError';
  }
}

/**
 * Checks every `{ data }` answer against its route's response schema in shared/src/schemas/contracts.ts,
 * the same schema the OpenAPI document and the web app's types are made from. It reads the body as sent
 * (dates are strings there, as the browser gets them) and never rewrites it: a field the schema forgot is
 * reported, not dropped.
 */
export function registerResponseContracts(app: FastifyInstance, mode: ResponseContractMode): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const route = `${request.method} ${request.routeOptions.url}`;
    const schema = contracts[route]?.response?.[reply.statusCode as 200 | 201];
    if (!schema || typeof payload !== 'string') return payload;
    const body: unknown = JSON.parse(payload);
    const result = schema.safeParse((body as { data?: unknown }).data);
    if (result.success) return payload;
    const issues = result.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    if (mode === 'enforce') {
      const err = new ResponseContractError(route, issues);
      // The error handler answers a bare 500: say here which field broke, for whoever runs the tests.
      process.stderr.write(`${err.message}\n`);
      throw err;
    }
    request.log.error({ route, issues }, 'response breaks its contract');
    return payload;
  });
}
