import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { JobInfo } from '@nine/shared/agent-protocol';
import { makePrinterProfile, type PrinterTransport } from '../src/devices/printer.ts';
import { readyStatus } from '../src/devices/printer-status.ts';
import { createJobJournal } from '../src/jobs/job-journal.ts';
import { createJobQueue, type JobQueue } from '../src/jobs/job-queue.ts';
import { makeDataDir, removeDir } from './helpers/agent-harness.ts';
import { startFakePrinterServer, type FakePrinterServer } from './helpers/fake-printer-server.ts';
import { jobNumberOf, tcpPrintQueue } from './helpers/tcp-print-queue.ts';

const agentDir = fileURLToPath(new URL('..', import.meta.url));
const JOBS = 20;
const KILLED_DURING = 8;

let server: FakePrinterServer | undefined;
let child: ChildProcess | undefined;
let queue: JobQueue | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  child?.kill('SIGKILL');
  await queue?.stop();
  await server?.close();
  if (dataDir !== undefined) await removeDir(dataDir);
  child = queue = server = dataDir = undefined;
});

/** How many times the printer received each job, by job number. */
function arrivals(printer: FakePrinterServer): Map<number, number> {
  const counts = new Map<number, number>();
  for (const bytes of printer.jobs) {
    const n = jobNumberOf(bytes);
    if (n !== undefined) counts.set(n, (counts.get(n) ?? 0) + 1);
  }
  return counts;
}

describe('a raw TCP printer after the agent is killed mid-queue', () => {
  it('receives each of 20 jobs at most once, and the job cut off is reported for a person to check', async () => {
    dataDir = await makeDataDir();
    const journalPath = join(dataDir, 'jobs', 'journal.ndjson');
    let killed = false;
    // The printer has read all of job 8 but the agent has not heard back yet: kill it right then.
    server = await startFakePrinterServer({
      holdOpen: (bytes) => {
        if (jobNumberOf(bytes) !== KILLED_DURING || killed) return false;
        killed = child?.kill('SIGKILL') ?? false;
        return true;
      },
    });
    let stderr = '';
    child = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/helpers/tcp-queue-child.ts', journalPath, String(server.port), String(JOBS)],
      { cwd: agentDir, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
    expect(signal, stderr).toBe('SIGKILL');
    const printer = server;
    printer.release();
    await vi.waitFor(() => expect(arrivals(printer).get(KILLED_DURING)).toBe(1));
    expect([...arrivals(printer).keys()]).toEqual(Array.from({ length: KILLED_DURING }, (_, i) => i + 1));

    // Restart from the journal the killed process left behind.
    const { jobs } = await createJobJournal(journalPath).replay();
    const idOf = new Map([...jobs.values()].map((job) => [job.idempotencyKey, job.jobId]));
    expect(idOf.size).toBe(JOBS);
    const reported: JobInfo[] = [];
    const restarted = tcpPrintQueue(journalPath, printer.port, (job) => reported.push(job));
    queue = restarted.queue;
    await queue.start();
    const statusOf = (n: number) => queue?.get(idOf.get(`job-${n}`) ?? '');
    await vi.waitFor(
      () => {
        for (let n = 1; n <= JOBS; n += 1)
          expect(['done', 'failed', 'needs-confirmation']).toContain(statusOf(n)?.status);
      },
      { timeout: 10_000 },
    );

    const counts = arrivals(printer);
    for (let n = 1; n <= JOBS; n += 1) expect(counts.get(n) ?? 0, `job ${n}`).toBeLessThanOrEqual(1);
    for (let n = 1; n <= JOBS; n += 1) {
      if (n === KILLED_DURING) continue;
      expect(counts.get(n), `job ${n}`).toBe(1);
      expect(statusOf(n)?.status).toBe('done');
    }
    // Not resent, not dropped silently: reported as possibly printed, for a person to decide.
    const uncertain = statusOf(KILLED_DURING);
    expect(uncertain).toMatchObject({
      status: 'needs-confirmation',
      reason: expect.stringMatching(/may have printed/),
    });
    expect(reported).toContainEqual(uncertain);
    // The printer was asked for its status before deciding.
    expect(printer.statusQueries).toBeGreaterThan(0);
  }, 30_000);
});

describe('a job cut off mid-send on a transport that is not repeat-safe', () => {
  it('is reported as possibly printed with the printer status, never sent again, and the rest print', async () => {
    dataDir = await makeDataDir();
    const journalPath = join(dataDir, 'jobs', 'journal.ndjson');
    const at = new Date().toISOString();
    const job = (jobId: string) => ({
      jobId,
      printerId: 'usb58',
      status: 'queued',
      createdAt: at,
      updatedAt: at,
      bytes: Buffer.from(`${jobId}\n`).toString('base64'),
    });
    const lines = [
      { op: 'job', job: job('sent-before') },
      { op: 'status', jobId: 'sent-before', status: 'printing', at },
      { op: 'status', jobId: 'sent-before', status: 'done', at },
      { op: 'job', job: job('cut-off') },
      { op: 'status', jobId: 'cut-off', status: 'printing', at },
      { op: 'job', job: job('waiting') },
    ];
    await mkdir(join(dataDir, 'jobs'), { recursive: true });
    await writeFile(journalPath, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));

    const written: string[] = [];
    let statusAsked = 0;
    const transport: PrinterTransport = {
      kind: 'usb',
      target: 'usb 0416:5011',
      write: ({ jobId }) => {
        written.push(jobId);
        return Promise.resolve();
      },
      status: () => {
        statusAsked += 1;
        return Promise.resolve(readyStatus());
      },
      close: () => Promise.resolve(),
    };
    const reported: JobInfo[] = [];
    queue = createJobQueue({
      journal: createJobJournal(journalPath),
      printers: [{ id: 'usb58', name: 'USB', profile: makePrinterProfile(), transport }],
      onStatus: (info) => reported.push(info),
      log: {
        info: () => undefined,
        warn: () => undefined,
        error: () => undefined,
      } as unknown as FastifyBaseLogger,
    });
    await queue.start();
    await vi.waitFor(() => expect(queue?.get('waiting')?.status).toBe('done'));
    expect(written).toEqual(['waiting']);
    expect(statusAsked).toBe(1);
    const reason = /may have printed: .*usb 0416:5011.*reports it is ready/;
    expect(queue.get('cut-off')).toMatchObject({
      status: 'needs-confirmation',
      reason: expect.stringMatching(reason),
    });
    expect(reported.find((info) => info.jobId === 'cut-off')).toMatchObject({ status: 'needs-confirmation' });

    // The next start leaves it alone: a person decides.
    await queue.stop();
    queue = createJobQueue({
      journal: createJobJournal(journalPath),
      printers: [{ id: 'usb58', name: 'USB', profile: makePrinterProfile(), transport }],
      onStatus: () => undefined,
      log: {
        info: () => undefined,
        warn: () => undefined,
        error: () => undefined,
      } as unknown as FastifyBaseLogger,
    });
    await queue.start();
    expect(queue.get('cut-off')).toMatchObject({
      status: 'needs-confirmation',
      reason: expect.stringMatching(reason),
    });
    expect(written).toEqual(['waiting']);
  });
});
