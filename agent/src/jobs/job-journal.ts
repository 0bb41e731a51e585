import { mkdir, open, readFile, rename, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { jobStates, type JobState } from '@nine/shared/agent-protocol';

/** The journal knows the protocol's job states, `needs-confirmation` included. */
export type JournalJobState = JobState;

/**
 * States after which a job is never sent again by itself. `needs-confirmation` is one: only a person's
 * `reprint` answer queues it again.
 */
export function isFinished(status: JournalJobState): boolean {
  return status === 'done' || status === 'failed' || status === 'needs-confirmation';
}

/** Whether a job keeps its bytes: until it is done or failed (a job awaiting confirmation may be reprinted). */
export function keepsBytes(status: JournalJobState): boolean {
  return status !== 'done' && status !== 'failed';
}

/**
 * A job as the journal knows it. `printing` means its bytes may have started to leave (the line is on disk
 * before they do), `done` that the transport confirmed them. `bytes` (base64) is dropped once finished.
 */
export interface JobRecord {
  jobId: string;
  printerId: string;
  status: JournalJobState;
  reason?: string;
  createdAt: string;
  updatedAt: string;
  idempotencyKey?: string;
  /** Times a person asked to print it again after `needs-confirmation`. */
  reprints?: number;
  /** When the last reprint was asked for: a reprint's age counts from then, not from `createdAt`. */
  reprintedAt?: string;
  bytes?: string;
}

/**
 * Journal lines: `job` writes a whole job (on accept, and when compacting); `status` records a transition,
 * `reprint` marking the one a person asked for (`needs-confirmation` back to `queued`). Replaying the lines in
 * order gives the state of every job.
 */
export type JournalEntry =
  | { op: 'job'; job: JobRecord }
  | {
      op: 'status';
      jobId: string;
      status: JournalJobState;
      at: string;
      reason?: string;
      reprint?: true;
    };

export interface JobJournal {
  readonly path: string;
  /** Reads the journal; a torn last line (a crash during a write) is skipped. */
  replay(): Promise<{ jobs: Map<string, JobRecord>; skippedLines: number }>;
  /** Resolves once the entry is on disk (fsync). Concurrent appends share one write and one fsync. */
  append(entry: JournalEntry): Promise<void>;
  /** Replaces the journal with one `job` line per given job (atomically: temporary file, fsync, rename). */
  rewrite(jobs: Iterable<JobRecord>): Promise<void>;
  close(): Promise<void>;
}

const states: readonly string[] = jobStates;

function isJobRecord(value: unknown): value is JobRecord {
  if (typeof value !== 'object' || value === null) return false;
  const job = value as Record<string, unknown>;
  return (
    typeof job.jobId === 'string' &&
    typeof job.printerId === 'string' &&
    typeof job.status === 'string' &&
    states.includes(job.status) &&
    typeof job.createdAt === 'string' &&
    typeof job.updatedAt === 'string' &&
    (job.bytes === undefined || typeof job.bytes === 'string')
  );
}

function parseEntry(line: string): JournalEntry | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const entry = value as Record<string, unknown>;
  if (entry.op === 'job' && isJobRecord(entry.job)) return { op: 'job', job: entry.job };
  if (
    entry.op === 'status' &&
    typeof entry.jobId === 'string' &&
    typeof entry.status === 'string' &&
    states.includes(entry.status) &&
    typeof entry.at === 'string'
  ) {
    return {
      op: 'status',
      jobId: entry.jobId,
      status: entry.status as JournalJobState,
      at: entry.at,
      ...(typeof entry.reason === 'string' ? { reason: entry.reason } : {}),
      ...(entry.reprint === true ? { reprint: true as const } : {}),
    };
  }
  return undefined;
}

export function createJobJournal(path: string): JobJournal {
  let handle: FileHandle | undefined;
  let pending: { line: string; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let flushScheduled = false;
  // Every file operation runs on this one lane, so a rewrite never interleaves with a write.
  let lane: Promise<void> = Promise.resolve();
  const enqueue = (operation: () => Promise<void>): Promise<void> => {
    const next = lane.then(operation);
    lane = next.catch(() => undefined);
    return next;
  };

  const fileHandle = async (): Promise<FileHandle> => {
    if (handle === undefined) {
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      handle = await open(path, 'a', 0o600);
    }
    return handle;
  };

  // Takes every line appended so far: appends arriving during one fsync share the next.
  const flushBatch = async (): Promise<void> => {
    flushScheduled = false;
    const batch = pending;
    pending = [];
    try {
      const file = await fileHandle();
      await file.write(batch.map((item) => item.line).join(''));
      await file.datasync();
      for (const item of batch) item.resolve();
    } catch (error) {
      for (const item of batch) item.reject(error);
    }
  };

  const rewriteFile = async (lines: string): Promise<void> => {
    await handle?.close();
    handle = undefined;
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const temporary = `${path}.tmp`;
    const file = await open(temporary, 'w', 0o600);
    try {
      await file.write(lines);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
    // The rename itself must reach the disk too.
    const directory = await open(dirname(path), 'r');
    try {
      await directory.sync();
    } catch {
      // Some platforms (Windows) cannot fsync a directory; the rename is still atomic.
    } finally {
      await directory.close();
    }
  };

  return {
    path,
    async replay() {
      const jobs = new Map<string, JobRecord>();
      let text = '';
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      let skippedLines = 0;
      for (const line of text.split('\n')) {
        if (line.trim().length === 0) continue;
        const entry = parseEntry(line);
        if (entry === undefined) {
          skippedLines += 1;
          continue;
        }
        if (entry.op === 'job') {
          jobs.set(entry.job.jobId, { ...entry.job });
          continue;
        }
        const job = jobs.get(entry.jobId);
        if (job === undefined) {
          skippedLines += 1;
          continue;
        }
        job.status = entry.status;
        job.updatedAt = entry.at;
        if (entry.reason === undefined) delete job.reason;
        else job.reason = entry.reason;
        if (entry.reprint === true) {
          job.reprints = (job.reprints ?? 0) + 1;
          job.reprintedAt = entry.at;
        }
        if (!keepsBytes(entry.status)) delete job.bytes;
      }
      return { jobs, skippedLines };
    },
    append(entry) {
      return new Promise<void>((resolve, reject) => {
        pending.push({ line: `${JSON.stringify(entry)}\n`, resolve, reject });
        if (!flushScheduled) {
          flushScheduled = true;
          void enqueue(flushBatch);
        }
      });
    },
    rewrite(jobs) {
      const lines = Array.from(
        jobs,
        (job) => `${JSON.stringify({ op: 'job', job } satisfies JournalEntry)}\n`,
      ).join('');
      return enqueue(() => rewriteFile(lines));
    },
    close() {
      return enqueue(async () => {
        await handle?.close();
        handle = undefined;
      });
    },
  };
}
