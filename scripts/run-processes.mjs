// Runs several long-lived processes with prefixed output; stops them all when one fails or on Ctrl-C.
// A process with `after: 'name'` starts once that process has printed a line matching its `ready`.
// One process may take `stdin: true`: it reads the terminal (the agent: `/pair` for a new pairing code).
import { spawn } from 'node:child_process';

export function runAll(processes) {
  const children = [];
  const readyWaiters = new Map();
  let stopping = false;
  const stopAll = (code) => {
    if (stopping) return;
    stopping = true;
    process.exitCode = code;
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  };
  const whenReady = (name) => {
    if (!readyWaiters.has(name)) {
      let resolve;
      const promise = new Promise((r) => (resolve = r));
      readyWaiters.set(name, { promise, resolve });
    }
    return readyWaiters.get(name);
  };
  const start = (p) => {
    if (stopping) return;
    const child = spawn(process.execPath, p.args, {
      cwd: p.cwd,
      env: { ...process.env, ...p.env },
      stdio: [p.stdin ? 'inherit' : 'ignore', 'pipe', 'pipe'],
    });
    const prefix = (stream, out) => {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) {
          out.write(`${p.name.padEnd(6)}| ${line}\n`);
          if (p.ready && p.ready.test(line)) whenReady(p.name).resolve();
        }
      });
    };
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    child.on('exit', (code, signal) => {
      if (!stopping) {
        process.stderr.write(`${p.name} exited (${signal ?? code}); stopping the others\n`);
        stopAll(code || 1);
      }
    });
    children.push(child);
  };
  for (const p of processes) {
    if (p.after) void whenReady(p.after).promise.then(() => start(p));
    else start(p);
  }
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
}
