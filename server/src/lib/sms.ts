import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface SmsMessage {
  to: string;
  text: string;
}

export interface SmsTransport {
  send(message: SmsMessage): Promise<void>;
  /** Where messages are written when no gateway is configured; null with a gateway. */
  outboxDir: string | null;
}

/**
 * The messaging transport: a JSON POST `{ to, text }` to `gatewayUrl` when one is configured (any 2xx
 * is accepted); otherwise every message is written as a text file to the outbox folder, where a
 * person (or a test) reads it.
 */
export function createSmsTransport(opts: {
  gatewayUrl: string | undefined;
  outboxDir: string;
  timeoutMs?: number;
}): SmsTransport {
  const { gatewayUrl } = opts;
  if (gatewayUrl) {
    return {
      outboxDir: null,
      async send(message) {
        const res = await fetch(gatewayUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(message),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        });
        if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
      },
    };
  }
  let sequence = 0;
  return {
    outboxDir: opts.outboxDir,
    async send(message) {
      await mkdir(opts.outboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^\d+]/g, '');
      // The sequence keeps two messages of the same millisecond apart.
      const name = `${Date.now()}-${String(++sequence).padStart(4, '0')}-${safeTo}.txt`;
      await writeFile(join(opts.outboxDir, name), `To: ${message.to}\n\n${message.text}\n`);
    },
  };
}
