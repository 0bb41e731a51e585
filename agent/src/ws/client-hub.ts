import type { WebSocket } from 'ws';
import type { AgentEvent } from '@nine/shared/agent-protocol';

/** One websocket client. `paired` turns true once it presents a valid token or pairs. */
export interface Client {
  socket: WebSocket;
  paired: boolean;
}

export interface ClientHub {
  add(socket: WebSocket): Client;
  remove(client: Client): void;
  /** Sends an event to every paired client; unpaired clients hear nothing. */
  broadcast(event: AgentEvent): void;
  /** Closes every socket (agent shutdown). */
  closeAll(): void;
  readonly size: number;
}

export function send(socket: WebSocket, frame: unknown): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

export function createClientHub(): ClientHub {
  const clients = new Set<Client>();
  return {
    add(socket) {
      const client: Client = { socket, paired: false };
      clients.add(client);
      return client;
    },
    remove(client) {
      clients.delete(client);
    },
    broadcast(event) {
      const frame = JSON.stringify(event);
      for (const client of clients) {
        if (client.paired && client.socket.readyState === client.socket.OPEN) client.socket.send(frame);
      }
    },
    closeAll() {
      for (const client of clients) client.socket.close(1001, 'agent shutting down');
      clients.clear();
    },
    get size() {
      return clients.size;
    },
  };
}
