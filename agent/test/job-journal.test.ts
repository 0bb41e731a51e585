import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createJobJournal, type JobRecord } from '../src/jobs/job-journal.ts';
import { makeDataDir, removeDir } from './helpers/agent-harness.ts';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await removeDir(dir);
});

const at = '2026-05-01T10:00:00.000Z';
const job = (jobId: string): JobRecord => ({
  jobId,
  printerId: 'p',
  status: 'queued',
  createdAt: at,
  updatedAt: at,
  bytes: 'AA==',
});

describe('job journal', () => {
  it('keeps every concurrent append, in order, and replays them', async () => {
    const dir = await makeDataDir();
    dirs.push(dir);
    const journal = createJobJournal(join(dir, 'journal.ndjson'));
    await Promise.all(Array.from({ length: 50 }, (_, i) => journal.append({ op: 'job', job: job(`j${i}`) })));
    await journal.append({ op: 'status', jobId: 'j7', status: 'done', at });
    await journal.close();

    const lines = (await readFile(journal.path, 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(51);
    expect(lines.slice(0, 50).map((line) => (JSON.parse(line) as { job: JobRecord }).job.jobId)).toEqual(
      Array.from({ length: 50 }, (_, i) => `j${i}`),
    );
    const { jobs, skippedLines } = await createJobJournal(journal.path).replay();
    expect(skippedLines).toBe(0);
    expect(jobs.size).toBe(50);
    expect(jobs.get('j7')).toMatchObject({ status: 'done' });
    expect(jobs.get('j7')?.bytes).toBeUndefined();
    expect(jobs.get('j8')).toMatchObject({ status: 'queued', bytes: 'AA==' });
  });

  it('rewrites atomically and keeps appending after a rewrite', async () => {
    const dir = await makeDataDir();
    dirs.push(dir);
    const journal = createJobJournal(join(dir, 'journal.ndjson'));
    await journal.append({ op: 'job', job: job('old') });
    const rewrite = journal.rewrite([job('kept')]);
    const append = journal.append({ op: 'job', job: job('after') });
    await Promise.all([rewrite, append]);
    await journal.close();
    const { jobs } = await journal.replay();
    expect([...jobs.keys()]).toEqual(['kept', 'after']);
  });
});
