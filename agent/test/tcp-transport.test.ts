import { afterEach, describe, expect, it } from 'vitest';
import { printJob } from '@nine/shared/agent-protocol';
import { makePrinterProfile, PrinterOfflineError, readPrinterStatus } from '../src/devices/printer.ts';
import { createTcpTransport } from '../src/devices/transports/tcp-transport.ts';
import { renderPrintJob } from '../src/render/render-print-job.ts';
import { makeReceipt } from './fixtures/receipts.ts';
import { closedPort, startFakePrinterServer, type FakePrinterServer } from './helpers/fake-printer-server.ts';

let server: FakePrinterServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const signal = () => new AbortController().signal;
const READY = { 1: 0x16, 2: 0x12, 3: 0x12, 4: 0x12 } as const;

describe('TCP 9100 transport', () => {
  it('delivers the exact bytes of a receipt to the printer, one connection per job', async () => {
    server = await startFakePrinterServer();
    const transport = createTcpTransport({ host: '127.0.0.1', port: server.port });
    const bytes = renderPrintJob(
      printJob.parse({ kind: 'receipt', receipt: makeReceipt({ lines: 30 }), openDrawer: true }),
      makePrinterProfile({ paperWidthMm: 80 }),
    );
    const received = server.nextJob();
    await transport.write({ jobId: 'j1', bytes }, signal());
    expect(Buffer.compare(await received, Buffer.from(bytes))).toBe(0);

    await transport.write({ jobId: 'j2', bytes: Uint8Array.of(0x1b, 0x40, 0x41, 0x0a) }, signal());
    expect(server.jobs.map((job) => job.toString('hex'))).toEqual([
      Buffer.from(bytes).toString('hex'),
      '1b40410a',
    ]);
  });

  it('reports an unreachable printer as offline so the queue retries', async () => {
    const port = await closedPort();
    const transport = createTcpTransport({ host: '127.0.0.1', port, connectTimeoutMs: 500 });
    const error = await transport.write({ jobId: 'j', bytes: Uint8Array.of(0x41) }, signal()).catch((e) => e);
    expect(error).toBeInstanceOf(PrinterOfflineError);
    expect((error as Error).message).toContain('ECONNREFUSED');
    expect(await transport.status(signal())).toMatchObject({ state: 'offline', online: false });
  });

  it('gives up on a printer that stops reading, within the write timeout', async () => {
    server = await startFakePrinterServer();
    server.stall = true;
    const transport = createTcpTransport({ host: '127.0.0.1', port: server.port, writeTimeoutMs: 300 });
    // Far more than the socket buffers of both ends hold.
    const bytes = new Uint8Array(64 * 1024 * 1024);
    const started = Date.now();
    const error = await transport.write({ jobId: 'big', bytes }, signal()).catch((e) => e);
    expect(error).toBeInstanceOf(PrinterOfflineError);
    expect((error as Error).message).toContain('did not take the job within 300 ms');
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('DLE EOT status over TCP', () => {
  it('reads a ready printer', async () => {
    server = await startFakePrinterServer({ answers: READY });
    const transport = createTcpTransport({ host: '127.0.0.1', port: server.port });
    expect(await transport.status(signal())).toEqual({
      state: 'ready',
      online: true,
      coverOpen: false,
      paperOut: false,
      paperNearEnd: false,
      cutterError: false,
    });
  });

  it('reads paper out with the roll near end, cover open, and a cutter error', async () => {
    server = await startFakePrinterServer({ answers: { 1: 0x1a, 2: 0x32, 3: 0x12, 4: 0x7e } });
    const transport = createTcpTransport({ host: '127.0.0.1', port: server.port });
    expect(await transport.status(signal())).toMatchObject({
      state: 'offline',
      online: false,
      paperOut: true,
      paperNearEnd: true,
      coverOpen: false,
      error: 'paper out',
    });

    server.answers = { 1: 0x1a, 2: 0x16, 3: 0x12, 4: 0x12 };
    expect(await transport.status(signal())).toMatchObject({
      state: 'offline',
      coverOpen: true,
      error: 'cover open',
    });

    server.answers = { 1: 0x1a, 2: 0x52, 3: 0x1a, 4: 0x12 };
    expect(await transport.status(signal())).toMatchObject({
      state: 'offline',
      cutterError: true,
      error: 'cutter error',
    });

    // Near end alone still prints.
    server.answers = { 1: 0x12, 2: 0x12, 3: 0x12, 4: 0x1e };
    expect(await transport.status(signal())).toMatchObject({
      state: 'ready',
      online: true,
      paperNearEnd: true,
    });
  });

  it('reports a silent printer as unknown after the timeout instead of hanging', async () => {
    server = await startFakePrinterServer({ answers: {} });
    const transport = createTcpTransport({ host: '127.0.0.1', port: server.port, statusTimeoutMs: 150 });
    const started = Date.now();
    const status = await transport.status(signal());
    expect(status).toMatchObject({ state: 'unknown', online: false, paperOut: null, coverOpen: null });
    expect(status.error).toContain('no answer to DLE EOT within 150 ms');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('keeps the answers it got when a printer stops answering after n=1', async () => {
    server = await startFakePrinterServer({ answers: { 1: 0x12 } });
    const transport = createTcpTransport({ host: '127.0.0.1', port: server.port, statusTimeoutMs: 100 });
    expect(await transport.status(signal())).toMatchObject({
      state: 'ready',
      coverOpen: null,
      paperOut: null,
      paperNearEnd: null,
    });
  });

  it('is bounded by readPrinterStatus even when the transport itself would wait longer', async () => {
    server = await startFakePrinterServer({ answers: {} });
    const transport = createTcpTransport({ host: '127.0.0.1', port: server.port, statusTimeoutMs: 5000 });
    const printer = { id: 'p', name: 'p', profile: makePrinterProfile(), transport };
    const status = await readPrinterStatus(printer, 200);
    expect(status).toMatchObject({ state: 'unknown', error: 'no answer within 200 ms' });
  });
});
