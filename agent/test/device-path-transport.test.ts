import { access, chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PrinterOfflineError } from '../src/devices/printer.ts';
import { createDevicePathTransport } from '../src/devices/transports/device-path-transport.ts';
import { makeDataDir, removeDir } from './helpers/agent-harness.ts';

let dir: string;
beforeEach(async () => {
  dir = await makeDataDir();
});
afterEach(async () => {
  await removeDir(dir);
});

const signal = () => new AbortController().signal;

describe('device path transport', () => {
  it('appends each job to the device, byte for byte, in order', async () => {
    const path = join(dir, 'lp0');
    await writeFile(path, '');
    const transport = createDevicePathTransport({ path });
    const first = Uint8Array.of(0x1b, 0x40, 0x1c, 0x2e, 0x82, 0x0a, 0x1d, 0x56, 0x42, 0x04);
    const second = new Uint8Array(200_000).map((_, i) => i % 251);
    await transport.write({ jobId: 'a', bytes: first }, signal());
    await transport.write({ jobId: 'b', bytes: second }, signal());
    const written = await readFile(path);
    expect(written.length).toBe(first.length + second.length);
    expect(Buffer.compare(written, Buffer.concat([first, second]))).toBe(0);
  });

  it('waits as offline for a device that is not there, and never creates it', async () => {
    const path = join(dir, 'usb', 'lp9');
    const transport = createDevicePathTransport({ path });
    const error = await transport.write({ jobId: 'a', bytes: Uint8Array.of(0x41) }, signal()).catch((e) => e);
    expect(error).toBeInstanceOf(PrinterOfflineError);
    expect((error as Error).message).toContain('does not exist');
    await expect(access(path)).rejects.toThrow();

    const plain = join(dir, 'lp1');
    const other = createDevicePathTransport({ path: plain });
    await expect(other.write({ jobId: 'a', bytes: Uint8Array.of(0x41) }, signal())).rejects.toThrow(
      PrinterOfflineError,
    );
    await expect(access(plain)).rejects.toThrow();
  });

  it('reports status: unknown for a plain file, offline when missing', async () => {
    const path = join(dir, 'spool.bin');
    await writeFile(path, 'previous job bytes');
    const transport = createDevicePathTransport({ path });
    expect(await transport.status(signal())).toMatchObject({
      state: 'unknown',
      error: expect.stringContaining('is a file'),
    });
    // The status query did not write into the file.
    expect(await readFile(path, 'utf8')).toBe('previous job bytes');
    const missing = createDevicePathTransport({ path: join(dir, 'gone') });
    expect(await missing.status(signal())).toMatchObject({ state: 'offline', online: false });
  });

  it.skipIf(process.getuid?.() === 0)('names the permission problem', async () => {
    const path = join(dir, 'locked');
    await writeFile(path, '');
    await chmod(path, 0o400);
    const transport = createDevicePathTransport({ path });
    await expect(transport.write({ jobId: 'a', bytes: Uint8Array.of(0x41) }, signal())).rejects.toThrow(
      /permission denied/,
    );
  });
});
