import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobInfo } from '@nine/shared/agent-protocol';
import { connect, makeDataDir, removeDir } from './helpers/agent-harness.ts';
import { startFakePrinterServer, type FakePrinterServer } from './helpers/fake-printer-server.ts';

const agentDir = fileURLToPath(new URL('..', import.meta.url));
let child: ChildProcessWithoutNullStreams | undefined;
let dataDir: string | undefined;
let server: FakePrinterServer | undefined;

afterEach(async () => {
  if (child !== undefined && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  child = undefined;
  await server?.close();
  server = undefined;
  if (dataDir !== undefined) await removeDir(dataDir);
});

/** Reads the process's stdout once; `next(pattern)` resolves with the first line, seen or coming, that matches. */
function stdoutLines(proc: ChildProcessWithoutNullStreams) {
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  createInterface({ input: proc.stdout }).on('line', (line) => {
    lines.push(line);
    for (const waiter of [...waiters]) waiter();
  });
  let consumed = 0;
  return {
    next(pattern: RegExp, timeoutMs = 10_000): Promise<RegExpExecArray> {
      return new Promise((resolve, reject) => {
        const check = () => {
          for (let i = consumed; i < lines.length; i += 1) {
            const match = pattern.exec(lines[i] ?? '');
            if (match === null) continue;
            consumed = i + 1;
            waiters.delete(check);
            clearTimeout(timer);
            resolve(match);
            return;
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no line matching ${pattern} in:\n${lines.join('\n')}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

describe('nine-agent CLI', () => {
  it('prints its ports and pairing code, and turns stdin lines into scans', async () => {
    dataDir = await makeDataDir();
    child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/cli.ts',
        '--simulate',
        '--port',
        '0',
        '--data-dir',
        dataDir,
        '--log-level',
        'warn',
      ],
      {
        cwd: agentDir,
        env: { ...process.env, AGENT_ALLOWED_ORIGINS: 'http://localhost:3000' },
      },
    );
    const stdout = stdoutLines(child);
    const [, port] = await stdout.next(
      /on http:\/\/127\.0\.0\.1:(\d+) \(control http:\/\/127\.0\.0\.1:\d+\)/,
    );
    const [, code] = await stdout.next(/^Pairing code: (\d{6}) \(valid 5 minutes\)$/);
    await stdout.next(
      /^A new pairing code at any time: type \/pair here, .* or open http:\/\/127\.0\.0\.1:\d+\/$/,
    );

    const client = await connect(`ws://127.0.0.1:${port}/ws`);
    expect(await client.request('pair', { code: code! })).toMatchObject({ ok: true });
    child.stdin.write('4006381333931\n');
    const scan = await client.waitForEvent((e) => e.event === 'scan');
    expect(scan.payload).toMatchObject({ code: '4006381333931', scannerId: 'sim-scanner' });

    child.stdin.write('/pair\n');
    const [, fresh] = await stdout.next(/^Pairing code: (\d{6})/);
    expect(fresh).toMatch(/^\d{6}$/);
    // `pair` without the slash too, and the new code is the one that pairs.
    child.stdin.write('pair\n');
    const [, third] = await stdout.next(/^Pairing code: (\d{6}) \(valid 5 minutes\)$/);
    const other = await connect(`ws://127.0.0.1:${port}/ws`);
    expect(await other.request('pair', { code: third! })).toMatchObject({ ok: true });
    await other.close();
    await client.close();
  }, 20_000);

  it('prints on the network printer given with --printer', async () => {
    dataDir = await makeDataDir();
    server = await startFakePrinterServer({ answers: { 1: 0x12, 2: 0x12, 3: 0x12, 4: 0x12 } });
    child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/cli.ts',
        '--port',
        '0',
        '--data-dir',
        dataDir,
        '--printer',
        `tcp://127.0.0.1:${server.port}`,
        '--paper-width',
        '80',
        '--log-level',
        'warn',
      ],
      { cwd: agentDir, env: { ...process.env, AGENT_ALLOWED_ORIGINS: 'http://localhost:3000' } },
    );
    const stdout = stdoutLines(child);
    const [, port] = await stdout.next(/^Nine agent on http:\/\/127\.0\.0\.1:(\d+)/);
    const [, code] = await stdout.next(/^Pairing code: (\d{6})/);
    const client = await connect(`ws://127.0.0.1:${port}/ws`);
    expect(await client.request('pair', { code: code! })).toMatchObject({ ok: true });
    expect(await client.request('hello')).toMatchObject({
      result: {
        simulated: false,
        printers: [{ id: 'printer-1', kind: 'tcp', paperWidthMm: 80, columns: 48 }],
      },
    });
    const received = server.nextJob(5000);
    const reply = await client.request('print', { job: { kind: 'text', text: 'Crêpe à 3,50 €' } });
    const { jobId } = (reply as { result: { job: JobInfo } }).result.job;
    await client.waitForEvent(
      (e) => e.event === 'job-status' && e.payload.jobId === jobId && e.payload.status === 'done',
    );
    // ESC @, FS ., ESC t 19, then "Crêpe à 3,50 €" in CP858.
    expect((await received).subarray(0, 22).toString('hex')).toBe(
      '1b401c2e1b7413' + '4372887065208520332c353020d5' + '0a',
    );
    await client.close();
  }, 20_000);
});
