import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { JobInfo, JobResolution, PrinterStatus } from '@nine/shared/agent-protocol';
import { PrinterOfflineError, readPrinterStatus, type Printer } from '../devices/printer.ts';
import {
  isFinished,
  keepsBytes,
  type JobJournal,
  type JobRecord,
  type JournalJobState,
} from './job-journal.ts';

export interface JobQueue {
  /**
   * Replays the journal, compacts it and resumes every queued job. A job a crash cut off while it was being
   * sent (`printing`) is sent again only on a repeat-safe transport; elsewhere the printer's status is
   * read and the job is reported as `needs-confirmation`, for a person to decide (at most once).
   */
  start(): Promise<void>;
  /** Resolves once the job is durably journaled: from then on it prints even across a restart. */
  submit(input: {
    printerId: string;
    bytes: Uint8Array;
    idempotencyKey?: string | undefined;
  }): Promise<JobInfo>;
  get(jobId: string): JobInfo | undefined;
  /**
   * A person's answer for a `needs-confirmation` job: `printed` marks it done and sends nothing; `reprint`
   * queues it once more (durably, before resolving). Any other job is returned unchanged, so a repeated or
   * concurrent answer never prints twice. Undefined for an unknown job.
   */
  resolve(jobId: string, resolution: JobResolution): Promise<JobInfo | undefined>;
  /** Retries a printer's waiting job now instead of after the back-off (the printer came back). */
  retryNow(printerId: string): void;
  /** Stops printing; an interrupted job stays `printing` in the journal and is handled by the next start. */
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  journal: JobJournal;
  printers: readonly Printer[];
  onStatus: (job: JobInfo) => void;
  log: FastifyBaseLogger;
  now?: () => number;
  /** First wait after a printer reports offline; doubles up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** A job still unprinted after this long fails instead of surprising someone later. */
  maxJobAgeMs?: number;
  /** Finished jobs kept (for job-status and idempotency) when the journal is compacted. */
  keepFinished?: number;
  /** Journal lines appended before an idle queue compacts it. */
  compactAfter?: number;
}

interface Lane {
  printer: Printer;
  waiting: string[];
  running: Promise<void> | undefined;
  wake: (() => void) | undefined;
}

function toInfo(job: JobRecord): JobInfo {
  return {
    jobId: job.jobId,
    printerId: job.printerId,
    status: job.status,
    ...(job.reason === undefined ? {} : { reason: job.reason }),
    ...(job.reprints === undefined ? {} : { reprints: job.reprints }),
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}

function describeStatus(status: PrinterStatus): string {
  if (status.state === 'ready') return 'reports it is ready';
  if (status.state === 'offline') return `reports ${status.error ?? 'offline'}`;
  return 'does not report its status';
}

/** What staff read on a job cut off mid-send: it may be on paper, so a person decides whether to reprint. */
function uncertainReason(printer: Printer, status: PrinterStatus): string {
  const where = printer.transport.target ?? printer.name;
  return (
    `may have printed: the agent stopped while sending it to ${where}; the printer now ` +
    `${describeStatus(status)}. Check the paper and reprint if the receipt is missing.`
  );
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const now = options.now ?? Date.now;
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 30_000;
  const maxJobAgeMs = options.maxJobAgeMs ?? 60 * 60_000;
  const keepFinished = options.keepFinished ?? 500;
  const compactAfter = options.compactAfter ?? 5000;
  const { journal, log } = options;

  const jobs = new Map<string, JobRecord>();
  const payloads = new Map<string, Uint8Array>();
  const byKey = new Map<string, string>();
  const lanes = new Map<string, Lane>(
    options.printers.map((printer) => [
      printer.id,
      { printer, waiting: [], running: undefined, wake: undefined },
    ]),
  );
  const stopController = new AbortController();
  let appendedSinceCompaction = 0;
  /** Jobs found `printing` at start on transports where a repeat may print twice. */
  const cutOff = new Set<string>();
  /** Answers for `needs-confirmation` jobs being written: a concurrent answer waits for the first. */
  const resolving = new Map<string, Promise<JobInfo>>();

  const stopped = () => stopController.signal.aborted;

  /**
   * Journals a status change, then applies and reports it. `printing` is the "bytes may be leaving" mark:
   * it is on disk before they leave, except on repeat-safe transports (the spool), where a restart repeats
   * printing and queued jobs alike and waiting for the fsync would only delay every receipt. `reprint`
   * marks the transition a person asked for, counted in `reprints`.
   */
  const transition = async (
    job: JobRecord,
    status: JournalJobState,
    reason?: string,
    write: { durable?: boolean; reprint?: boolean } = {},
  ) => {
    if (stopped()) return;
    const at = new Date(now()).toISOString();
    const written = journal.append({
      op: 'status',
      jobId: job.jobId,
      status,
      at,
      ...(reason === undefined ? {} : { reason }),
      ...(write.reprint === true ? { reprint: true as const } : {}),
    });
    if (status === 'printing' && write.durable !== true)
      written.catch((error: unknown) => log.error({ err: error }, 'journal write failed'));
    else await written;
    appendedSinceCompaction += 1;
    job.status = status;
    job.updatedAt = at;
    if (reason === undefined) delete job.reason;
    else job.reason = reason;
    if (write.reprint === true) {
      job.reprints = (job.reprints ?? 0) + 1;
      job.reprintedAt = at;
    }
    if (!keepsBytes(status)) payloads.delete(job.jobId);
    options.onStatus(toInfo(job));
  };

  const sleep = (lane: Lane, ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        lane.wake = undefined;
        resolve();
      }
      lane.wake = done;
    });

  const compact = async () => {
    // Jobs awaiting a person's answer stay, bytes and all, however many jobs came after.
    const unfinished = [...jobs.values()].filter((job) => keepsBytes(job.status));
    const recent = [...jobs.values()]
      .filter((job) => !keepsBytes(job.status))
      .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt))
      .slice(-keepFinished);
    const kept = new Set([...unfinished, ...recent].map((job) => job.jobId));
    for (const jobId of [...jobs.keys()]) {
      if (kept.has(jobId)) continue;
      const key = jobs.get(jobId)?.idempotencyKey;
      if (key !== undefined) byKey.delete(key);
      jobs.delete(jobId);
    }
    const records = [...jobs.values()].map((job) => {
      const bytes = payloads.get(job.jobId);
      return bytes === undefined ? job : { ...job, bytes: Buffer.from(bytes).toString('base64') };
    });
    await journal.rewrite(records);
    appendedSinceCompaction = 0;
  };

  const printNext = async (lane: Lane, delay: number): Promise<number> => {
    const jobId = lane.waiting[0];
    const job = jobId === undefined ? undefined : jobs.get(jobId);
    const bytes = jobId === undefined ? undefined : payloads.get(jobId);
    if (job === undefined || bytes === undefined) {
      lane.waiting.shift();
      return retryDelayMs;
    }
    if (cutOff.has(job.jobId)) {
      // Its bytes may be on paper already: never resend, say so. The status tells staff where to look.
      const status = await readPrinterStatus(lane.printer);
      await transition(job, 'needs-confirmation', uncertainReason(lane.printer, status));
      cutOff.delete(job.jobId);
      lane.waiting.shift();
      return retryDelayMs;
    }
    // A reprint a person asked for counts from the asking: the original may be hours old.
    if (now() - Date.parse(job.reprintedAt ?? job.createdAt) > maxJobAgeMs) {
      await transition(
        job,
        'failed',
        `expired: not printed within ${Math.round(maxJobAgeMs / 60_000)} minutes`,
      );
      lane.waiting.shift();
      return retryDelayMs;
    }
    await transition(job, 'printing', undefined, { durable: lane.printer.transport.repeatSafe !== true });
    try {
      await lane.printer.transport.write({ jobId: job.jobId, bytes }, stopController.signal);
    } catch (error) {
      if (stopped()) return delay;
      if (error instanceof PrinterOfflineError) {
        await transition(job, 'queued', error.message);
        await sleep(lane, delay);
        return Math.min(delay * 2, maxRetryDelayMs);
      }
      const reason = error instanceof Error ? error.message : 'the printer refused the job';
      log.warn({ err: error, jobId: job.jobId }, 'print job failed');
      await transition(job, 'failed', reason);
      lane.waiting.shift();
      return retryDelayMs;
    }
    await transition(job, 'done');
    lane.waiting.shift();
    return retryDelayMs;
  };

  const work = async (lane: Lane) => {
    let delay = retryDelayMs;
    while (!stopped() && lane.waiting.length > 0) {
      try {
        delay = await printNext(lane, delay);
      } catch (error) {
        // The journal could not be written (disk full?): keep the job and try again later.
        log.error({ err: error }, 'print queue error');
        await sleep(lane, delay);
        delay = Math.min(delay * 2, maxRetryDelayMs);
      }
    }
  };

  const drain = (lane: Lane): void => {
    if (lane.running !== undefined || stopped()) return;
    const running = work(lane).finally(() => {
      lane.running = undefined;
      // A job submitted between the loop's last check and now still needs a worker.
      if (lane.waiting.length > 0) return drain(lane);
      const idle = [...lanes.values()].every((l) => l.running === undefined);
      if (!stopped() && idle && appendedSinceCompaction >= compactAfter) {
        compact().catch((error: unknown) => log.error({ err: error }, 'journal compaction failed'));
      }
    });
    lane.running = running;
  };

  return {
    async start() {
      const { jobs: replayed, skippedLines } = await journal.replay();
      if (skippedLines > 0)
        log.warn({ skippedLines, journal: journal.path }, 'skipped unreadable journal lines');
      for (const [jobId, record] of replayed) {
        const { bytes, ...job } = record;
        jobs.set(jobId, job);
        if (job.idempotencyKey !== undefined) byKey.set(job.idempotencyKey, jobId);
        if (keepsBytes(job.status) && bytes !== undefined) payloads.set(jobId, Buffer.from(bytes, 'base64'));
      }
      for (const job of jobs.values()) {
        if (isFinished(job.status)) continue;
        const lane = lanes.get(job.printerId);
        if (lane === undefined || !payloads.has(job.jobId)) {
          // Journal order is acceptance order, so resumed jobs keep their order.
          job.status = 'failed';
          job.reason =
            lane === undefined ? `printer ${job.printerId} is no longer configured` : 'job data lost';
          job.updatedAt = new Date(now()).toISOString();
          continue;
        }
        if (job.status === 'printing' && lane.printer.transport.repeatSafe !== true) {
          log.warn({ jobId: job.jobId }, 'a job was cut off while being sent: it may have printed');
          cutOff.add(job.jobId);
        } else if (job.status === 'printing') {
          log.info({ jobId: job.jobId }, 'repeating a job interrupted while printing');
        }
        lane.waiting.push(job.jobId);
      }
      await compact();
      for (const lane of lanes.values()) drain(lane);
    },

    async submit({ printerId, bytes, idempotencyKey }) {
      if (stopped()) throw new Error('the print queue is stopped');
      const lane = lanes.get(printerId);
      if (lane === undefined) throw new Error(`unknown printer ${printerId}`);
      if (idempotencyKey !== undefined) {
        const existing = jobs.get(byKey.get(idempotencyKey) ?? '');
        if (existing !== undefined) return toInfo(existing);
      }
      const at = new Date(now()).toISOString();
      const job: JobRecord = {
        jobId: randomUUID(),
        printerId,
        status: 'queued',
        createdAt: at,
        updatedAt: at,
        ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
      };
      // Claim the key before the await so a concurrent retry gets this job, not a second one; and hold the
      // bytes already so a compaction running meanwhile keeps them.
      jobs.set(job.jobId, job);
      payloads.set(job.jobId, bytes);
      if (idempotencyKey !== undefined) byKey.set(idempotencyKey, job.jobId);
      try {
        await journal.append({ op: 'job', job: { ...job, bytes: Buffer.from(bytes).toString('base64') } });
      } catch (error) {
        jobs.delete(job.jobId);
        payloads.delete(job.jobId);
        if (idempotencyKey !== undefined) byKey.delete(idempotencyKey);
        throw error;
      }
      appendedSinceCompaction += 1;
      lane.waiting.push(job.jobId);
      const accepted = toInfo(job);
      options.onStatus(accepted);
      drain(lane);
      return accepted;
    },

    get(jobId) {
      const job = jobs.get(jobId);
      return job === undefined ? undefined : toInfo(job);
    },

    resolve(jobId, resolution) {
      const job = jobs.get(jobId);
      if (job === undefined) return Promise.resolve(undefined);
      const pending = resolving.get(jobId);
      if (pending !== undefined) return pending;
      if (job.status !== 'needs-confirmation') return Promise.resolve(toInfo(job));
      const answer = (async () => {
        const audit = { jobId, printerId: job.printerId, resolution };
        if (resolution === 'printed') {
          await transition(job, 'done');
          log.info(audit, 'print job resolved: a person confirmed it printed');
          return toInfo(job);
        }
        const lane = lanes.get(job.printerId);
        if (lane === undefined || !payloads.has(jobId)) {
          const reason =
            lane === undefined ? `printer ${job.printerId} is no longer configured` : 'job data lost';
          await transition(job, 'failed', reason);
          log.warn({ ...audit, reason }, 'print job resolved: a person asked to print it again, but cannot');
          return toInfo(job);
        }
        await transition(job, 'queued', undefined, { reprint: true });
        log.info(audit, 'print job resolved: a person asked to print it again');
        if (job.status === 'queued') {
          lane.waiting.push(jobId);
          drain(lane);
        }
        return toInfo(job);
      })().finally(() => resolving.delete(jobId));
      resolving.set(jobId, answer);
      return answer;
    },

    retryNow(printerId) {
      lanes.get(printerId)?.wake?.();
    },

    async stop() {
      stopController.abort();
      const running = [...lanes.values()].flatMap((lane) => {
        lane.wake?.();
        return lane.running === undefined ? [] : [lane.running];
      });
      // A transport that ignores the abort must not keep the agent from shutting down.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled(running),
        new Promise((resolve) => {
          timer = setTimeout(resolve, 2000);
        }),
      ]);
      clearTimeout(timer);
      await journal.close();
    },
  };
}
