import type { ScannerSource } from '../scanner.ts';
import { createHidPosReassembler, honeywellHidPosLayout, type HidPosReportLayout } from './hid-pos-report.ts';
import {
  loadNodeHid,
  type HidConnection,
  type HidDeviceInfo,
  type NodeHidModule,
} from './node-hid-loader.ts';

/** The HID POS usage page (Bar Code Scanner, HID Point of Sale Usage Tables). */
export const HID_POS_USAGE_PAGE = 0x8c;

export interface HidScannerOptions {
  id: string;
  name?: string;
  vendorId: number;
  /** Any product of the vendor when absent. */
  productId?: number | undefined;
  /** 0x8C (HID POS); null matches any usage page (macOS/libusb builds may not report it). */
  usagePage?: number | null | undefined;
  layout?: HidPosReportLayout | undefined;
  /** How often a missing or unplugged scanner is looked for again. */
  reconnectMs?: number;
  loadHid?: () => Promise<NodeHidModule>;
  /** Problems worth a log line: not found, unplugged, cannot load node-hid. */
  onProblem?: (message: string) => void;
  now?: () => number;
}

export interface HidScanner extends ScannerSource {
  /** True while a device is open. */
  readonly connected: boolean;
}

export function matchesHidScanner(
  device: HidDeviceInfo,
  options: Pick<HidScannerOptions, 'vendorId' | 'productId' | 'usagePage'>,
): boolean {
  const usagePage = options.usagePage === undefined ? HID_POS_USAGE_PAGE : options.usagePage;
  return (
    device.path !== undefined &&
    device.vendorId === options.vendorId &&
    (options.productId === undefined || device.productId === options.productId) &&
    (usagePage === null || device.usagePage === usagePage)
  );
}

/**
 * A HID POS scanner read through node-hid. Starting never fails: a scanner that is absent, unplugged later
 * or unreadable is looked for again every few seconds, and the reason is reported once per change.
 */
export function createHidScanner(options: HidScannerOptions): HidScanner {
  const reconnectMs = options.reconnectMs ?? 3000;
  const loadHid = options.loadHid ?? loadNodeHid;
  const now = options.now ?? Date.now;
  const reassembler = createHidPosReassembler(options.layout ?? honeywellHidPosLayout);
  let device: HidConnection | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let lastProblem: string | undefined;

  const problem = (message: string) => {
    if (message !== lastProblem) options.onProblem?.(message);
    lastProblem = message;
  };
  const retryLater = (connect: () => Promise<void>) => {
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(() => void connect(), reconnectMs);
    timer.unref();
  };

  const closeDevice = async () => {
    const current = device;
    device = undefined;
    reassembler.reset();
    current?.removeAllListeners();
    await current?.close().catch(() => undefined);
  };

  const connectTo = (onScan: (code: string) => void) => {
    const connect = async (): Promise<void> => {
      if (!running || device !== undefined) return;
      try {
        const hid = await loadHid();
        const found = (await hid.devicesAsync()).find((d) => matchesHidScanner(d, options));
        if (found?.path === undefined) {
          problem(`HID scanner ${options.id} not found`);
          return retryLater(connect);
        }
        const opened = await hid.HIDAsync.open(found.path);
        if (!running) {
          await opened.close();
          return;
        }
        device = opened;
        lastProblem = undefined;
        opened.on('data', (report: Buffer) => {
          const scan = reassembler.push(report, now());
          if (scan !== undefined) onScan(scan.code);
        });
        opened.on('error', (error: unknown) => {
          problem(`HID scanner ${options.id}: ${error instanceof Error ? error.message : String(error)}`);
          void closeDevice().then(() => retryLater(connect));
        });
      } catch (error) {
        problem(`HID scanner ${options.id}: ${error instanceof Error ? error.message : String(error)}`);
        retryLater(connect);
      }
    };
    return connect;
  };

  return {
    id: options.id,
    name: options.name ?? `HID scanner ${options.id}`,
    kind: 'hid',
    get connected() {
      return device !== undefined;
    },
    async start(onScan) {
      running = true;
      await connectTo(onScan)();
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await closeDevice();
    },
  };
}
