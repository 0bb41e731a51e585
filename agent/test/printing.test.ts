import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { printJob, type JobInfo } from '@nine/shared/agent-protocol';
import { renderPrintJob } from '../src/render/render-print-job.ts';
import { makeReceipt } from './fixtures/receipts.ts';
import {
  connect,
  pairedClient,
  removeDir,
  startAgent,
  type RunningAgent,
  type TestClient,
} from './helpers/agent-harness.ts';

let running: RunningAgent;
let client: TestClient;
let token: string;

beforeEach(async () => {
  running = await startAgent({ queue: { retryDelayMs: 5_000 } });
  ({ client, token } = await pairedClient(running));
});
afterEach(async () => {
  await client.close();
  await running.close();
  await removeDir(running.dataDir);
});

const spool = () => join(running.dataDir, 'spool');

function jobOf(reply: Awaited<ReturnType<TestClient['request']>>): JobInfo {
  if (!reply.ok) throw new Error(`request failed: ${reply.error.code} ${reply.error.message}`);
  return (reply.result as { job: JobInfo }).job;
}

const statusOf = (jobId: string, status: JobInfo['status']) => (event: { event: string; payload: unknown }) =>
  event.event === 'job-status' &&
  (event.payload as JobInfo).jobId === jobId &&
  (event.payload as JobInfo).status === status;

describe('printing on the simulated printer', () => {
  it('spools exactly the rendered bytes of a receipt and a readable preview', async () => {
    const job = { kind: 'receipt', receipt: makeReceipt({ lines: 3 }), openDrawer: true } as const;
    const queued = jobOf(await client.request('print', { job }));
    expect(queued.status).toBe('queued');
    await client.waitForEvent(statusOf(queued.jobId, 'done'));

    const bytes = await readFile(join(spool(), `${queued.jobId}.bin`));
    const expected = renderPrintJob(printJob.parse(job), running.agent.devices.printers[0]!.profile);
    expect(Buffer.compare(bytes, Buffer.from(expected))).toBe(0);
    // CP858 selected, then "Ría" with í as 0xA1.
    expect(bytes.subarray(0, 7)).toEqual(Buffer.from([0x1b, 0x40, 0x1c, 0x2e, 0x1b, 0x74, 19]));
    expect(bytes.includes(Buffer.from([0x52, 0xa1, 0x61]))).toBe(true);

    const preview = await readFile(join(spool(), `${queued.jobId}.txt`), 'utf8');
    expect(preview).toContain('Ría Aventura');
    expect(preview).toContain('Bicicleta de montaña (día)');
    expect(preview).toContain('[QR https://nine.example/r/A-2026-000123]');
    expect(preview).toContain('[DRAWER KICK]');
    expect(preview.trimEnd().endsWith('[PARTIAL CUT]')).toBe(true);

    // The events went queued -> printing -> done, and job-status agrees.
    const seen = client
      .events()
      .filter((e) => e.event === 'job-status' && e.payload.jobId === queued.jobId)
      .map((e) => (e.payload as JobInfo).status);
    expect(seen).toEqual(['queued', 'printing', 'done']);
    expect(await client.request('job-status', { jobId: queued.jobId })).toMatchObject({
      result: { job: { status: 'done' } },
    });
  });

  it('prints a text job sent by an unpaired connection that carries the token', async () => {
    const other = await connect(running.wsUrl);
    const queued = jobOf(
      await other.request('print', { job: { kind: 'text', text: 'Caja abierta: 120,00 €' } }, token),
    );
    await other.waitForEvent(statusOf(queued.jobId, 'done'));
    const preview = await readFile(join(spool(), `${queued.jobId}.txt`), 'utf8');
    expect(preview.split('\n')[0]).toBe('Caja abierta: 120,00 €');
    await other.close();
  });

  it('prints a retried request with the same idempotency key once', async () => {
    const payload = { idempotencyKey: 'order-123-receipt', job: { kind: 'text', text: 'once' } } as const;
    const first = jobOf(await client.request('print', payload));
    const second = jobOf(await client.request('print', payload));
    expect(second.jobId).toBe(first.jobId);
    await client.waitForEvent(statusOf(first.jobId, 'done'));
    expect((await readdir(spool())).filter((f) => f.endsWith('.bin'))).toEqual([`${first.jobId}.bin`]);
  });

  it('waits while the printer is out of paper and prints when it comes back', async () => {
    const printerStatus = (body: object) =>
      fetch(`${running.controlUrl}/simulate/printer-status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await printerStatus({ paperOut: true })).status).toBe(200);
    await client.waitForEvent((e) => e.event === 'printer-status' && e.payload.status.paperOut === true);

    const queued = jobOf(await client.request('print', { job: { kind: 'text', text: 'patience' } }));
    const waiting = await client.waitForEvent(
      (e) =>
        e.event === 'job-status' &&
        e.payload.jobId === queued.jobId &&
        e.payload.status === 'queued' &&
        'reason' in e.payload,
    );
    expect(waiting.payload).toMatchObject({ reason: 'paper out' });
    await expect(readFile(join(spool(), `${queued.jobId}.bin`))).rejects.toThrow();

    // Paper back: the status change wakes the queue long before the 5 s back-off.
    await printerStatus({ paperOut: false });
    await client.waitForEvent(statusOf(queued.jobId, 'done'), 2000);
    expect((await readFile(join(spool(), `${queued.jobId}.bin`))).length).toBeGreaterThan(0);
  });

  it('refuses a job it cannot render and an unknown printer', async () => {
    const badBarcode = makeReceipt({ lines: 1 });
    badBarcode.codes = [{ kind: 'code128', data: 'Ñandú' }];
    expect(await client.request('print', { job: { kind: 'receipt', receipt: badBarcode } })).toMatchObject({
      error: { code: 'invalid-payload', message: expect.stringContaining('CODE128') },
    });
    expect(
      await client.request('print', { printerId: 'nope', job: { kind: 'text', text: 'x' } }),
    ).toMatchObject({
      error: { code: 'printer-not-found' },
    });
    expect(await client.request('job-status', { jobId: 'missing' })).toMatchObject({
      error: { code: 'job-not-found' },
    });
  });
});

describe('scanning with the simulated scanner', () => {
  it('delivers a scan to paired clients only', async () => {
    const stranger = await connect(running.wsUrl);
    await stranger.request('hello');
    const response = await fetch(`${running.controlUrl}/simulate/scan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: '8412345678905' }),
    });
    expect(response.status).toBe(200);
    const scan = await client.waitForEvent((e) => e.event === 'scan');
    expect(scan.payload).toMatchObject({ scannerId: 'sim-scanner', code: '8412345678905' });

    // The stranger's hello reply came after it connected; a round trip now proves no scan was queued for it.
    await stranger.request('hello');
    expect(stranger.events()).toEqual([]);
    await stranger.close();
  });

  it('validates the control body', async () => {
    const response = await fetch(`${running.controlUrl}/simulate/scan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: '' }),
    });
    expect(response.status).toBe(400);
    expect(client.events().filter((e) => e.event === 'scan')).toEqual([]);
  });
});
