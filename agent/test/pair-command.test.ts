import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, removeDir, startAgent, type RunningAgent } from './helpers/agent-harness.ts';

// `nine-agent pair` (`pnpm agent:pair`): a second process asks the running agent for a new code through its
// loopback control port, as a person at the counter does when the start-up code has expired.
const agentDir = fileURLToPath(new URL('..', import.meta.url));
let running: RunningAgent | undefined;

afterEach(async () => {
  await running?.close();
  if (running !== undefined) await removeDir(running.dataDir);
  running = undefined;
});

function runPair(args: string[], env: NodeJS.ProcessEnv = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    // The ports come from the arguments and `env` only, never from the environment the tests run in.
    const { AGENT_PORT: _port, AGENT_CONTROL_PORT: _control, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'pair', ...args], {
      cwd: agentDir,
      env: { ...inherited, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const controlPortOf = (agent: RunningAgent) => Number(new URL(agent.controlUrl).port);

describe('nine-agent pair', () => {
  it('prints a fresh code from the running agent, which pairs once', async () => {
    running = await startAgent();
    const before = running.agent.pairing.currentCode()?.code;
    const result = await runPair(['--control-port', String(controlPortOf(running))]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const code = /^Pairing code: (\d{6}) \(valid 5 minutes\)\n$/.exec(result.stdout)?.[1];
    expect(code).toBeDefined();
    expect(running.agent.pairing.currentCode()?.code).toBe(code);

    const client = await connect(running.wsUrl);
    if (before !== code) expect(await client.request('pair', { code: before! })).toMatchObject({ ok: false });
    expect(await client.request('pair', { code: code! })).toMatchObject({ ok: true });
    expect(await client.request('pair', { code: code! })).toMatchObject({
      error: { code: 'pairing-unavailable' },
    });
    await client.close();
  }, 20_000);

  it('finds the control port from AGENT_PORT as the agent does (port + 1)', async () => {
    running = await startAgent();
    const result = await runPair([], { AGENT_PORT: String(controlPortOf(running) - 1) });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Pairing code: \d{6} /);
    expect(result.stdout).toContain(running.agent.pairing.currentCode()?.code);
  }, 20_000);

  it('says so when no agent answers', async () => {
    running = await startAgent();
    const port = controlPortOf(running);
    await running.close();
    const result = await runPair(['--control-port', String(port)]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`no agent answers on http://127.0.0.1:${port}/pairing-code`);
  }, 20_000);
});
