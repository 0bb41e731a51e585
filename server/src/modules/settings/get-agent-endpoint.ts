import type { FastifyInstance } from 'fastify';
import { agentWsUrl, type AgentEndpointResponse } from '@nine/shared/schemas/agent-endpoint';

/**
 * `GET /api/nine/agent-endpoint`: the port of the counter agent this server was started with, so the web
 * app finds it without anyone typing an address. Public, because the agent connection starts before and
 * apart from the session; it says nothing but a loopback port number, which is no secret.
 */
export function registerAgentEndpoint(app: FastifyInstance, deps: { agentPort: number | null }): void {
  const data: AgentEndpointResponse =
    deps.agentPort === null
      ? { port: null, url: null }
      : { port: deps.agentPort, url: agentWsUrl(deps.agentPort) };
  app.get('/api/nine/agent-endpoint', { config: { access: 'public' } }, (_request, reply) =>
    reply.header('cache-control', 'no-cache').send({ data }),
  );
}
