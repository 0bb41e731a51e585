import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { parseDevicesConfig } from '../src/config/device-config.ts';
import { createConfiguredDevices } from '../src/devices/configured-devices.ts';
import { createHidPosReassembler } from '../src/devices/hid/hid-pos-report.ts';
import { createHidScanner } from '../src/devices/hid/hid-scanner.ts';
import type { HidConnection, HidDeviceInfo, NodeHidModule } from '../src/devices/hid/node-hid-loader.ts';
import { pairedClient, removeDir, startAgent, makeDataDir } from './helpers/agent-harness.ts';

/** One 64-byte Honeywell-style HID POS report. */
function report(data: string, options: { more?: boolean; aim?: string; reportId?: number } = {}): Uint8Array {
  const bytes = new Uint8Array(64);
  const payload = Buffer.from(data, 'latin1');
  bytes[0] = options.reportId ?? 0x02;
  bytes[1] = payload.length;
  bytes.set(Buffer.from(options.aim ?? ']E0', 'latin1'), 2);
  bytes.set(payload, 5);
  bytes[61] = 0x3f;
  bytes[63] = options.more === true ? 1 : 0;
  return bytes;
}

/** Splits a code the way the scanner does: 56 data bytes per report. */
function reportsOf(code: string, aim = ']Q1'): Uint8Array[] {
  const parts: Uint8Array[] = [];
  for (let start = 0; start < code.length; start += 56)
    parts.push(report(code.slice(start, start + 56), { more: start + 56 < code.length, aim }));
  return parts;
}

describe('HID POS report reassembly', () => {
  it('reads a one-report EAN-13 with its symbology', () => {
    const reassembler = createHidPosReassembler();
    expect(reassembler.push(report('8412345678905'), 0)).toEqual({ code: '8412345678905', symbology: ']E0' });
  });

  it('joins a code spread over several reports', () => {
    const url = `https://nine.example/r/${'A'.repeat(120)}?ok=1`;
    const parts = reportsOf(url);
    expect(parts).toHaveLength(3);
    const reassembler = createHidPosReassembler();
    expect(reassembler.push(parts[0]!, 0)).toBeUndefined();
    expect(reassembler.push(parts[1]!, 5)).toBeUndefined();
    expect(reassembler.push(parts[2]!, 10)).toEqual({ code: url, symbology: ']Q1' });
    // And starts afresh for the next scan.
    expect(reassembler.push(report('123456'), 20)).toEqual({ code: '123456', symbology: ']E0' });
  });

  it('keeps GS1 separators, drops a CR suffix, ignores other reports', () => {
    const reassembler = createHidPosReassembler();
    expect(reassembler.push(report('hello', { reportId: 0x04 }), 0)).toBeUndefined();
    expect(reassembler.push(report('0104012345678901\x1d10ABC\r', { aim: ']C1' }), 0)).toEqual({
      code: '0104012345678901\x1d10ABC',
      symbology: ']C1',
    });
    expect(reassembler.push(report(''), 0)).toBeUndefined();
  });

  it('drops a partial scan whose continuation never came', () => {
    const reassembler = createHidPosReassembler(undefined, { partTimeoutMs: 100 });
    const parts = reportsOf('X'.repeat(100));
    expect(reassembler.push(parts[0]!, 0)).toBeUndefined();
    // The rest of that scan is lost; a new scan 1 s later must not be glued to it.
    expect(reassembler.push(report('4006381333931'), 1000)).toEqual({
      code: '4006381333931',
      symbology: ']E0',
    });
  });

  it('never trusts a length byte beyond the report', () => {
    const reassembler = createHidPosReassembler();
    const lying = report('ABC');
    lying[1] = 250;
    expect(reassembler.push(lying, 0)?.code.startsWith('ABC')).toBe(true);
    expect(reassembler.push(lying, 0)?.code.length).toBeLessThanOrEqual(59);
  });
});

/** node-hid stand-in at the USB edge: devices to list, and an opened device the test feeds reports into. */
function fakeNodeHid(devices: HidDeviceInfo[]) {
  const opened: (HidConnection & { path: string; closed: boolean })[] = [];
  const module: NodeHidModule = {
    devicesAsync: async () => devices,
    HIDAsync: {
      async open(path) {
        const device = Object.assign(new EventEmitter(), {
          path,
          closed: false,
          async close() {
            device.closed = true;
          },
        });
        opened.push(device);
        return device;
      },
    },
  };
  return { module, opened, devices };
}

const honeywell: HidDeviceInfo = {
  vendorId: 0x0c2e,
  productId: 0x0b61,
  path: '/dev/hidraw3',
  interface: 0,
  usagePage: 0x8c,
  usage: 2,
  product: 'Voyager 1250g',
};

const until = async (check: () => boolean, timeoutMs = 2000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('HID scanner driver', () => {
  it('opens the matching HID POS collection and emits complete scans', async () => {
    const hid = fakeNodeHid([{ ...honeywell, path: '/dev/hidraw2', usagePage: 0x01, usage: 6 }, honeywell]);
    const scanner = createHidScanner({ id: 'hid-1', vendorId: 0x0c2e, loadHid: async () => hid.module });
    const scans: string[] = [];
    await scanner.start((code) => scans.push(code));
    expect(hid.opened.map((d) => d.path)).toEqual(['/dev/hidraw3']);
    for (const part of reportsOf('https://nine.example/' + 'k'.repeat(80)))
      hid.opened[0]!.emit('data', Buffer.from(part));
    hid.opened[0]!.emit('data', Buffer.from(report('8412345678905')));
    expect(scans).toEqual(['https://nine.example/' + 'k'.repeat(80), '8412345678905']);
    await scanner.stop();
    expect(hid.opened[0]!.closed).toBe(true);
  });

  it('looks again for a scanner plugged in later, and after it is unplugged', async () => {
    const hid = fakeNodeHid([]);
    const problems: string[] = [];
    const scanner = createHidScanner({
      id: 'hid-1',
      vendorId: 0x0c2e,
      productId: 0x0b61,
      reconnectMs: 20,
      loadHid: async () => hid.module,
      onProblem: (message) => problems.push(message),
    });
    const scans: string[] = [];
    await scanner.start((code) => scans.push(code));
    expect(scanner.connected).toBe(false);
    expect(problems).toEqual(['HID scanner hid-1 not found']);
    hid.devices.push(honeywell);
    await until(() => scanner.connected);
    hid.opened[0]!.emit('error', new Error('could not read from HID device'));
    await until(() => hid.opened.length === 2 && scanner.connected);
    hid.opened[1]!.emit('data', Buffer.from(report('123456')));
    expect(scans).toEqual(['123456']);
    await scanner.stop();
  });

  it('starts without node-hid and says why', async () => {
    const problems: string[] = [];
    const scanner = createHidScanner({
      id: 'hid-1',
      vendorId: 0x0c2e,
      reconnectMs: 60_000,
      loadHid: () => Promise.reject(new Error('node-hid is not installed')),
      onProblem: (message) => problems.push(message),
    });
    await scanner.start(() => undefined);
    expect(problems).toEqual(['HID scanner hid-1: node-hid is not installed']);
    await scanner.stop();
  });

  it('sends HID scans to the paired browser as scan events', async () => {
    const hid = fakeNodeHid([honeywell]);
    const dataDir = await makeDataDir();
    const devices = createConfiguredDevices(
      parseDevicesConfig({
        printers: [{ id: 'sim', transport: { type: 'simulated' } }],
        scanners: [{ type: 'hid', id: 'counter-scanner', vendorId: '0x0c2e', productId: '0b61' }],
      }),
      { dataDir, loadHid: async () => hid.module },
    );
    const running = await startAgent({ dataDir, devices });
    try {
      const { client } = await pairedClient(running);
      hid.opened[0]!.emit('data', Buffer.from(report('4006381333931')));
      const scan = await client.waitForEvent((e) => e.event === 'scan');
      expect(scan.payload).toMatchObject({ scannerId: 'counter-scanner', code: '4006381333931' });
      await client.close();
    } finally {
      await running.close();
      await removeDir(dataDir);
    }
  });
});
