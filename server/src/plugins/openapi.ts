import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { z } from 'zod';
import { contracts, type RouteContract } from '@nine/shared/schemas/contracts';

export const DOCS_PREFIX = '/api/docs';
/** Marks the docs scope: routes declared in it (Swagger UI's own, its static files) are public documentation. */
const DOCS_SCOPE = 'nineDocsScope';

/** A zod schema as an OpenAPI 3.1 schema (JSON Schema 2020-12), without the `$schema` keyword. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    // Transforms and refinements have no JSON Schema form: describe what can be, accept the rest.
    unrepresentable: 'any',
    reused: 'inline',
  });
  return rest;
}

/** The route's contract as the Fastify-style schema @fastify/swagger turns into an operation. */
export function contractSchema(
  contract: RouteContract,
  tag: string,
): FastifySchema & Record<string, unknown> {
  const schema: FastifySchema & Record<string, unknown> = { tags: [tag] };
  if (contract.summary) schema.summary = contract.summary;
  if (contract.params) schema.params = jsonSchema(contract.params, 'input');
  if (contract.querystring) schema.querystring = jsonSchema(contract.querystring, 'input');
  if (contract.body) schema.body = jsonSchema(contract.body, 'input');
  if (contract.response) {
    schema.response = Object.fromEntries(
      Object.entries(contract.response).map(([status, body]) => [
        status,
        { description: 'Success', ...jsonSchema(z.object({ data: body }), 'output') },
      ]),
    );
  }
  return schema;
}

/**
 * The OpenAPI 3.1 document of every /api route, served at /api/docs/openapi.json, and Swagger UI at
 * /api/docs (its assets come from the package, so the page works offline).
 *
 * Contracts (shared/src/schemas/contracts.ts) reach the document through swagger's `transform`; the routes'
 * own `schema` stays empty, so fast-json-stringify never drops a field a response schema forgot. Handlers
 * parse requests with the same zod schemas, and plugins/response-contracts.ts checks every answer.
 *
 * Register before `registerAuthentication`: this scope's onRoute hook must run before the one that refuses
 * a route without `config.access`, and swagger must see every route declared after it.
 */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  app.addHook('onRoute', function markDocsRoutesPublic(route) {
    if (!this.hasDecorator(DOCS_SCOPE) || route.config?.access) return;
    route.config = { ...route.config, access: 'public' };
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Nine API',
        version,
        description:
          'Every answer is `{ data }`; a failure is `{ resp_code, resp_message, data? }` with a code from the error catalogue. Send `Authorization: Bearer <token>` (from POST /api/nine/user/login) and the `location-id` header.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: ({ schema, url, route }) => {
      if (!url.startsWith('/api/') || url.startsWith(`${DOCS_PREFIX}/`) || url === DOCS_PREFIX) {
        return { schema: { ...schema, hide: true } as FastifySchema, url };
      }
      const methods = [route.method].flat();
      const contract = contracts[`${methods[0]} ${url}` as keyof typeof contracts] as
        RouteContract | undefined;
      const tag = url.split('/')[3] ?? 'nine';
      const base = contract ? contractSchema(contract, tag) : { tags: [tag] };
      const access = route.config?.access;
      if (access && access !== 'public') base.security = [{ bearer: [] }];
      return { schema: base as FastifySchema, url };
    },
  });

  // Not awaited: the scope loads with the routes after it, once the access hook exists to record its routes.
  void app.register(async (docs) => {
    docs.decorate(DOCS_SCOPE, true);
    docs.get(`${DOCS_PREFIX}/openapi.json`, { config: { access: 'public' }, schema: { hide: true } }, () =>
      app.swagger(),
    );
    // Swagger UI reads the same document at its own `./json`.
    await docs.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  });
}
