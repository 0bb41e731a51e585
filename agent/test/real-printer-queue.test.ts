import { afterEach, describe, expect, it } from 'vitest';
import { printJob, type JobInfo, type PrinterStatus } from '@nine/shared/agent-protocol';
import { parseDevicesConfig } from '../src/config/device-config.ts';
import { createConfiguredDevices } from '../src/devices/configured-devices.ts';
import { renderPrintJob } from '../src/render/render-print-job.ts';
import { closedPort, startFakePrinterServer, type FakePrinterServer } from './helpers/fake-printer-server.ts';
import {
  makeDataDir,
  pairedClient,
  removeDir,
  startAgent,
  type RunningAgent,
} from './helpers/agent-harness.ts';

let running: RunningAgent | undefined;
let server: FakePrinterServer | undefined;
afterEach(async () => {
  await running?.close();
  await server?.close();
  if (running !== undefined) await removeDir(running.dataDir);
  running = undefined;
  server = undefined;
});

describe('a network printer behind the queue', () => {
  it('keeps a job while the printer is unreachable, tells the browser, and prints it once it is back', async () => {
    const port = await closedPort();
    const dataDir = await makeDataDir();
    const config = parseDevicesConfig({
      printers: [
        {
          id: 'counter',
          transport: { type: 'tcp', host: '127.0.0.1', port, connectTimeoutMs: 500 },
          profile: { paperWidthMm: 80 },
          status: { pollMs: 50, timeoutMs: 200 },
        },
      ],
      scanners: [{ type: 'simulated', id: 'sim' }],
    });
    const devices = createConfiguredDevices(config, { dataDir });
    expect(devices.simulated).toBe(false);
    // A long back-off: only the status watch can bring the job back quickly.
    running = await startAgent({ dataDir, devices, simulate: false, queue: { retryDelayMs: 30_000 } });
    const { client } = await pairedClient(running);

    expect(await client.request('printer-status', { printerId: 'counter' })).toMatchObject({
      result: {
        printers: [{ status: { state: 'offline', error: expect.stringContaining('ECONNREFUSED') } }],
      },
    });
    const job = { kind: 'text', text: 'Ticket nº 42 — 12,50 €' } as const;
    const reply = await client.request('print', { job });
    if (!reply.ok) throw new Error(reply.error.message);
    const { jobId } = (reply.result as { job: JobInfo }).job;
    const waiting = await client.waitForEvent(
      (e) =>
        e.event === 'job-status' &&
        e.payload.jobId === jobId &&
        e.payload.status === 'queued' &&
        'reason' in e.payload,
    );
    expect((waiting.payload as JobInfo).reason).toContain('cannot reach 127.0.0.1');

    server = await startFakePrinterServer({ port, answers: { 1: 0x12, 2: 0x12, 3: 0x12, 4: 0x12 } });
    const printed = server.nextJob(5000);
    await client.waitForEvent(
      (e) => e.event === 'job-status' && e.payload.jobId === jobId && e.payload.status === 'done',
      5000,
    );
    const expected = renderPrintJob(printJob.parse(job), devices.printers[0]!.profile);
    expect(Buffer.compare(await printed, Buffer.from(expected))).toBe(0);
    expect(server.jobs).toHaveLength(1);
    const back = await client.waitForEvent(
      (e) =>
        e.event === 'printer-status' &&
        e.payload.printerId === 'counter' &&
        e.payload.status.state === 'ready',
    );
    expect((back.payload as { status: PrinterStatus }).status.online).toBe(true);
    await client.close();
  });

  it('answers printer-status requests with the DLE EOT status of the printer', async () => {
    server = await startFakePrinterServer({ answers: { 1: 0x1a, 2: 0x32, 3: 0x12, 4: 0x7e } });
    const dataDir = await makeDataDir();
    const devices = createConfiguredDevices(
      parseDevicesConfig({
        printers: [
          {
            id: 'bar',
            transport: { type: 'tcp', host: '127.0.0.1', port: server.port },
            status: { pollMs: 0 },
          },
        ],
      }),
      { dataDir },
    );
    running = await startAgent({ dataDir, devices, simulate: false });
    const { client } = await pairedClient(running);
    expect(await client.request('printer-status', {})).toMatchObject({
      ok: true,
      result: {
        printers: [{ printerId: 'bar', status: { state: 'offline', paperOut: true, error: 'paper out' } }],
      },
    });
    await client.close();
  });
});
