import type { PrinterStatus } from '@nine/shared/agent-protocol';

/**
 * Real-time status of ESC/POS printers: `DLE EOT n` (0x10 0x04 n) makes the printer answer one byte at once,
 * even while offline or busy. Many printers (and most cheap clones on some interfaces) never answer, so every
 * read has a deadline and silence means `unknown`, never a hang.
 */

const DLE = 0x10;
const EOT = 0x04;

/** 1: printer, 2: offline cause, 3: error cause, 4: roll paper sensor. */
export type DleEotQuery = 1 | 2 | 3 | 4;

export function dleEot(n: DleEotQuery): Uint8Array {
  return Uint8Array.of(DLE, EOT, n);
}

/** Every status byte has bits 1 and 4 set and bits 0 and 7 clear: anything else is not an answer. */
export function isStatusByte(byte: number): boolean {
  return (byte & 0x93) === 0x12;
}

export interface DleEotAnswers {
  printer?: number | undefined;
  offlineCause?: number | undefined;
  errorCause?: number | undefined;
  paperSensor?: number | undefined;
}

export const readyStatus = (): PrinterStatus => ({
  state: 'ready',
  online: true,
  coverOpen: false,
  paperOut: false,
  paperNearEnd: false,
  cutterError: false,
});

export const offlineStatus = (error: string): PrinterStatus => ({
  state: 'offline',
  online: false,
  coverOpen: null,
  paperOut: null,
  paperNearEnd: null,
  cutterError: null,
  error,
});

export const unknownStatus = (error: string): PrinterStatus => ({
  state: 'unknown',
  online: false,
  coverOpen: null,
  paperOut: null,
  paperNearEnd: null,
  cutterError: null,
  error,
});

/** True when a job sent now should print (or at least is worth trying: an unknown printer may be fine). */
export function canTryPrinting(status: PrinterStatus): boolean {
  return status.state !== 'offline';
}

/**
 * Reads the four answers (Epson ESC/POS reference, DLE EOT):
 * - n=1: bit 3 offline;
 * - n=2: bit 2 cover open, bit 5 stopped by paper end, bit 6 error;
 * - n=3: bit 3 autocutter error, bit 5 unrecoverable error, bit 6 auto-recoverable error;
 * - n=4: bits 2-3 roll near end, bits 5-6 roll end.
 * A missing answer leaves its fields `null`; no answer at all is `unknown`.
 */
export function parseDleEotStatus(answers: DleEotAnswers): PrinterStatus {
  const { printer, offlineCause, errorCause, paperSensor } = answers;
  if (printer === undefined) return unknownStatus('the printer did not answer the status query');
  const bit = (byte: number | undefined, mask: number) => (byte === undefined ? null : (byte & mask) !== 0);
  const offline = (printer & 0x08) !== 0;
  const coverOpen = bit(offlineCause, 0x04);
  const paperOut = paperSensor !== undefined ? (paperSensor & 0x60) !== 0 : bit(offlineCause, 0x20);
  const paperNearEnd = bit(paperSensor, 0x0c);
  const cutterError = bit(errorCause, 0x08);
  const otherError = bit(errorCause, 0x60) === true || (bit(offlineCause, 0x40) === true && !cutterError);
  const problems = [
    coverOpen === true ? 'cover open' : undefined,
    paperOut === true ? 'paper out' : undefined,
    cutterError === true ? 'cutter error' : undefined,
    otherError ? 'printer error' : undefined,
  ].filter((text): text is string => text !== undefined);
  const canPrint = !offline && problems.length === 0;
  return {
    state: canPrint ? 'ready' : 'offline',
    online: canPrint,
    coverOpen,
    paperOut,
    paperNearEnd,
    cutterError,
    ...(canPrint ? {} : { error: problems.length > 0 ? problems.join(', ') : 'printer offline' }),
  };
}

/** What a transport offers for a status query: send bytes, then wait for one byte until a deadline. */
export interface StatusChannel {
  write(bytes: Uint8Array): Promise<void>;
  /** The next byte received, or undefined when none came within `timeoutMs`. */
  readByte(timeoutMs: number): Promise<number | undefined>;
}

/**
 * Asks DLE EOT 1..4 one at a time, so each answer belongs to its question. Stops at the first silence: a
 * printer that ignores n=1 ignores the rest, and waiting four times would only slow the answer down.
 */
export async function queryDleEotStatus(channel: StatusChannel, timeoutMs: number): Promise<PrinterStatus> {
  const answers: DleEotAnswers = {};
  const keys = { 1: 'printer', 2: 'offlineCause', 3: 'errorCause', 4: 'paperSensor' } as const;
  for (const n of [1, 2, 3, 4] as const) {
    await channel.write(dleEot(n));
    let answer: number | undefined;
    // Skip stray bytes (an automatic status back frame, an echo) until a status byte or the deadline.
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const left = deadline - Date.now();
      const byte = left > 0 ? await channel.readByte(left) : undefined;
      if (byte === undefined || isStatusByte(byte)) {
        answer = byte;
        break;
      }
    }
    if (answer === undefined) {
      if (n === 1) return unknownStatus(`no answer to DLE EOT within ${timeoutMs} ms`);
      break;
    }
    answers[keys[n]] = answer;
  }
  return parseDleEotStatus(answers);
}

/** A byte queue fed by a stream (socket data, USB transfers) that `readByte` drains with a deadline. */
export function createByteReader() {
  const bytes: number[] = [];
  let waiter: (() => void) | undefined;
  let ended = false;
  return {
    push(chunk: Uint8Array) {
      for (const byte of chunk) bytes.push(byte);
      waiter?.();
    },
    end() {
      ended = true;
      waiter?.();
    },
    readByte(timeoutMs: number): Promise<number | undefined> {
      if (bytes.length > 0) return Promise.resolve(bytes.shift());
      if (ended) return Promise.resolve(undefined);
      return new Promise((resolve) => {
        const timer = setTimeout(finish, timeoutMs);
        function finish() {
          clearTimeout(timer);
          waiter = undefined;
          resolve(bytes.shift());
        }
        waiter = finish;
      });
    },
  };
}
