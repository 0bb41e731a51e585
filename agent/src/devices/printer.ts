import type { PrinterInfo, PrinterStatus } from '@nine/shared/agent-protocol';
import { codePages, type CodePage, type CodePageName } from '../escpos/code-pages.ts';
import { offlineStatus, unknownStatus } from './printer-status.ts';

/**
 * The printer driver interface. A transport moves bytes to one printer (simulated spool, TCP 9100, USB, a
 * device path); everything above it (queue, rendering) is the same for all of them.
 */
export interface PrinterTransport {
  /** 'simulated', 'tcp', 'usb', 'device'. */
  readonly kind: string;
  /** Where it prints, for people: `192.168.1.50:9100`, `/dev/usb/lp0`, `usb 0416:5011`. */
  readonly target?: string;
  /**
   * True when writing the same job id again prints it once (a spool file named by job id). Only then does
   * the queue resend a job that a crash cut off while it was being sent; on the others (TCP, USB, device
   * paths) the bytes may already be on paper, so the job is left for a person to confirm.
   */
  readonly repeatSafe?: boolean;
  /**
   * Hands a job's bytes to the printer and resolves once they are accepted. Rejects with
   * `PrinterOfflineError` when the job should wait and be retried.
   */
  write(job: { jobId: string; bytes: Uint8Array }, signal: AbortSignal): Promise<void>;
  /** DLE EOT style status; must honour the signal, many printers never answer. */
  status(signal: AbortSignal): Promise<PrinterStatus>;
  /** Registers a listener for status changes the transport notices by itself. Returns an unsubscribe. */
  onStatusChange?(listener: (status: PrinterStatus) => void): () => void;
  close(): Promise<void>;
}

/** Per printer, never derived from the paper width alone: heads differ (384, 420, 512, 576 dots). */
export interface PrinterProfile {
  paperWidthMm: 58 | 80;
  dotsPerLine: number;
  /** Characters per line in font A (12 dots wide) and font B (9 dots wide). */
  columns: number;
  columnsFontB: number;
  /** The font receipts are printed in; font B fits more columns on narrow paper. */
  font: 'a' | 'b';
  /** Table the text is encoded with; its `escPosNumber` is what `ESC t` sends to this printer. */
  codePage: CodePage;
  /** Send `FS .` after `ESC @`: printers with Chinese firmware boot in double-byte mode and garble accents. */
  leaveKanjiMode: boolean;
}

export interface PrinterProfileInput {
  paperWidthMm?: 58 | 80 | undefined;
  dotsPerLine?: number | undefined;
  columns?: number | undefined;
  columnsFontB?: number | undefined;
  font?: 'a' | 'b' | undefined;
  codePage?: CodePageName | undefined;
  /** `ESC t n` for the code page when this printer's firmware numbers it differently. */
  codePageNumber?: number | undefined;
  leaveKanjiMode?: boolean | undefined;
}

/** Width in dots of a character cell of ESC/POS font A (12x24) and font B (9x17); GS ! multiplies it. */
export const FONT_DOTS = { a: 12, b: 9 } as const;

/**
 * Fills a profile from what is known: 58 mm means 384 dots, columns follow the dots, CP858 by default.
 * Configured columns can narrow a line, never make it wider than the head.
 */
export function makePrinterProfile(input: PrinterProfileInput = {}): PrinterProfile {
  const paperWidthMm =
    input.paperWidthMm ?? (input.dotsPerLine !== undefined && input.dotsPerLine > 450 ? 80 : 58);
  const dotsPerLine = input.dotsPerLine ?? (paperWidthMm === 80 ? 576 : 384);
  const page = codePages[input.codePage ?? 'cp858'];
  return {
    paperWidthMm,
    dotsPerLine,
    columns: Math.min(input.columns ?? Infinity, Math.floor(dotsPerLine / FONT_DOTS.a)),
    columnsFontB: Math.min(input.columnsFontB ?? Infinity, Math.floor(dotsPerLine / FONT_DOTS.b)),
    font: input.font ?? 'a',
    codePage: input.codePageNumber === undefined ? page : { ...page, escPosNumber: input.codePageNumber },
    leaveKanjiMode: input.leaveKanjiMode ?? true,
  };
}

/** Columns of the font the profile prints in. */
export function columnsOf(profile: PrinterProfile): number {
  return profile.font === 'b' ? profile.columnsFontB : profile.columns;
}

export interface Printer {
  id: string;
  name: string;
  profile: PrinterProfile;
  transport: PrinterTransport;
  /** How often the agent asks for its status to notice changes (0: never; the simulated one reports them). */
  statusPollMs?: number;
}

export const paperProfiles: Record<58 | 80, PrinterProfile> = {
  58: makePrinterProfile({ paperWidthMm: 58 }),
  80: makePrinterProfile({ paperWidthMm: 80 }),
};

/** The printer is unreachable for now (offline, paper out, cover open): the job waits and is retried. */
export class PrinterOfflineError extends Error {
  override readonly name = 'PrinterOfflineError';
}

export function printerInfoOf(printer: Printer): PrinterInfo {
  return {
    id: printer.id,
    name: printer.name,
    kind: printer.transport.kind,
    paperWidthMm: printer.profile.paperWidthMm,
    dotsPerLine: printer.profile.dotsPerLine,
    columns: columnsOf(printer.profile),
  };
}

/** Above a transport's own deadlines (1.5 s to connect, 0.8 s per answer), so they decide first. */
const STATUS_TIMEOUT_MS = 4000;

/**
 * Asks for a printer's status without ever hanging: a transport that does not settle in time reads as
 * `unknown`, one that fails as `offline`. Transports keep their own, shorter, per-byte deadlines.
 */
export async function readPrinterStatus(
  printer: Printer,
  timeoutMs = STATUS_TIMEOUT_MS,
): Promise<PrinterStatus> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<PrinterStatus>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(unknownStatus(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([printer.transport.status(controller.signal), timeout]);
  } catch (error) {
    return offlineStatus(error instanceof Error ? error.message : 'status failed');
  } finally {
    clearTimeout(timer);
  }
}
