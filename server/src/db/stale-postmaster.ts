import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { basename, join } from 'node:path';

interface ProcessInfo {
  /** The executable's name: `postgres` for the postmaster and its backends. */
  name: string;
  ppid: number;
  zombie: boolean;
  commandLine: string;
  /** Working folder (Linux only); PostgreSQL processes work in their data folder. */
  cwd: string | undefined;
}

function processInfo(pid: number): ProcessInfo | null {
  if (process.platform === 'linux') {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const end = stat.lastIndexOf(')');
      const [state, ppid] = stat.slice(end + 2).split(' ');
      let cwd: string | undefined;
      try {
        cwd = readlinkSync(`/proc/${pid}/cwd`);
      } catch {
        // Another user's process: its command line still tells.
      }
      return {
        name: stat.slice(stat.indexOf('(') + 1, end),
        ppid: Number(ppid),
        zombie: state === 'Z' || state === 'X',
        commandLine: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim(),
        cwd,
      };
    } catch {
      return null;
    }
  }
  try {
    const line = execFileSync('ps', ['-o', 'ppid=,stat=,command=', '-p', String(pid)], { encoding: 'utf8' });
    const match = /^\s*(\d+)\s+(\S+)\s+(.*)$/.exec(line.trim());
    if (!match) return null;
    const commandLine = match[3]!;
    return {
      name: basename(commandLine.split(' ')[0]!),
      ppid: Number(match[1]),
      zombie: match[2]!.startsWith('Z'),
      commandLine,
      cwd: undefined,
    };
  } catch {
    return null;
  }
}

/** The number is taken: by a process, or by a zombie nobody reaped yet. */
function exists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const running = (pid: number) => exists(pid) && !processInfo(pid)?.zombie;

async function until(condition: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

const belongsTo = (info: ProcessInfo, databaseDir: string, realDir: string) =>
  info.name === 'postgres' && (info.cwd === realDir || info.commandLine.includes(databaseDir));

/**
 * Backends of a postmaster that died on its own keep the shared memory attached, and PostgreSQL
 * refuses to start beside them. Linux only: elsewhere nothing tells which cluster a backend serves.
 */
async function stopLeftoverBackends(realDir: string, log: (line: string) => void): Promise<void> {
  if (process.platform !== 'linux') return;
  const leftovers = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      const info = processInfo(pid);
      return info !== null && !info.zombie && info.name === 'postgres' && info.cwd === realDir;
    });
  if (!leftovers.length) return;
  for (const pid of leftovers) process.kill(pid, 'SIGKILL');
  await until(() => leftovers.every((pid) => !running(pid)), 5_000);
  log(`embedded PostgreSQL: stopped ${leftovers.length} backend(s) left by an earlier crash`);
}

/**
 * Clears what a crash of an earlier run left in the cluster folder, so PostgreSQL can start:
 * a postmaster still running without its server is stopped (fast shutdown: open transactions are
 * rolled back, committed ones are on disk), and a postmaster.pid whose number now belongs to
 * another program (PIDs start over after a power cut) or to an unreaped zombie is removed, that
 * program untouched. A postmaster whose server still runs is refused with a clear error.
 */
export async function clearStalePostmaster(databaseDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (process.platform === 'win32' || !existsSync(pidFile)) return;
  const pidFileNames = (pid: number) => {
    try {
      return Number(readFileSync(pidFile, 'utf8').split('\n')[0]) === pid;
    } catch {
      return false;
    }
  };
  const pid = Math.abs(Number(readFileSync(pidFile, 'utf8').split('\n')[0]));
  if (!Number.isInteger(pid) || pid <= 0) return;
  const realDir = realpathSync(databaseDir);
  const alive = running(pid);
  const info = alive ? processInfo(pid) : null;
  // Alive but unreadable (no /proc, no `ps`): leave the decision to PostgreSQL.
  if (alive && !info) return;

  if (info && belongsTo(info, databaseDir, realDir)) {
    const parent = info.ppid > 1 ? processInfo(info.ppid) : null;
    if (parent && (parent.name === 'node' || parent.name === basename(process.execPath))) {
      throw new Error(
        `the embedded database in ${databaseDir} is in use by process ${info.ppid} (${parent.commandLine}); ` +
          'is another server running on this DATA_DIR?',
      );
    }
    const started = Date.now();
    // SIGINT is PostgreSQL's fast shutdown; SIGQUIT (immediate, recovered from the WAL on the next
    // start) and SIGKILL only if it hangs.
    let how = 'fast shutdown';
    process.kill(pid, 'SIGINT');
    if (!(await until(() => !running(pid), 8_000))) {
      how = 'immediate shutdown';
      process.kill(pid, 'SIGQUIT');
      if (!(await until(() => !running(pid), 3_000))) {
        how = 'killed';
        process.kill(pid, 'SIGKILL');
        await until(() => !running(pid), 2_000);
      }
    }
    log(
      `embedded PostgreSQL: stopped a postmaster left running by an earlier crash (pid ${pid}, ${how} in ${Date.now() - started} ms)`,
    );
  } else if (info) {
    log(`embedded PostgreSQL: an earlier crash left postmaster.pid naming pid ${pid}, now another program`);
  } else {
    log(`embedded PostgreSQL: recovering from an earlier crash (its postmaster, pid ${pid}, is gone)`);
  }
  await stopLeftoverBackends(realDir, log);
  // PostgreSQL takes a pid file whose number still exists for a live postmaster; with the
  // postmaster and its backends gone, the file is only in the way.
  if (pidFileNames(pid) && exists(pid)) await unlink(pidFile).catch(() => {});
}
