import type * as UsbAdapterModule from '@node-escpos/usb-adapter';
import type { PrinterStatus } from '@nine/shared/agent-protocol';
import { PrinterOfflineError, type PrinterTransport } from '../printer.ts';
import { createByteReader, offlineStatus, queryDleEotStatus, unknownStatus } from '../printer-status.ts';
import { delay, messageOf, oneAtATime } from './one-at-a-time.ts';

/** Which USB printer: vendor and product ids, or the first device with the printer interface class. */
export interface UsbSelector {
  vendorId?: number | undefined;
  productId?: number | undefined;
}

/** An open USB printer: bulk OUT for the job, bulk IN (when the printer has one) for status answers. */
export interface UsbPrinterLink {
  readonly canRead: boolean;
  write(bytes: Uint8Array, timeoutMs: number): Promise<void>;
  /** The next packet, or undefined when nothing came within `timeoutMs`. */
  read(timeoutMs: number): Promise<Uint8Array | undefined>;
  close(): Promise<void>;
}

/** Opens the printer; throws `PrinterOfflineError` when it is not plugged in. */
export type OpenUsbLink = (selector: UsbSelector) => Promise<UsbPrinterLink>;

export interface UsbTransportOptions extends UsbSelector {
  writeTimeoutMs?: number;
  statusTimeoutMs?: number;
  connectTimeoutMs?: number;
  /** The USB stack; `@node-escpos/usb-adapter` over `usb` unless a test gives its own. */
  openLink?: OpenUsbLink;
}

export const hex4 = (n: number) => n.toString(16).padStart(4, '0');

/** `0416:5011`, `04b8:*`, or `first printer`: the transport's target, shown after its kind. */
export function describeUsb(selector: UsbSelector): string {
  return selector.vendorId === undefined
    ? 'first printer'
    : `${hex4(selector.vendorId)}:${selector.productId === undefined ? '*' : hex4(selector.productId)}`;
}

const isTimeout = (error: unknown) => /TIMED_OUT|TIMEOUT/i.test(messageOf(error));

let adapterModule: Promise<typeof UsbAdapterModule> | undefined;

/**
 * Loaded on first use: `usb` is a native addon, and an agent that prints over TCP or a device path must
 * still start where it cannot load (no prebuilt binary, no libusb).
 */
export function loadUsbAdapter(): Promise<typeof UsbAdapterModule> {
  adapterModule ??= import('@node-escpos/usb-adapter').catch((error: unknown) => {
    adapterModule = undefined;
    throw new Error(`USB printing is unavailable here: ${messageOf(error)}`);
  });
  return adapterModule;
}

/** The default link: `@node-escpos/usb-adapter` finds and claims the printer, endpoints are used directly. */
export const openEscPosUsbLink =
  (connectTimeoutMs: number): OpenUsbLink =>
  async (selector) => {
    const USBAdapter = (await loadUsbAdapter()).default;
    let adapter: InstanceType<typeof USBAdapter>;
    try {
      adapter =
        selector.vendorId !== undefined && selector.productId !== undefined
          ? new USBAdapter(selector.vendorId, selector.productId)
          : new USBAdapter();
    } catch (error) {
      throw new PrinterOfflineError(
        `USB printer ${describeUsb(selector)}: ${messageOf(error)} (unplugged or off?)`,
      );
    }
    await new Promise<void>((resolve, reject) => {
      // The adapter never calls back for a device without interfaces.
      const timer = setTimeout(
        () =>
          reject(
            new PrinterOfflineError(
              `USB printer ${describeUsb(selector)}: could not open within ${connectTimeoutMs} ms`,
            ),
          ),
        connectTimeoutMs,
      );
      try {
        adapter.open((error) => {
          clearTimeout(timer);
          if (error === null) resolve();
          else
            reject(
              new PrinterOfflineError(`USB printer ${describeUsb(selector)}: ${messageOf(error)}`, {
                cause: error,
              }),
            );
        });
      } catch (error) {
        clearTimeout(timer);
        // LIBUSB_ERROR_ACCESS lands here: the udev rule is missing.
        reject(
          new PrinterOfflineError(`USB printer ${describeUsb(selector)}: ${messageOf(error)}`, {
            cause: error,
          }),
        );
      }
    });
    const out = adapter.endpoint;
    const input = adapter.deviceToPcEndpoint;
    if (out === null)
      throw new PrinterOfflineError(`USB printer ${describeUsb(selector)}: no bulk OUT endpoint`);
    return {
      canRead: input !== null,
      write: (bytes, timeoutMs) =>
        new Promise((resolve, reject) => {
          out.timeout = timeoutMs;
          out.transfer(Buffer.from(bytes), (error) => (error ? reject(error) : resolve()));
        }),
      read: (timeoutMs) =>
        new Promise((resolve, reject) => {
          if (input === null) return resolve(undefined);
          input.timeout = timeoutMs;
          input.transfer(64, (error, data) => {
            if (error === undefined) resolve(data);
            else if (isTimeout(error)) resolve(undefined);
            else reject(error);
          });
        }),
      close: () =>
        new Promise((resolve) => {
          adapter.close(() => resolve());
        }),
    };
  };

/**
 * A USB printer, kept open between jobs and reopened after any error (unplugged, power cycled). Errors map
 * to `PrinterOfflineError` so jobs wait; only a USB stack that cannot load at all fails them.
 */
export function createUsbTransport(options: UsbTransportOptions): PrinterTransport {
  const selector: UsbSelector = { vendorId: options.vendorId, productId: options.productId };
  const writeTimeoutMs = options.writeTimeoutMs ?? 15_000;
  const statusTimeoutMs = options.statusTimeoutMs ?? 800;
  const openLink = options.openLink ?? openEscPosUsbLink(options.connectTimeoutMs ?? 3000);
  const target = `USB printer ${describeUsb(selector)}`;
  const run = oneAtATime();
  let link: UsbPrinterLink | undefined;

  const drop = async () => {
    const current = link;
    link = undefined;
    await current?.close().catch(() => undefined);
  };
  const connected = async () => (link ??= await openLink(selector));

  const writeJob = async (bytes: Uint8Array, signal: AbortSignal) => {
    signal.throwIfAborted();
    const current = await connected();
    try {
      await current.write(bytes, writeTimeoutMs);
    } catch (error) {
      await drop();
      throw new PrinterOfflineError(
        isTimeout(error)
          ? `${target} did not take the job within ${writeTimeoutMs} ms (paper out?)`
          : `${target}: ${messageOf(error)}`,
        { cause: error },
      );
    }
  };

  const readStatus = async (signal: AbortSignal): Promise<PrinterStatus> => {
    let current: UsbPrinterLink;
    try {
      current = await connected();
    } catch (error) {
      return offlineStatus(messageOf(error));
    }
    if (!current.canRead) return unknownStatus(`${target} has no IN endpoint: it cannot report a status`);
    const reader = createByteReader();
    try {
      return await queryDleEotStatus(
        {
          write: (bytes) => current.write(bytes, statusTimeoutMs),
          async readByte(timeoutMs) {
            const deadline = Date.now() + timeoutMs;
            for (;;) {
              const ready = await reader.readByte(0);
              if (ready !== undefined || signal.aborted) return ready;
              const left = deadline - Date.now();
              if (left <= 0) return undefined;
              const packet = await current.read(left);
              // Zero-length packets come back at once on some printers: wait a little before asking again.
              if (packet === undefined || packet.length === 0) await delay(Math.min(10, left));
              else reader.push(packet);
            }
          },
        },
        statusTimeoutMs,
      );
    } catch (error) {
      await drop();
      return offlineStatus(`${target}: ${messageOf(error)}`);
    }
  };

  return {
    kind: 'usb',
    target: describeUsb(selector),
    write: (job, signal) => run(() => writeJob(job.bytes, signal)),
    status: (signal) => run(() => readStatus(signal)),
    close: () => run(drop),
  };
}
