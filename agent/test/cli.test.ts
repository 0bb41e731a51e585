import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, makeDataDir, removeDir } from './helpers/agent-harness.ts';

const agentDir = fileURLToPath(new URL('..', import.meta.url));
let child: ChildProcessWithoutNullStreams | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  if (child !== undefined && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  child = undefined;
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

    const client = await connect(`ws://127.0.0.1:${port}/ws`);
    expect(await client.request('pair', { code: code! })).toMatchObject({ ok: true });
    child.stdin.write('4006381333931\n');
    const scan = await client.waitForEvent((e) => e.event === 'scan');
    expect(scan.payload).toMatchObject({ code: '4006381333931', scannerId: 'sim-scanner' });

    child.stdin.write('/pair\n');
    const [, fresh] = await stdout.next(/^Pairing code: (\d{6})/);
    expect(fresh).toMatch(/^\d{6}$/);
    await client.close();
  }, 20_000);
});
