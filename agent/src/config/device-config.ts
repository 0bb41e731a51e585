import { readFile } from 'node:fs/promises';
import { z } from 'zod';

/**
 * The hardware an agent drives: `<data dir>/devices.json` (or `--config <path>`), and the quick
 * `--printer`/`--scanner` flags that replace the file's lists. See the README for examples.
 */

const usbId = z.union([
  z.int().min(0).max(0xffff),
  z
    .string()
    .regex(/^(?:0x)?[0-9a-f]{1,4}$/i, 'a 16-bit id such as "0x04b8" or "04b8"')
    .transform((text) => Number.parseInt(text.replace(/^0x/i, ''), 16)),
]);
const byteValue = z.union([
  z.int().min(0).max(255),
  z
    .string()
    .regex(/^0x[0-9a-f]{1,2}$/i)
    .transform((text) => Number.parseInt(text.slice(2), 16)),
]);
const id = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{0,63}$/i, 'letters, digits, dot, dash, underscore (max 64)');
const timeout = z.int().min(50).max(120_000);

const profile = z
  .object({
    paperWidthMm: z.union([z.literal(58), z.literal(80)]).optional(),
    dotsPerLine: z.int().min(64).max(4096).optional(),
    columns: z.int().min(8).max(128).optional(),
    columnsFontB: z.int().min(8).max(160).optional(),
    font: z.enum(['a', 'b']).optional(),
    codePage: z.enum(['cp858', 'cp1252']).optional(),
    codePageNumber: z.int().min(0).max(255).optional(),
    leaveKanjiMode: z.boolean().optional(),
  })
  .strict();

const transport = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('tcp'),
      host: z.string().min(1).max(253),
      port: z.int().min(1).max(65535).default(9100),
      connectTimeoutMs: timeout.optional(),
      writeTimeoutMs: timeout.optional(),
    })
    .strict(),
  z
    .object({
      type: z.literal('device'),
      path: z.string().min(1).max(1024),
      writeTimeoutMs: timeout.optional(),
    })
    .strict(),
  z
    .object({
      type: z.literal('usb'),
      vendorId: usbId.optional(),
      productId: usbId.optional(),
      connectTimeoutMs: timeout.optional(),
      writeTimeoutMs: timeout.optional(),
    })
    .strict()
    .refine((usb) => usb.productId === undefined || usb.vendorId !== undefined, {
      message: 'productId needs vendorId',
    }),
  z.object({ type: z.literal('simulated') }).strict(),
]);

const printer = z
  .object({
    id,
    name: z.string().min(1).max(128).optional(),
    transport,
    profile: profile.default({}),
    status: z
      .object({
        /** Deadline for each DLE EOT answer. */
        timeoutMs: timeout.default(800),
        /** How often the status is polled to notice changes; 0 turns polling off. */
        pollMs: z.int().min(0).max(3_600_000).default(15_000),
      })
      .strict()
      .default({ timeoutMs: 800, pollMs: 15_000 }),
  })
  .strict();

const reportLayout = z
  .object({
    reportId: byteValue,
    lengthOffset: z.int().min(0).max(255),
    dataOffset: z.int().min(0).max(255),
    symbologyOffset: z.int().min(0).max(255).optional(),
    symbologyLength: z.int().min(0).max(8).optional(),
    continuationOffset: z.int().min(0).max(255).optional(),
  })
  .strict();

const scanner = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('hid'),
      id,
      name: z.string().min(1).max(128).optional(),
      vendorId: usbId,
      productId: usbId.optional(),
      /** 0x8C by default; null accepts any (some platforms do not report it). */
      usagePage: usbId.nullable().optional(),
      /** Report layout, when the scanner is not Honeywell/Zebra style. */
      report: reportLayout.optional(),
    })
    .strict(),
  z.object({ type: z.literal('simulated'), id, name: z.string().min(1).max(128).optional() }).strict(),
]);

export const devicesConfig = z
  .object({
    /** The PC's name in kiosk registration; the host name by default. */
    name: z.string().min(1).max(128).optional(),
    printers: z.array(printer).max(16).default([]),
    scanners: z.array(scanner).max(16).default([]),
  })
  .strict()
  .superRefine((config, context) => {
    for (const [key, list] of [
      ['printers', config.printers],
      ['scanners', config.scanners],
    ] as const) {
      const seen = new Set<string>();
      list.forEach((device, index) => {
        if (seen.has(device.id))
          context.addIssue({
            code: 'custom',
            message: `duplicate id '${device.id}'`,
            path: [key, index, 'id'],
          });
        seen.add(device.id);
      });
    }
  });

export type DevicesConfig = z.output<typeof devicesConfig>;
export type PrinterConfig = DevicesConfig['printers'][number];
export type ScannerConfig = DevicesConfig['scanners'][number];
export type DevicesConfigInput = z.input<typeof devicesConfig>;

function describe(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}

export function parseDevicesConfig(value: unknown, source = 'devices config'): DevicesConfig {
  const parsed = devicesConfig.safeParse(value);
  if (!parsed.success) throw new Error(`${source} is invalid: ${describe(parsed.error)}`);
  return parsed.data;
}

/** Reads the config file. A missing file is an empty config unless it was asked for explicitly. */
export async function loadDevicesConfig(
  path: string,
  options: { required: boolean },
): Promise<DevicesConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !options.required)
      return parseDevicesConfig({});
    throw new Error(`cannot read ${path}: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path} is not JSON: ${(error as Error).message}`);
  }
  return parseDevicesConfig(value, path);
}

const hexPair = /^([0-9a-f]{1,4})(?::([0-9a-f]{1,4}))?$/i;

/**
 * `--printer` values: `tcp://192.168.1.50[:9100]`, `usb://[04b8[:0202]]`, `device:/dev/usb/lp0`
 * (or `file:///dev/usb/lp0`), `simulated`. The profile comes from `--paper-width`.
 */
export function printerFromFlag(value: string, index: number, paperWidthMm: 58 | 80): unknown {
  const base = { id: `printer-${index + 1}`, profile: { paperWidthMm } };
  if (value === 'simulated') return { ...base, transport: { type: 'simulated' } };
  const tcp = /^tcp:\/\/(\[[^\]]+\]|[^:/]+)(?::(\d+))?\/?$/i.exec(value);
  if (tcp !== null) {
    const host = (tcp[1] ?? '').replace(/^\[|\]$/g, '');
    return { ...base, transport: { type: 'tcp', host, port: Number(tcp[2] ?? 9100) } };
  }
  const usb = /^usb:(?:\/\/)?(.*)$/i.exec(value);
  if (usb !== null) {
    const ids = usb[1] ?? '';
    if (ids === '') return { ...base, transport: { type: 'usb' } };
    const pair = hexPair.exec(ids);
    if (pair === null)
      throw new Error(`--printer ${value}: expected usb://VID:PID in hex, e.g. usb://0416:5011`);
    return {
      ...base,
      transport: { type: 'usb', vendorId: pair[1], ...(pair[2] === undefined ? {} : { productId: pair[2] }) },
    };
  }
  const device = /^(?:device:|file:\/\/)(.+)$/i.exec(value);
  if (device !== null) return { ...base, transport: { type: 'device', path: device[1] } };
  throw new Error(`--printer ${value}: use tcp://HOST[:PORT], usb://[VID:PID], device:/PATH or simulated`);
}

/** `--scanner` values: `hid://0c2e[:0b61]`, `simulated`. */
export function scannerFromFlag(value: string, index: number): unknown {
  const id = `scanner-${index + 1}`;
  if (value === 'simulated') return { type: 'simulated', id };
  const hid = /^hid:\/\/(.+)$/i.exec(value);
  const pair = hid === null ? null : hexPair.exec(hid[1] ?? '');
  if (pair === null) throw new Error(`--scanner ${value}: use hid://VID[:PID] in hex, or simulated`);
  return { type: 'hid', id, vendorId: pair[1], ...(pair[2] === undefined ? {} : { productId: pair[2] }) };
}
