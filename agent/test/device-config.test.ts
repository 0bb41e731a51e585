import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCliDevices, parseCliConfig } from '../src/config/cli-config.ts';
import { loadDevicesConfig, parseDevicesConfig } from '../src/config/device-config.ts';
import { createConfiguredDevices } from '../src/devices/configured-devices.ts';
import { makeDataDir, removeDir } from './helpers/agent-harness.ts';

describe('devices config', () => {
  it('parses printers with their transports and profiles, filling defaults', () => {
    const config = parseDevicesConfig({
      name: 'Caja 1',
      printers: [
        {
          id: 'counter',
          transport: { type: 'tcp', host: '192.168.1.50' },
          profile: {
            paperWidthMm: 80,
            dotsPerLine: 512,
            codePage: 'cp1252',
            codePageNumber: 16,
            leaveKanjiMode: false,
          },
        },
        { id: 'usb58', transport: { type: 'usb', vendorId: '0x0416', productId: '5011' } },
        { id: 'lp0', transport: { type: 'device', path: '/dev/usb/lp0' }, status: { pollMs: 0 } },
      ],
      scanners: [{ type: 'hid', id: 'scan', vendorId: '0c2e' }],
    });
    expect(config.printers[0]).toMatchObject({
      transport: { type: 'tcp', host: '192.168.1.50', port: 9100 },
      status: { timeoutMs: 800, pollMs: 15_000 },
    });
    expect(config.printers[1]!.transport).toEqual({ type: 'usb', vendorId: 0x0416, productId: 0x5011 });
    expect(config.scanners[0]).toEqual({ type: 'hid', id: 'scan', vendorId: 0x0c2e });

    const devices = createConfiguredDevices(config, { dataDir: '/tmp/unused' });
    expect(devices.printers.map((p) => [p.id, p.transport.kind, p.transport.target])).toEqual([
      ['counter', 'tcp', '192.168.1.50:9100'],
      ['usb58', 'usb', '0416:5011'],
      ['lp0', 'device', '/dev/usb/lp0'],
    ]);
    // TM-T88 style: 512 dots -> 42/56 columns; its own ESC t number for WPC1252.
    expect(devices.printers[0]!.profile).toMatchObject({
      paperWidthMm: 80,
      dotsPerLine: 512,
      columns: 42,
      columnsFontB: 56,
      leaveKanjiMode: false,
      codePage: { name: 'cp1252', escPosNumber: 16 },
    });
    expect(devices.printers[1]!.profile).toMatchObject({ paperWidthMm: 58, dotsPerLine: 384, columns: 32 });
    expect(devices.printers[2]!.statusPollMs).toBe(0);
    expect(devices.simulated).toBe(false);
    expect(devices.simulator).toBeUndefined();
  });

  it('refuses mistakes with the path of the field', () => {
    expect(() => parseDevicesConfig({ printers: [{ id: 'x', transport: { type: 'serial' } }] })).toThrow(
      /printers\.0\.transport/,
    );
    expect(() =>
      parseDevicesConfig({ printers: [{ id: 'x', transport: { type: 'usb', productId: '5011' } }] }),
    ).toThrow(/productId needs vendorId/);
    expect(() =>
      parseDevicesConfig({
        printers: [
          { id: 'a', transport: { type: 'simulated' } },
          { id: 'a', transport: { type: 'simulated' } },
        ],
      }),
    ).toThrow(/duplicate id 'a'/);
    expect(() => parseDevicesConfig({ printers: [], colour: 'blue' })).toThrow(/Unrecognized key/);
  });

  it('reads the file from the data dir, and the flags replace its lists', async () => {
    const dataDir = await makeDataDir();
    try {
      const none = await loadCliDevices(parseCliConfig(['--data-dir', dataDir], {}, '/'));
      expect(none).toEqual({ printers: [], scanners: [] });
      await writeFile(
        join(dataDir, 'devices.json'),
        JSON.stringify({ printers: [{ id: 'lp0', transport: { type: 'device', path: '/dev/usb/lp0' } }] }),
      );
      const fromFile = await loadCliDevices(parseCliConfig(['--data-dir', dataDir], {}, '/'));
      expect(fromFile.printers.map((p) => p.id)).toEqual(['lp0']);

      const flags = parseCliConfig(
        [
          '--data-dir',
          dataDir,
          '--printer',
          'tcp://10.0.0.7:9101',
          '--printer',
          'usb://04b8:0202',
          '--scanner',
          'hid://0c2e',
          '--paper-width',
          '80',
        ],
        {},
        '/',
      );
      const fromFlags = await loadCliDevices(flags);
      expect(fromFlags.printers.map((p) => [p.id, p.transport, p.profile])).toEqual([
        ['printer-1', { type: 'tcp', host: '10.0.0.7', port: 9101 }, { paperWidthMm: 80 }],
        ['printer-2', { type: 'usb', vendorId: 0x04b8, productId: 0x0202 }, { paperWidthMm: 80 }],
      ]);
      expect(fromFlags.scanners).toEqual([{ type: 'hid', id: 'scanner-1', vendorId: 0x0c2e }]);

      await expect(loadDevicesConfig(join(dataDir, 'missing.json'), { required: true })).rejects.toThrow(
        /cannot read/,
      );
      expect(() => parseCliConfig(['doctor', '--printer', 'lpt1'], {}, '/')).not.toThrow();
      await expect(loadCliDevices(parseCliConfig(['--printer', 'lpt1'], {}, '/'))).rejects.toThrow(
        /use tcp:\/\/HOST/,
      );
      expect(parseCliConfig(['doctor', '--data-dir', dataDir], {}, '/').command).toBe('doctor');
    } finally {
      await removeDir(dataDir);
    }
  });
});
