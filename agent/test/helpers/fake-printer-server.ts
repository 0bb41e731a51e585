import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A network printer stand-in on 127.0.0.1: it records every byte it receives per connection and answers
 * DLE EOT n with the configured status byte (or stays silent, like many real printers).
 */
export interface FakePrinterServer {
  port: number;
  /** Bytes of each finished connection that carried more than status queries, in order. */
  jobs: Buffer[];
  /** Connections that only asked for the status. */
  statusQueries: number;
  /** Status byte per DLE EOT n; undefined leaves the query unanswered. */
  answers: Partial<Record<1 | 2 | 3 | 4, number>>;
  /** Stop reading (the buffer of a printer out of paper fills up). */
  stall: boolean;
  /** Closes the connections `holdOpen` kept open (the printer is done with them). */
  release(): void;
  /** Resolves with the next finished connection's bytes. */
  nextJob(timeoutMs?: number): Promise<Buffer>;
  close(): Promise<void>;
}

function isOnlyStatusQueries(bytes: Buffer): boolean {
  if (bytes.length % 3 !== 0) return false;
  for (let i = 0; i < bytes.length; i += 3) if (bytes[i] !== 0x10 || bytes[i + 1] !== 0x04) return false;
  return true;
}

export async function startFakePrinterServer(
  options: {
    port?: number;
    answers?: FakePrinterServer['answers'];
    /**
     * Called once a client has sent everything: true keeps the connection open (a printer still busy with
     * the job), else the printer closes its side as most do after reading a job.
     */
    holdOpen?: (bytes: Buffer) => boolean;
  } = {},
): Promise<FakePrinterServer> {
  const waiters: ((job: Buffer) => void)[] = [];
  const sockets = new Set<Socket>();
  const held = new Set<Socket>();
  const fake: FakePrinterServer = {
    port: 0,
    jobs: [],
    statusQueries: 0,
    answers: options.answers ?? {},
    stall: false,
    release() {
      for (const socket of held) socket.end();
      held.clear();
    },
    nextJob(timeoutMs = 3000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no job reached the fake printer')), timeoutMs);
        waiters.push((job) => {
          clearTimeout(timer);
          resolve(job);
        });
      });
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer({ allowHalfOpen: true }, (socket) => {
    sockets.add(socket);
    if (fake.stall) socket.pause();
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      // Answer real-time status queries the moment they arrive, as printers do.
      for (let i = 0; i + 2 < chunk.length; i += 1) {
        if (chunk[i] === 0x10 && chunk[i + 1] === 0x04) {
          const answer = fake.answers[chunk[i + 2] as 1 | 2 | 3 | 4];
          if (answer !== undefined) socket.write(Buffer.of(answer));
        }
      }
    });
    socket.on('end', () => {
      if (options.holdOpen?.(Buffer.concat(chunks)) === true) held.add(socket);
      else socket.end();
    });
    socket.on('close', () => {
      sockets.delete(socket);
      held.delete(socket);
      const job = Buffer.concat(chunks);
      if (isOnlyStatusQueries(job)) {
        fake.statusQueries += 1;
        return;
      }
      fake.jobs.push(job);
      waiters.shift()?.(job);
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  fake.port = (server.address() as AddressInfo).port;
  return fake;
}

/** A loopback port with nothing listening (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
