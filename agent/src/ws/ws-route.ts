import type { FastifyPluginCallback } from 'fastify';
import type { RawData } from 'ws';
import {
  AGENT_WS_PATH,
  errorReply,
  parseAgentRequest,
  type AgentReply,
  type AgentRequest,
} from '@nine/shared/agent-protocol';
import { send, type Client, type ClientHub } from './client-hub.ts';

export interface WsRouteDeps {
  hub: ClientHub;
  handle: (request: AgentRequest, client: Client) => Promise<AgentReply>;
}

function textOf(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

/** `GET /ws`: the request guard (onRequest) has already checked Host and Origin before the upgrade. */
export const wsRoute: FastifyPluginCallback<WsRouteDeps> = (app, deps, done) => {
  app.get(AGENT_WS_PATH, { websocket: true }, (socket, request) => {
    const client = deps.hub.add(socket);
    const log = request.log;

    // Listeners go on synchronously: a frame that arrives before an await would otherwise be lost.
    socket.on('message', (data, isBinary) => {
      if (isBinary) {
        send(socket, errorReply(null, 'bad-json', 'binary frames are not supported'));
        return;
      }
      const parsed = parseAgentRequest(textOf(data));
      if (!parsed.ok) {
        send(socket, parsed.reply);
        return;
      }
      const { request: agentRequest } = parsed;
      deps.handle(agentRequest, client).then(
        (reply) => send(socket, reply),
        (error: unknown) => {
          log.error({ err: error, type: agentRequest.type }, 'agent request failed');
          send(socket, errorReply(agentRequest.id, 'internal', 'the agent could not handle the request'));
        },
      );
    });
    socket.on('close', () => deps.hub.remove(client));
    socket.on('error', (error) => log.warn({ err: error }, 'websocket error'));
  });
  done();
};
