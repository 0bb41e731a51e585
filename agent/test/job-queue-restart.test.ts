import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobInfo } from '@nine/shared/agent-protocol';
import { paperProfiles } from '../src/devices/printer.ts';
import type { AgentDevices } from '../src/devices/simulated-devices.ts';
import { createSimulatedPrinter } from '../src/devices/simulated-printer.ts';
import { createSimulatedScanner } from '../src/devices/simulated-scanner.ts';
import {
  makeDataDir,
  pairedClient,
  removeDir,
  startAgent,
  type RunningAgent,
} from './helpers/agent-harness.ts';

/**
 * Simulated devices whose printer records each job it finished, and can hang on chosen jobs the way a
 * process that is killed mid-print never finishes them.
 */
function recordingDevices(dataDir: string, hangOn: (jobId: string) => boolean = () => false) {
  const printed: string[] = [];
  const started: string[] = [];
  const printer = createSimulatedPrinter({ spoolDir: join(dataDir, 'spool'), profile: paperProfiles[58] });
  const write = printer.transport.write.bind(printer.transport);
  printer.transport.write = async (job, signal) => {
    started.push(job.jobId);
    if (hangOn(job.jobId)) {
      await new Promise((_resolve, reject) =>
        signal.addEventListener('abort', () => reject(new Error('killed')), { once: true }),
      );
    }
    await write(job, signal);
    printed.push(job.jobId);
  };
  const scanner = createSimulatedScanner();
  const devices: AgentDevices = {
    simulated: true,
    printers: [printer],
    scanners: [scanner],
    simulator: { printer, scanner },
  };
  return { devices, printed, started };
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

const jobId = (reply: { ok: boolean; result?: unknown }) => (reply.result as { job: JobInfo }).job.jobId;

describe('the durable print queue', () => {
  it('prints each accepted job exactly once when the agent dies mid-queue and restarts', async () => {
    const dataDir = await makeDataDir();
    dirs.push(dataDir);
    let hangFrom = Infinity;
    let count = 0;
    const seen = new Map<string, number>();
    const first = recordingDevices(dataDir, (id) => {
      if (!seen.has(id)) seen.set(id, count++);
      return (seen.get(id) ?? 0) >= hangFrom;
    });
    const agentA = await start(dataDir, first.devices);
    const { client } = await pairedClient(agentA);

    const done = jobId(
      await client.request('print', { job: { kind: 'text', text: 'printed before the crash' } }),
    );
    await client.waitForEvent(
      (e) => e.event === 'job-status' && e.payload.jobId === done && e.payload.status === 'done',
    );
    hangFrom = 1;
    const interrupted = jobId(
      await client.request('print', { job: { kind: 'text', text: 'cut off while printing' } }),
    );
    const waiting = jobId(await client.request('print', { job: { kind: 'text', text: 'still queued' } }));
    await client.waitForEvent(
      (e) => e.event === 'job-status' && e.payload.jobId === interrupted && e.payload.status === 'printing',
    );
    expect(agentA.agent.queue.get(waiting)?.status).toBe('queued');

    await client.close();
    await agentA.close();
    agents.splice(agents.indexOf(agentA), 1);
    expect(first.printed).toEqual([done]);

    const second = recordingDevices(dataDir);
    const agentB = await start(dataDir, second.devices);
    await vi.waitFor(() => expect(agentB.agent.queue.get(waiting)?.status).toBe('done'), { timeout: 3000 });
    expect(second.printed).toEqual([interrupted, waiting]);
    expect(agentB.agent.queue.get(done)?.status).toBe('done');
    const preview = await readFile(join(dataDir, 'spool', `${waiting}.txt`), 'utf8');
    expect(preview.split('\n')[0]).toBe('still queued');
    await agentB.close();
    agents.splice(agents.indexOf(agentB), 1);

    // A third start finds nothing left to print.
    const third = recordingDevices(dataDir);
    const agentC = await start(dataDir, third.devices);
    for (const id of [done, interrupted, waiting]) expect(agentC.agent.queue.get(id)?.status).toBe('done');
    expect(third.started).toEqual([]);
  });

  it('resumes jobs left queued or printing in a journal written before a crash', async () => {
    const dataDir = await makeDataDir();
    dirs.push(dataDir);
    const at = new Date().toISOString();
    const job = (id: string, text: string) => ({
      jobId: id,
      printerId: 'sim-printer',
      status: 'queued',
      createdAt: at,
      updatedAt: at,
      bytes: Buffer.from(`${text}\n`).toString('base64'),
    });
    const lines = [
      { op: 'job', job: job('job-done', 'old') },
      { op: 'status', jobId: 'job-done', status: 'printing', at },
      { op: 'status', jobId: 'job-done', status: 'done', at },
      { op: 'job', job: job('job-printing', 'second') },
      { op: 'status', jobId: 'job-printing', status: 'printing', at },
      { op: 'job', job: job('job-queued', 'third') },
    ].map((line) => JSON.stringify(line));
    await mkdir(join(dataDir, 'jobs'), { recursive: true });
    // The last line was torn by the crash.
    await writeFile(
      join(dataDir, 'jobs', 'journal.ndjson'),
      `${lines.join('\n')}\n{"op":"status","jobId":"job-qu`,
    );

    const recording = recordingDevices(dataDir);
    const running = await start(dataDir, recording.devices);
    await vi.waitFor(() => expect(running.agent.queue.get('job-queued')?.status).toBe('done'), {
      timeout: 3000,
    });
    expect(recording.printed).toEqual(['job-printing', 'job-queued']);
    expect(await readFile(join(dataDir, 'spool', 'job-printing.bin'), 'utf8')).toBe('second\n');
    expect(await readFile(join(dataDir, 'spool', 'job-queued.bin'), 'utf8')).toBe('third\n');
  });

  it('fails a job that waited longer than its lifetime instead of printing it late', async () => {
    const dataDir = await makeDataDir();
    dirs.push(dataDir);
    const old = new Date(Date.now() - 2 * 60 * 60_000).toISOString();
    const line = {
      op: 'job',
      job: {
        jobId: 'stale',
        printerId: 'sim-printer',
        status: 'queued',
        createdAt: old,
        updatedAt: old,
        bytes: 'eA==',
      },
    };
    await mkdir(join(dataDir, 'jobs'), { recursive: true });
    await writeFile(join(dataDir, 'jobs', 'journal.ndjson'), `${JSON.stringify(line)}\n`);
    const recording = recordingDevices(dataDir);
    const running = await start(dataDir, recording.devices);
    await vi.waitFor(() => expect(running.agent.queue.get('stale')?.status).toBe('failed'), {
      timeout: 3000,
    });
    expect(running.agent.queue.get('stale')?.reason).toMatch(/expired/);
    expect(recording.started).toEqual([]);
  });
});
