import type { PrinterStatus } from '@nine/shared/agent-protocol';
import { readPrinterStatus, type Printer } from './printer.ts';

const sameStatus = (a: PrinterStatus, b: PrinterStatus) =>
  a.state === b.state &&
  a.coverOpen === b.coverOpen &&
  a.paperOut === b.paperOut &&
  a.paperNearEnd === b.paperNearEnd &&
  a.cutterError === b.cutterError;

/**
 * Polls a printer that cannot tell by itself (TCP, device path, USB) and reports changes: the browser's badge
 * follows, and the queue retries a waiting job as soon as the printer is back instead of after its back-off.
 * One poll at a time; a slow printer delays the next poll, it never stacks them.
 */
export function watchPrinterStatus(options: {
  printer: Printer;
  intervalMs: number;
  onChange: (status: PrinterStatus) => void;
  timeoutMs?: number;
}): { stop(): void } {
  let last: PrinterStatus | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const poll = async () => {
    const status = await readPrinterStatus(options.printer, options.timeoutMs);
    if (stopped) return;
    if (last === undefined || !sameStatus(last, status)) options.onChange(status);
    last = status;
    timer = setTimeout(() => void poll(), options.intervalMs);
    timer.unref();
  };
  void poll();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
