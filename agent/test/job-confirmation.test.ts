import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { AgentReply, JobInfo } from '@nine/shared/agent-protocol';
import { makePrinterProfile, paperProfiles, type PrinterTransport } from '../src/devices/printer.ts';
import { readyStatus } from '../src/devices/printer-status.ts';
import type { AgentDevices } from '../src/devices/simulated-devices.ts';
import { createSimulatedPrinter } from '../src/devices/simulated-printer.ts';
import { createSimulatedScanner } from '../src/devices/simulated-scanner.ts';
import { createJobJournal } from '../src/jobs/job-journal.ts';
import { createJobQueue, type JobQueue } from '../src/jobs/job-queue.ts';
import {
  connect,
  makeDataDir,
  pairedClient,
  removeDir,
  startAgent,
  type RunningAgent,
} from './helpers/agent-harness.ts';

/**
 * Simulated devices whose printer is NOT repeat-safe (like a USB or raw TCP printer): a job cut off while
 * its bytes were leaving may be on paper. It records every job it was sent, and can hang on chosen jobs the
 * way a process killed mid-send never finishes them.
 */
function uncertainPrinterDevices(dataDir: string, hangOn: (jobId: string) => boolean = () => false) {
  const sent: string[] = [];
  const printer = createSimulatedPrinter({ spoolDir: join(dataDir, 'spool'), profile: paperProfiles[58] });
  const write = printer.transport.write.bind(printer.transport);
  printer.transport = {
    ...printer.transport,
    repeatSafe: false,
    async write(job, signal) {
      sent.push(job.jobId);
      if (hangOn(job.jobId)) {
        await new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(new Error('killed')), { once: true }),
        );
      }
      await write(job, signal);
    },
  };
  const scanner = createSimulatedScanner();
  const devices: AgentDevices = {
    simulated: true,
    printers: [printer],
    scanners: [scanner],
    simulator: { printer, scanner },
  };
  return { devices, sent };
}

const dirs: string[] = [];
const agents: RunningAgent[] = [];
afterEach(async () => {
  for (const running of agents.splice(0)) await running.close();
  for (const dir of dirs.splice(0)) await removeDir(dir);
});

async function start(dataDir: string, devices: AgentDevices) {
  const running = await startAgent({ dataDir, devices });
  agents.push(running);
  return running;
}

async function stop(running: RunningAgent) {
  await running.close();
  agents.splice(agents.indexOf(running), 1);
}

const jobOf = (reply: AgentReply): JobInfo => {
  if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
  return (reply.result as { job: JobInfo }).job;
};

/** Prints one job on an agent that is stopped while the job is being sent; returns the data dir and job. */
async function jobCutOffMidSend() {
  const dataDir = await makeDataDir();
  dirs.push(dataDir);
  const first = uncertainPrinterDevices(dataDir, () => true);
  const agentA = await start(dataDir, first.devices);
  const { client } = await pairedClient(agentA);
  const { jobId } = jobOf(await client.request('print', { job: { kind: 'text', text: 'receipt S-1042' } }));
  await client.waitForEvent(
    (e) => e.event === 'job-status' && e.payload.jobId === jobId && e.payload.status === 'printing',
  );
  await client.close();
  await stop(agentA);
  expect(first.sent).toEqual([jobId]);
  return { dataDir, jobId };
}

describe('a job cut off mid-send on a printer that is not repeat-safe', () => {
  it('is reported as needs-confirmation after a restart, and is not sent again by itself', async () => {
    const { dataDir, jobId } = await jobCutOffMidSend();
    const second = uncertainPrinterDevices(dataDir);
    const agentB = await start(dataDir, second.devices);
    const { client } = await pairedClient(agentB);

    await vi.waitFor(() => expect(agentB.agent.queue.get(jobId)?.status).toBe('needs-confirmation'));
    const job = jobOf(await client.request('job-status', { jobId }));
    expect(job).toMatchObject({
      status: 'needs-confirmation',
      reason: expect.stringMatching(/may have printed/),
    });
    expect(job.reprints).toBeUndefined();
    expect(second.sent).toEqual([]);

    // A third start leaves it for a person, still.
    await client.close();
    await stop(agentB);
    const third = uncertainPrinterDevices(dataDir);
    const agentC = await start(dataDir, third.devices);
    expect(agentC.agent.queue.get(jobId)?.status).toBe('needs-confirmation');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(third.sent).toEqual([]);
  });

  it('is marked done when a person confirms it printed, and prints nothing', async () => {
    const { dataDir, jobId } = await jobCutOffMidSend();
    const second = uncertainPrinterDevices(dataDir);
    const agentB = await start(dataDir, second.devices);
    await vi.waitFor(() => expect(agentB.agent.queue.get(jobId)?.status).toBe('needs-confirmation'));
    const { client } = await pairedClient(agentB);

    const resolved = jobOf(await client.request('resolve-job', { jobId, resolution: 'printed' }));
    expect(resolved).toMatchObject({ jobId, status: 'done' });
    expect(resolved.reason).toBeUndefined();
    await client.waitForEvent(
      (e) => e.event === 'job-status' && e.payload.jobId === jobId && e.payload.status === 'done',
    );
    // A late "print again" for the same job changes nothing.
    expect(jobOf(await client.request('resolve-job', { jobId, resolution: 'reprint' })).status).toBe('done');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(second.sent).toEqual([]);

    // The answer is journaled: a restart still knows it done, and sends nothing.
    await client.close();
    await stop(agentB);
    const third = uncertainPrinterDevices(dataDir);
    const agentC = await start(dataDir, third.devices);
    expect(agentC.agent.queue.get(jobId)?.status).toBe('done');
    expect(third.sent).toEqual([]);
  });

  it('prints exactly once more when a person asks to print it again, even when asked twice at once', async () => {
    const { dataDir, jobId } = await jobCutOffMidSend();
    const second = uncertainPrinterDevices(dataDir);
    const agentB = await start(dataDir, second.devices);
    await vi.waitFor(() => expect(agentB.agent.queue.get(jobId)?.status).toBe('needs-confirmation'));
    const { client } = await pairedClient(agentB);

    // Two tabs (or a double click) answering at the same moment.
    const [first, again] = await Promise.all([
      client.request('resolve-job', { jobId, resolution: 'reprint' }),
      client.request('resolve-job', { jobId, resolution: 'reprint' }),
    ]);
    expect(jobOf(first)).toMatchObject({ jobId, reprints: 1 });
    expect(jobOf(again)).toMatchObject({ jobId, reprints: 1 });
    await client.waitForEvent(
      (e) => e.event === 'job-status' && e.payload.jobId === jobId && e.payload.status === 'done',
    );
    expect(second.sent).toEqual([jobId]);
    expect(jobOf(await client.request('job-status', { jobId }))).toMatchObject({
      status: 'done',
      reprints: 1,
    });

    // Asked again once it printed: nothing more.
    expect(jobOf(await client.request('resolve-job', { jobId, resolution: 'reprint' })).status).toBe('done');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(second.sent).toEqual([jobId]);

    await client.close();
    await stop(agentB);
    const third = uncertainPrinterDevices(dataDir);
    const agentC = await start(dataDir, third.devices);
    expect(agentC.agent.queue.get(jobId)).toMatchObject({ status: 'done', reprints: 1 });
    expect(third.sent).toEqual([]);
  });

  it('answers an unknown job with job-not-found, and refuses an unpaired client', async () => {
    const dataDir = await makeDataDir();
    dirs.push(dataDir);
    const running = await start(dataDir, uncertainPrinterDevices(dataDir).devices);
    const { client } = await pairedClient(running);
    const unknown = await client.request('resolve-job', { jobId: 'nope', resolution: 'printed' });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'job-not-found' } });

    const stranger = await connect(running.wsUrl);
    const refused = await stranger.request('resolve-job', { jobId: 'nope', resolution: 'reprint' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    await stranger.close();
    await client.close();
  });
});

describe('JobQueue.resolve', () => {
  let queue: JobQueue | undefined;
  afterEach(async () => {
    await queue?.stop();
    queue = undefined;
  });

  it('reprints a job hours old (the age counts from the asking), and logs the answer', async () => {
    const dataDir = await makeDataDir();
    dirs.push(dataDir);
    const journalPath = join(dataDir, 'jobs', 'journal.ndjson');
    const longAgo = new Date(Date.now() - 5 * 60 * 60_000).toISOString();
    const lines = [
      {
        op: 'job',
        job: {
          jobId: 'old',
          printerId: 'usb58',
          status: 'queued',
          createdAt: longAgo,
          updatedAt: longAgo,
          bytes: Buffer.from('old\n').toString('base64'),
        },
      },
      { op: 'status', jobId: 'old', status: 'printing', at: longAgo },
      { op: 'status', jobId: 'old', status: 'needs-confirmation', at: longAgo, reason: 'may have printed' },
    ];
    await mkdir(join(dataDir, 'jobs'), { recursive: true });
    await writeFile(journalPath, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));

    const written: string[] = [];
    const transport: PrinterTransport = {
      kind: 'usb',
      target: 'usb 0416:5011',
      write: ({ jobId }) => {
        written.push(jobId);
        return Promise.resolve();
      },
      status: () => Promise.resolve(readyStatus()),
      close: () => Promise.resolve(),
    };
    const logged: unknown[][] = [];
    queue = createJobQueue({
      journal: createJobJournal(journalPath),
      printers: [{ id: 'usb58', name: 'USB', profile: makePrinterProfile(), transport }],
      onStatus: () => undefined,
      log: {
        info: (...args: unknown[]) => logged.push(args),
        warn: () => undefined,
        error: () => undefined,
      } as unknown as FastifyBaseLogger,
    });
    await queue.start();
    expect(queue.get('old')?.status).toBe('needs-confirmation');

    await queue.resolve('old', 'reprint');
    await vi.waitFor(() => expect(queue?.get('old')?.status).toBe('done'));
    expect(written).toEqual(['old']);
    expect(logged).toContainEqual([
      { jobId: 'old', printerId: 'usb58', resolution: 'reprint' },
      'print job resolved: a person asked to print it again',
    ]);
  });
});
