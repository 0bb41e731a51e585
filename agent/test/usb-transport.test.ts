import { describe, expect, it } from 'vitest';
import { PrinterOfflineError } from '../src/devices/printer.ts';
import {
  createUsbTransport,
  type UsbPrinterLink,
  type UsbSelector,
} from '../src/devices/transports/usb-transport.ts';

/** A USB printer stand-in at the edge we do not own (libusb): records writes, answers DLE EOT. */
function fakeUsbPrinter(options: { answers?: Record<number, number>; canRead?: boolean } = {}) {
  const state = {
    opened: 0,
    closed: 0,
    plugged: true,
    failNextWrite: undefined as Error | undefined,
    writes: [] as Buffer[],
    selectors: [] as UsbSelector[],
  };
  const openLink = async (selector: UsbSelector): Promise<UsbPrinterLink> => {
    state.selectors.push(selector);
    if (!state.plugged)
      throw new PrinterOfflineError('usb 0416:5011: Can not find printer (unplugged or off?)');
    state.opened += 1;
    const pending: number[] = [];
    return {
      canRead: options.canRead ?? true,
      async write(bytes) {
        const failure = state.failNextWrite;
        state.failNextWrite = undefined;
        if (failure !== undefined) throw failure;
        state.writes.push(Buffer.from(bytes));
        if (bytes[0] === 0x10 && bytes[1] === 0x04) {
          const answer = options.answers?.[bytes[2] ?? 0];
          if (answer !== undefined) pending.push(answer);
        }
      },
      async read(timeoutMs) {
        if (pending.length > 0) return Uint8Array.of(pending.shift() ?? 0);
        await new Promise((resolve) => setTimeout(resolve, timeoutMs));
        return undefined;
      },
      async close() {
        state.closed += 1;
      },
    };
  };
  return { state, openLink };
}

const signal = () => new AbortController().signal;

describe('USB transport', () => {
  it('sends jobs over one open link and reads DLE EOT status back', async () => {
    const fake = fakeUsbPrinter({ answers: { 1: 0x12, 2: 0x12, 3: 0x12, 4: 0x1e } });
    const transport = createUsbTransport({ vendorId: 0x0416, productId: 0x5011, openLink: fake.openLink });
    expect(transport.target).toBe('0416:5011');
    await transport.write({ jobId: 'a', bytes: Uint8Array.of(0x1b, 0x40, 0x41) }, signal());
    await transport.write({ jobId: 'b', bytes: Uint8Array.of(0x42) }, signal());
    expect(fake.state.writes.map((w) => w.toString('hex'))).toEqual(['1b4041', '42']);
    expect(fake.state.opened).toBe(1);
    expect(fake.state.selectors[0]).toEqual({ vendorId: 0x0416, productId: 0x5011 });
    expect(await transport.status(signal())).toMatchObject({ state: 'ready', paperNearEnd: true });
  });

  it('turns a failed transfer into offline and reopens the device for the retry', async () => {
    const fake = fakeUsbPrinter();
    const transport = createUsbTransport({ openLink: fake.openLink });
    await transport.write({ jobId: 'a', bytes: Uint8Array.of(0x41) }, signal());
    fake.state.failNextWrite = new Error('LIBUSB_TRANSFER_TIMED_OUT');
    const error = await transport.write({ jobId: 'b', bytes: Uint8Array.of(0x42) }, signal()).catch((e) => e);
    expect(error).toBeInstanceOf(PrinterOfflineError);
    expect((error as Error).message).toContain('did not take the job');
    expect(fake.state.closed).toBe(1);
    await transport.write({ jobId: 'b', bytes: Uint8Array.of(0x42) }, signal());
    expect(fake.state.opened).toBe(2);
    expect(fake.state.writes.map((w) => w.toString('hex'))).toEqual(['41', '42']);
  });

  it('reports an unplugged printer as offline and a printer without IN endpoint as unknown', async () => {
    const fake = fakeUsbPrinter();
    fake.state.plugged = false;
    const transport = createUsbTransport({ vendorId: 0x0416, productId: 0x5011, openLink: fake.openLink });
    await expect(transport.write({ jobId: 'a', bytes: Uint8Array.of(0x41) }, signal())).rejects.toThrow(
      PrinterOfflineError,
    );
    expect(await transport.status(signal())).toMatchObject({
      state: 'offline',
      error: expect.stringContaining('Can not find printer'),
    });

    const writeOnly = fakeUsbPrinter({ canRead: false });
    const other = createUsbTransport({ openLink: writeOnly.openLink });
    expect(await other.status(signal())).toMatchObject({ state: 'unknown' });
  });

  it('times out on a printer that never answers the status query', async () => {
    const fake = fakeUsbPrinter({ answers: {} });
    const transport = createUsbTransport({ openLink: fake.openLink, statusTimeoutMs: 100 });
    expect(await transport.status(signal())).toMatchObject({
      state: 'unknown',
      error: expect.stringContaining('100 ms'),
    });
  });

  it('loads the real USB stack lazily: here it has no printer to open', async () => {
    const transport = createUsbTransport({ vendorId: 0x0416, productId: 0x5011, connectTimeoutMs: 500 });
    const error = await transport.write({ jobId: 'a', bytes: Uint8Array.of(0x41) }, signal()).catch((e) => e);
    // Either the native module loaded and found nothing (offline), or it could not load at all.
    expect(String((error as Error).message)).toMatch(/Can not find printer|USB printing is unavailable/);
  });
});
