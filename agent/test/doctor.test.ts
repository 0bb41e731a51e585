import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parseDevicesConfig } from '../src/config/device-config.ts';
import { createConfiguredDevices } from '../src/devices/configured-devices.ts';
import type { NodeHidModule } from '../src/devices/hid/node-hid-loader.ts';
import { knownVendors } from '../src/doctor/known-devices.ts';
import { formatDoctorReport, runDoctor, type DoctorDeps } from '../src/doctor/run-doctor.ts';
import { closedPort, startFakePrinterServer, type FakePrinterServer } from './helpers/fake-printer-server.ts';
import { makeDataDir, removeDir } from './helpers/agent-harness.ts';

const agentDir = fileURLToPath(new URL('..', import.meta.url));
let server: FakePrinterServer | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await server?.close();
  if (dataDir !== undefined) await removeDir(dataDir);
  server = undefined;
  dataDir = undefined;
});

const hidWithScanner: NodeHidModule = {
  devicesAsync: async () => [
    {
      vendorId: 0x0c2e,
      productId: 0x0b61,
      path: '/dev/hidraw3',
      interface: 0,
      usagePage: 0x8c,
      usage: 2,
      product: 'Voyager',
    },
    { vendorId: 0x046d, productId: 0xc52b, path: '/dev/hidraw0', interface: 0, usagePage: 0x01, usage: 6 },
  ],
  HIDAsync: { open: () => Promise.reject(new Error('not in the doctor')) },
};

describe('doctor', () => {
  it('reports printer status, USB and HID devices, and the permission fix', async () => {
    server = await startFakePrinterServer({ answers: { 1: 0x12, 2: 0x12, 3: 0x12, 4: 0x1e } });
    dataDir = await makeDataDir();
    const lp0 = join(dataDir, 'lp0');
    await writeFile(lp0, '');
    const config = parseDevicesConfig({
      printers: [
        { id: 'counter', transport: { type: 'tcp', host: '127.0.0.1', port: server.port } },
        { id: 'gone', transport: { type: 'tcp', host: '127.0.0.1', port: await closedPort() } },
        { id: 'lp0', transport: { type: 'device', path: lp0 } },
      ],
      scanners: [{ type: 'hid', id: 'scan', vendorId: '0c2e' }],
    });
    const denied = new Set(['/dev/bus/usb/001/004', '/dev/hidraw3', lp0]);
    const deps: DoctorDeps = {
      config,
      configPath: join(dataDir, 'devices.json'),
      configFound: true,
      printers: createConfiguredDevices(config, { dataDir }).printers,
      listUsb: async () => [
        { vendorId: 0x0416, productId: 0x5011, busNumber: 1, deviceAddress: 4, interfaceClasses: [7] },
        { vendorId: 0x1d6b, productId: 0x0002, busNumber: 1, deviceAddress: 1, interfaceClasses: [9] },
      ],
      loadHid: async () => hidWithScanner,
      platform: 'linux',
      isRoot: false,
      canReadWrite: async (path) => !denied.has(path),
      exists: async (path) => path === lp0,
    };
    const report = await runDoctor(deps);
    expect(report.printers.map((p) => [p.id, p.status.state])).toEqual([
      ['counter', 'ready'],
      ['gone', 'offline'],
      ['lp0', 'unknown'],
    ]);
    expect(report.udevRule).toBeNull();
    expect(report.hid).toMatchObject({ available: true, devices: [{ path: '/dev/hidraw3' }] });
    const text = formatDoctorReport(report);
    expect(text).toContain(`counter  tcp 127.0.0.1:${server.port}  ready (paper near end)`);
    expect(text).toContain(
      '0416:5011  Winbond (generic POS printers), printer interface  /dev/bus/usb/001/004',
    );
    expect(text).toContain(
      '0c2e:0b61  usage page 0x8c  Honeywell (Metrologic), HID POS scanner, Voyager  /dev/hidraw3',
    );
    expect(text).toContain('udev rule: not installed (99-nine-agent.rules)');
    expect(text).toMatch(/PROBLEM: printer gone \(127\.0\.0\.1:\d+\): cannot reach/);
    expect(text).toContain(
      `PROBLEM: this user cannot open /dev/bus/usb/001/004 (usb 0416:5011), /dev/hidraw3 (hid 0c2e:0b61), ${lp0} (printer lp0) and the udev rule is not installed`,
    );
    expect(text).toContain('sudo cp install/99-nine-agent.rules /etc/udev/rules.d/');
    expect(text).not.toContain('1d6b');
  });

  it('degrades to a clear message when usb or node-hid cannot load', async () => {
    const config = parseDevicesConfig({ scanners: [{ type: 'hid', id: 'scan', vendorId: '0c2e' }] });
    const report = await runDoctor({
      config,
      configPath: '/etc/nine/devices.json',
      configFound: true,
      printers: [],
      listUsb: () => Promise.reject(new Error('No native build was found for platform=linux')),
      loadHid: () =>
        Promise.reject(
          new Error(
            'node-hid cannot load a system library (libudev.so.1): install libusb-1.0-0 and libudev1',
          ),
        ),
      platform: 'linux',
      isRoot: true,
      canReadWrite: async () => true,
      exists: async (path) => path === '/etc/udev/rules.d/99-nine-agent.rules',
    });
    const text = formatDoctorReport(report);
    expect(text).toContain('unavailable: the usb module cannot load: No native build was found');
    expect(text).toContain('unavailable: node-hid cannot load a system library (libudev.so.1)');
    expect(text).toContain('udev rule: /etc/udev/rules.d/99-nine-agent.rules');
    expect(text).toContain('note: running as root');
    expect(text).toContain('PROBLEM: HID scanners are configured but node-hid cannot load');
  });

  it('runs from the command line against a real network printer', async () => {
    server = await startFakePrinterServer({ answers: { 1: 0x1a, 2: 0x16, 3: 0x12, 4: 0x12 } });
    dataDir = await makeDataDir();
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/cli.ts',
        'doctor',
        '--data-dir',
        dataDir,
        '--printer',
        `tcp://127.0.0.1:${server.port}`,
      ],
      { cwd: agentDir },
    );
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(stdout).toContain('Nine agent doctor');
    expect(stdout).toContain(`printer-1  tcp 127.0.0.1:${server.port}  offline: cover open`);
    expect(stdout).toMatch(/USB devices:\n {2}(none found|unavailable: )/);
    expect(stdout).toContain('HID devices (scanners):');
    expect(code).toBe(1);
  }, 20_000);
});

describe('udev rules', () => {
  it('cover every known vendor for libusb, usblp and (scanners) hidraw', async () => {
    const rules = await readFile(join(agentDir, 'install', '99-nine-agent.rules'), 'utf8');
    const lines = rules.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
    // udev reads no trailing comments: every rule line is only KEY op "value" pairs.
    for (const line of lines) expect(line).toMatch(/^([A-Z]+(\{[A-Za-z]+\})?(==|\+=|=|:=)"[^"]*"(, )?)+$/);
    for (const vendor of knownVendors) {
      const hex = vendor.vendorId.toString(16).padStart(4, '0');
      expect(lines.some((l) => l.startsWith('SUBSYSTEM=="usb"') && l.includes(`"${hex}"`))).toBe(true);
      const node = vendor.kind === 'printer' ? 'SUBSYSTEM=="usbmisc"' : 'SUBSYSTEM=="hidraw"';
      expect(lines.some((l) => l.startsWith(node) && l.includes(`"${hex}"`))).toBe(true);
    }
  });
});
