import { constants, type Stats } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import type { PrinterStatus } from '@nine/shared/agent-protocol';
import { PrinterOfflineError, type PrinterTransport } from '../printer.ts';
import { offlineStatus, queryDleEotStatus, unknownStatus } from '../printer-status.ts';
import { delay, errorCode, messageOf, oneAtATime } from './one-at-a-time.ts';

export interface DevicePathTransportOptions {
  /** `/dev/usb/lp0` (Linux usblp), `/dev/ttyUSB0`, a file; on Windows a port such as `\\.\COM3`. */
  path: string;
  writeTimeoutMs?: number;
  statusTimeoutMs?: number;
}

/** How often a full device buffer (EAGAIN) or a pending status answer is looked at again. */
const POLL_MS = 10;

// Non-blocking where the platform has it: a blocked write on a printer out of paper would otherwise hold a
// libuv thread forever, past any timeout. No O_CREAT: an unplugged printer must not turn into a plain file.
const NONBLOCK = constants.O_NONBLOCK ?? 0;
const WRITE_FLAGS = constants.O_WRONLY | (constants.O_APPEND ?? 0) | NONBLOCK;
const READ_WRITE_FLAGS = constants.O_RDWR | NONBLOCK;

function offlineReason(path: string, error: unknown): string {
  switch (errorCode(error)) {
    case 'ENOENT':
      return `${path} does not exist (printer unplugged or off?)`;
    case 'ENODEV':
    case 'ENXIO':
      return `${path}: no device behind it (printer unplugged or off?)`;
    case 'EACCES':
    case 'EPERM':
      return `${path}: permission denied (run "nine-agent doctor" for the fix)`;
    case 'EBUSY':
      return `${path} is busy (another program holds it)`;
    default:
      return `${path}: ${messageOf(error)}`;
  }
}

/**
 * A printer reached through a device node (Linux `usblp`, a serial port) or any writable path. Writes go
 * through a non-blocking descriptor with a deadline; status is asked with DLE EOT on character devices only
 * (a plain file would read back its own contents).
 */
export function createDevicePathTransport(options: DevicePathTransportOptions): PrinterTransport {
  const { path } = options;
  const writeTimeoutMs = options.writeTimeoutMs ?? 15_000;
  const statusTimeoutMs = options.statusTimeoutMs ?? 800;
  const run = oneAtATime();

  const openDevice = async (flags: number): Promise<FileHandle> => {
    try {
      return await open(path, flags);
    } catch (error) {
      throw new PrinterOfflineError(offlineReason(path, error), { cause: error });
    }
  };

  /** Writes every byte before the deadline, waiting out EAGAIN (the printer's buffer is full). */
  const writeAll = async (handle: FileHandle, bytes: Uint8Array, signal: AbortSignal, deadline: number) => {
    let offset = 0;
    while (offset < bytes.length) {
      signal.throwIfAborted();
      try {
        const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset, null);
        offset += bytesWritten;
        continue;
      } catch (error) {
        if (errorCode(error) !== 'EAGAIN') throw new PrinterOfflineError(offlineReason(path, error));
      }
      if (Date.now() >= deadline) {
        throw new PrinterOfflineError(
          `${path} stopped taking data (${offset} of ${bytes.length} bytes sent; paper out?)`,
        );
      }
      await delay(POLL_MS, signal);
    }
  };

  const writeJob = async (bytes: Uint8Array, signal: AbortSignal) => {
    const handle = await openDevice(WRITE_FLAGS);
    try {
      await writeAll(handle, bytes, signal, Date.now() + writeTimeoutMs);
    } finally {
      await handle.close().catch(() => undefined);
    }
  };

  const readStatus = async (signal: AbortSignal): Promise<PrinterStatus> => {
    let handle: FileHandle;
    try {
      handle = await openDevice(READ_WRITE_FLAGS);
    } catch (error) {
      // A write-only target (a spool file without read permission) is still worth trying to print on.
      if (errorCode((error as { cause?: unknown }).cause) === 'EACCES')
        return unknownStatus(messageOf(error));
      return offlineStatus(messageOf(error));
    }
    try {
      let stats: Stats;
      try {
        stats = await handle.stat();
      } catch (error) {
        return offlineStatus(offlineReason(path, error));
      }
      if (!stats.isCharacterDevice()) return unknownStatus(`${path} is a file: it cannot report a status`);
      const buffer = Buffer.alloc(1);
      return await queryDleEotStatus(
        {
          write: (bytes) => writeAll(handle, bytes, signal, Date.now() + statusTimeoutMs),
          async readByte(timeoutMs) {
            const deadline = Date.now() + timeoutMs;
            while (!signal.aborted) {
              try {
                const { bytesRead } = await handle.read(buffer, 0, 1, null);
                if (bytesRead === 1) return buffer[0];
              } catch (error) {
                if (errorCode(error) !== 'EAGAIN') throw error;
              }
              if (Date.now() >= deadline) return undefined;
              await delay(POLL_MS, signal).catch(() => undefined);
            }
            return undefined;
          },
        },
        statusTimeoutMs,
      );
    } catch (error) {
      return offlineStatus(messageOf(error));
    } finally {
      await handle.close().catch(() => undefined);
    }
  };

  return {
    kind: 'device',
    target: path,
    write: (job, signal) => run(() => writeJob(job.bytes, signal)),
    status: (signal) => run(() => readStatus(signal)),
    close: () => run(() => Promise.resolve()),
  };
}
