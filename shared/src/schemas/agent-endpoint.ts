import { z } from 'zod';
import { AGENT_WS_PATH } from '../agent-protocol.ts';

/**
 * `GET /api/nine/agent-endpoint` (public): where the counter agent started beside this server listens.
 * Only a loopback port: the web app connects to 127.0.0.1 on the PC it runs on, never to the server's host.
 * Both are null when the server was not told (AGENT_PORT unset or 0): the web app then uses its default.
 */
export const agentEndpointResponse = z.object({
  port: z.number().int().min(1).max(65535).nullable(),
  url: z.string().nullable(),
});
export type AgentEndpointResponse = z.infer<typeof agentEndpointResponse>;

/** The agent's websocket on this PC for a port. */
export function agentWsUrl(port: number): string {
  return `ws://127.0.0.1:${port}${AGENT_WS_PATH}`;
}
