import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from '../../src/db/embedded-postgres.ts';

const serverDir = resolve(import.meta.dirname, '../..');

export interface ServerRun {
  child: ChildProcess;
  port: number;
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

/** Spawns the real server (`src/server.ts`) on an embedded database in `dataDir`, without waiting. */
export async function spawnServer(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<ServerRun> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (out += c));
  const exited = new Promise<number | null>((ok) => child.on('exit', (code) => ok(code)));
  return { child, port, output: () => out, exited };
}

/** Starts the real server on an embedded database and resolves once it listens. */
export async function startServer(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<ServerRun> {
  const run = await spawnServer(dataDir, env);
  await new Promise<void>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${run.output()}`)), 90_000);
    run.child.stdout!.on('data', () => run.output().includes('ready in') && (clearTimeout(timer), ok()));
    void run.exited.then(
      (code) => (clearTimeout(timer), fail(new Error(`server exited ${code}:\n${run.output()}`))),
    );
  });
  return run;
}

/** Stops the server with SIGTERM, as a service manager would, and resolves with its exit code. */
export async function stopServer(run: ServerRun): Promise<number | null> {
  run.child.kill('SIGTERM');
  return run.exited;
}
