import { createConnection, type Socket } from 'node:net';
import type { PrinterStatus } from '@nine/shared/agent-protocol';
import { PrinterOfflineError, type PrinterTransport } from '../printer.ts';
import { createByteReader, offlineStatus, queryDleEotStatus } from '../printer-status.ts';
import { errorCode, messageOf, oneAtATime } from './one-at-a-time.ts';

export interface TcpTransportOptions {
  host: string;
  /** 9100: the raw ("JetDirect") port of network receipt printers. */
  port?: number;
  connectTimeoutMs?: number;
  /** Longest wait for the printer to take a whole job (it stops reading while its buffer is full). */
  writeTimeoutMs?: number;
  /** Longest wait for each DLE EOT answer. */
  statusTimeoutMs?: number;
}

/** After the job is flushed, how long the printer gets to close its side before the socket is dropped. */
const CLOSE_GRACE_MS = 2000;

/**
 * A network printer on TCP 9100: one connection per job or status query, since many printers serve a single
 * client at a time and drop idle ones. Every failure to reach or feed the printer is `PrinterOfflineError`,
 * so the queue keeps the job and retries.
 */
export function createTcpTransport(options: TcpTransportOptions): PrinterTransport {
  const port = options.port ?? 9100;
  const connectTimeoutMs = options.connectTimeoutMs ?? 3000;
  const writeTimeoutMs = options.writeTimeoutMs ?? 15_000;
  const statusTimeoutMs = options.statusTimeoutMs ?? 800;
  const target = `${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;
  const run = oneAtATime();

  // A status answer is wanted quickly: a host that does not accept within 1.5 s reads as offline.
  const statusConnectTimeoutMs = Math.min(connectTimeoutMs, 1500);

  const connect = (signal: AbortSignal, timeoutMs = connectTimeoutMs): Promise<Socket> =>
    new Promise((resolve, reject) => {
      signal.throwIfAborted();
      const socket = createConnection({ host: options.host, port });
      const fail = (error: Error) => {
        cleanup();
        socket.destroy();
        reject(error);
      };
      const onError = (error: Error) =>
        fail(new PrinterOfflineError(`cannot reach ${target}: ${errorCode(error) ?? error.message}`));
      const onAbort = () => fail(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      const timer = setTimeout(
        () => fail(new PrinterOfflineError(`cannot reach ${target}: no connection within ${timeoutMs} ms`)),
        timeoutMs,
      );
      function cleanup() {
        clearTimeout(timer);
        socket.off('error', onError);
        signal.removeEventListener('abort', onAbort);
      }
      socket.once('error', onError);
      signal.addEventListener('abort', onAbort, { once: true });
      socket.once('connect', () => {
        cleanup();
        socket.setNoDelay(true);
        resolve(socket);
      });
    });

  const sendJob = async (bytes: Uint8Array, signal: AbortSignal): Promise<void> => {
    const socket = await connect(signal);
    // Answers the printer may send (automatic status back) are read and dropped, never left to pile up.
    socket.on('data', () => undefined);
    // A reset after the job is flushed (printers hang up as they like) must not be an unhandled 'error',
    // which would kill the agent between the bytes reaching the printer and `done` reaching the journal.
    socket.on('error', () => undefined);
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => finish(new PrinterOfflineError(`${target} did not take the job within ${writeTimeoutMs} ms`)),
          writeTimeoutMs,
        );
        const onError = (error: Error) =>
          finish(new PrinterOfflineError(`${target}: ${errorCode(error) ?? error.message} while printing`));
        const onAbort = () => finish(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
        function finish(error?: Error) {
          clearTimeout(timer);
          socket.off('error', onError);
          signal.removeEventListener('abort', onAbort);
          if (error === undefined) resolve();
          else reject(error);
        }
        socket.on('error', onError);
        signal.addEventListener('abort', onAbort, { once: true });
        socket.end(bytes, () => finish());
      });
      // Flushed to the network; the printer closing its side confirms it read everything.
      if (!socket.closed) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, CLOSE_GRACE_MS);
          socket.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    } finally {
      socket.destroy();
    }
  };

  const readStatus = async (signal: AbortSignal): Promise<PrinterStatus> => {
    let socket: Socket;
    try {
      socket = await connect(signal, statusConnectTimeoutMs);
    } catch (error) {
      if (error instanceof PrinterOfflineError) return offlineStatus(error.message);
      throw error;
    }
    const reader = createByteReader();
    socket.on('data', (chunk: Buffer) => reader.push(chunk));
    socket.on('close', () => reader.end());
    socket.on('error', () => reader.end());
    const onAbort = () => socket.destroy();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      return await queryDleEotStatus(
        {
          write: (bytes) =>
            new Promise((resolve, reject) =>
              socket.write(bytes, (error) => (error ? reject(error) : resolve())),
            ),
          readByte: (timeoutMs) => reader.readByte(timeoutMs),
        },
        statusTimeoutMs,
      );
    } catch (error) {
      return offlineStatus(`${target}: ${messageOf(error)}`);
    } finally {
      signal.removeEventListener('abort', onAbort);
      socket.destroy();
    }
  };

  return {
    kind: 'tcp',
    target,
    write: (job, signal) => run(() => sendJob(job.bytes, signal)),
    status: (signal) => run(() => readStatus(signal)),
    close: () => run(() => Promise.resolve()),
  };
}
