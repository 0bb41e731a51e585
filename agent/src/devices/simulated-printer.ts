import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PrinterStatus } from '@nine/shared/agent-protocol';
import { renderEscPosPreview } from '../escpos/escpos-preview.ts';
import {
  columnsOf,
  PrinterOfflineError,
  type Printer,
  type PrinterProfile,
  type PrinterTransport,
} from './printer.ts';
import { readyStatus } from './printer-status.ts';

export interface SimulatedPrinter extends Printer {
  transport: PrinterTransport & {
    /** Changes what the simulated printer reports (paper out, offline) so retries can be exercised. */
    setStatus(change: Partial<PrinterStatus>): PrinterStatus;
  };
}

/** The state follows the flags, as a real printer's DLE EOT answers would. */
function withState(status: PrinterStatus): PrinterStatus {
  const problem = !status.online
    ? 'printer offline'
    : status.paperOut === true
      ? 'paper out'
      : status.coverOpen === true
        ? 'cover open'
        : status.cutterError === true
          ? 'cutter error'
          : undefined;
  const { error: _previous, ...rest } = status;
  return problem === undefined
    ? { ...rest, state: 'ready' }
    : { ...rest, state: 'offline', online: false, error: problem };
}

/**
 * A printer that spools: each job's bytes go to `<spoolDir>/<jobId>.bin` and a readable preview to
 * `<jobId>.txt`. Files are written under a temporary name and renamed, so a job repeated after a crash
 * replaces its file instead of printing twice.
 */
export function createSimulatedPrinter(options: {
  spoolDir: string;
  profile: PrinterProfile;
  id?: string;
  name?: string;
}): SimulatedPrinter {
  let status: PrinterStatus = readyStatus();
  // `online` as the control port set it; the reported `online` also drops while paper is out.
  let powered = true;
  const listeners = new Set<(status: PrinterStatus) => void>();
  let spoolReady: Promise<unknown> | undefined;

  const writeAtomically = async (path: string, data: Uint8Array | string) => {
    const temporary = `${path}.${process.pid}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, path);
  };

  return {
    id: options.id ?? 'sim-printer',
    name: options.name ?? `Simulated ${options.profile.paperWidthMm} mm printer`,
    profile: options.profile,
    transport: {
      kind: 'simulated',
      target: options.spoolDir,
      repeatSafe: true,
      async write(job, signal) {
        signal.throwIfAborted();
        if (status.state === 'offline') throw new PrinterOfflineError(status.error ?? 'printer offline');
        spoolReady ??= mkdir(options.spoolDir, { recursive: true });
        await spoolReady;
        const base = join(options.spoolDir, job.jobId);
        await writeAtomically(`${base}.bin`, job.bytes);
        await writeAtomically(
          `${base}.txt`,
          renderEscPosPreview(job.bytes, columnsOf(options.profile), options.profile.codePage),
        );
      },
      status() {
        return Promise.resolve({ ...status });
      },
      onStatusChange(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      setStatus(change) {
        if (change.online !== undefined) powered = change.online;
        status = withState({ ...status, ...change, online: powered });
        for (const listener of listeners) listener({ ...status });
        return { ...status };
      },
      close() {
        listeners.clear();
        return Promise.resolve();
      },
    },
  };
}
