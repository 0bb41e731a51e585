import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import type { PrinterStatus } from '@nine/shared/agent-protocol';
import type { DevicesConfig } from '../config/device-config.ts';
import { HID_POS_USAGE_PAGE } from '../devices/hid/hid-scanner.ts';
import type { HidDeviceInfo, NodeHidModule } from '../devices/hid/node-hid-loader.ts';
import { readPrinterStatus, type Printer } from '../devices/printer.ts';
import { hex4 } from '../devices/transports/usb-transport.ts';
import { knownVendor, UDEV_FIX, UDEV_RULE_LOCATIONS, UDEV_RULES_FILE } from './known-devices.ts';

export interface UsbDeviceInfo {
  vendorId: number;
  productId: number;
  busNumber: number;
  deviceAddress: number;
  /** Interface classes: 7 printer, 3 HID. */
  interfaceClasses: number[];
}

export interface DoctorDeps {
  config: DevicesConfig;
  configPath: string;
  configFound: boolean;
  /** The configured printers, built as the agent would (not started). */
  printers: readonly Printer[];
  listUsb: () => Promise<UsbDeviceInfo[]>;
  loadHid: () => Promise<NodeHidModule>;
  platform: NodeJS.Platform;
  isRoot: boolean;
  /** True when the current user may open the path for reading and writing. */
  canReadWrite: (path: string) => Promise<boolean>;
  exists: (path: string) => Promise<boolean>;
  statusTimeoutMs?: number;
}

export interface DoctorProblem {
  what: string;
  fix: string[];
}

export interface DoctorReport {
  config: { path: string; found: boolean; printers: number; scanners: number };
  printers: { id: string; name: string; kind: string; target: string; status: PrinterStatus }[];
  usb:
    | { available: true; devices: (UsbDeviceInfo & { label: string; node?: string })[] }
    | { available: false; reason: string };
  hid:
    | { available: true; devices: (HidDeviceInfo & { label: string })[] }
    | { available: false; reason: string };
  udevRule: string | null | undefined;
  problems: DoctorProblem[];
  notes: string[];
}

/** Lists USB devices with `usb`, loaded only now: the doctor must run where it cannot load. */
export async function listUsbDevices(): Promise<UsbDeviceInfo[]> {
  const usb = await import('usb');
  return usb.getDeviceList().map((device) => {
    let interfaceClasses: number[] = [];
    try {
      interfaceClasses = (device.configDescriptor?.interfaces ?? []).flatMap((alternates) =>
        alternates.map((alternate) => alternate.bInterfaceClass),
      );
    } catch {
      // Reading descriptors can need access the user lacks; the ids are enough to go on.
    }
    return {
      vendorId: device.deviceDescriptor.idVendor,
      productId: device.deviceDescriptor.idProduct,
      busNumber: device.busNumber,
      deviceAddress: device.deviceAddress,
      interfaceClasses: [...new Set(interfaceClasses)],
    };
  });
}

export async function canReadWrite(path: string): Promise<boolean> {
  try {
    await access(path, constants.R_OK | constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

export async function pathExists(path: string): Promise<boolean> {
  try {
    await access(path, constants.F_OK);
    return true;
  } catch {
    return false;
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function usbLabel(device: UsbDeviceInfo): string {
  const kinds = [
    device.interfaceClasses.includes(7) ? 'printer' : undefined,
    device.interfaceClasses.includes(3) ? 'HID' : undefined,
  ].filter((kind) => kind !== undefined);
  const vendor = knownVendor(device.vendorId)?.name;
  return [vendor, kinds.length > 0 ? `${kinds.join('+')} interface` : undefined].filter(Boolean).join(', ');
}

/**
 * Looks at the configured printers (reachable? status?), the USB and HID devices present, and whether the
 * agent's user may open them; each problem comes with the commands that fix it.
 */
export async function runDoctor(deps: DoctorDeps): Promise<DoctorReport> {
  const problems: DoctorProblem[] = [];
  const notes: string[] = [];
  const linux = deps.platform === 'linux';

  const printers = await Promise.all(
    deps.printers.map(async (printer) => ({
      id: printer.id,
      name: printer.name,
      kind: printer.transport.kind,
      target: printer.transport.target ?? '',
      status: await readPrinterStatus(printer, deps.statusTimeoutMs),
    })),
  );
  for (const printer of printers) {
    if (printer.status.state !== 'offline') continue;
    const fix = /permission denied|LIBUSB_ERROR_ACCESS/i.test(printer.status.error ?? '')
      ? UDEV_FIX
      : printer.kind === 'tcp'
        ? [
            'check the printer is on and its IP address (print its self-test page: hold FEED while powering on)',
          ]
        : ['check the printer is on, connected and has paper'];
    problems.push({
      what: `printer ${printer.id} (${printer.target}): ${printer.status.error ?? 'offline'}`,
      fix,
    });
  }

  let usb: DoctorReport['usb'];
  try {
    // Hubs are never what anyone is looking for.
    const devices = (await deps.listUsb()).filter(
      (device) => device.interfaceClasses.length === 0 || device.interfaceClasses.some((c) => c !== 9),
    );
    usb = {
      available: true,
      devices: devices.map((device) => ({
        ...device,
        label: usbLabel(device),
        ...(linux
          ? {
              node: `/dev/bus/usb/${String(device.busNumber).padStart(3, '0')}/${String(device.deviceAddress).padStart(3, '0')}`,
            }
          : {}),
      })),
    };
  } catch (error) {
    usb = { available: false, reason: `the usb module cannot load: ${messageOf(error)}` };
  }

  let hid: DoctorReport['hid'];
  try {
    const hidModule = await deps.loadHid();
    const devices = await hidModule.devicesAsync();
    hid = {
      available: true,
      devices: devices
        .filter(
          (device) => device.usagePage === HID_POS_USAGE_PAGE || knownVendor(device.vendorId) !== undefined,
        )
        .map((device) => ({
          ...device,
          label: [
            knownVendor(device.vendorId)?.name,
            device.usagePage === HID_POS_USAGE_PAGE ? 'HID POS scanner' : undefined,
            device.product,
          ]
            .filter(Boolean)
            .join(', '),
        })),
    };
  } catch (error) {
    hid = { available: false, reason: messageOf(error) };
  }

  // Permissions: only Linux device nodes have them in a way the agent can check and fix.
  let udevRule: string | null | undefined;
  if (linux) {
    udevRule = null;
    for (const folder of UDEV_RULE_LOCATIONS) {
      const candidate = join(folder, UDEV_RULES_FILE);
      if (await deps.exists(candidate)) {
        udevRule = candidate;
        break;
      }
    }
    const denied: string[] = [];
    if (usb.available) {
      for (const device of usb.devices) {
        const relevant = knownVendor(device.vendorId) !== undefined || device.interfaceClasses.includes(7);
        if (relevant && device.node !== undefined && !(await deps.canReadWrite(device.node)))
          denied.push(`${device.node} (usb ${hex4(device.vendorId)}:${hex4(device.productId)})`);
      }
    }
    if (hid.available) {
      for (const device of hid.devices) {
        if (device.path?.startsWith('/dev/') && !(await deps.canReadWrite(device.path)))
          denied.push(`${device.path} (hid ${hex4(device.vendorId)}:${hex4(device.productId)})`);
      }
    }
    for (const printer of deps.config.printers) {
      if (printer.transport.type !== 'device') continue;
      const path = printer.transport.path;
      if ((await deps.exists(path)) && !(await deps.canReadWrite(path)))
        denied.push(`${path} (printer ${printer.id})`);
    }
    if (denied.length > 0) {
      problems.push({
        what: `this user cannot open ${denied.join(', ')}${udevRule === null ? ' and the udev rule is not installed' : ''}`,
        fix: UDEV_FIX,
      });
    } else if (
      udevRule === null &&
      deps.config.printers.some((p) => p.transport.type === 'usb' || p.transport.type === 'device')
    ) {
      notes.push(
        `the udev rule is not installed: once the agent runs as a normal user it needs it (${UDEV_FIX[0]})`,
      );
    }
    if (deps.isRoot)
      notes.push(
        'running as root: every device opens; run the doctor as the user of the service to see its problems',
      );
  }
  if (deps.platform === 'win32' && deps.config.printers.some((p) => p.transport.type === 'usb'))
    notes.push(
      'Windows raw USB needs the WinUSB driver (Zadig), which hides the printer from the spooler; prefer TCP 9100',
    );
  if (!hid.available && deps.config.scanners.some((s) => s.type === 'hid'))
    problems.push({
      what: `HID scanners are configured but ${hid.reason}`,
      fix: ['see "HID scanners" in agent/README.md'],
    });

  return {
    config: {
      path: deps.configPath,
      found: deps.configFound,
      printers: deps.config.printers.length,
      scanners: deps.config.scanners.length,
    },
    printers,
    usb,
    hid,
    udevRule,
    problems,
    notes,
  };
}

function describeStatus(status: PrinterStatus): string {
  if (status.state === 'ready') return status.paperNearEnd === true ? 'ready (paper near end)' : 'ready';
  return `${status.state}${status.error === undefined ? '' : `: ${status.error}`}`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The report as a person reads it in a terminal. */
export function formatDoctorReport(report: DoctorReport): string {
  const lines: string[] = ['Nine agent doctor', ''];
  const { config } = report;
  lines.push(
    config.found
      ? `Config: ${config.path} (${plural(config.printers, 'printer')}, ${plural(config.scanners, 'scanner')})`
      : `Config: ${config.path} not found${config.printers + config.scanners > 0 ? ' (devices from flags)' : ': the agent would run simulated'}`,
  );
  lines.push('', 'Printers:');
  if (report.printers.length === 0) lines.push('  none configured');
  for (const printer of report.printers)
    lines.push(`  ${printer.id}  ${printer.kind} ${printer.target}  ${describeStatus(printer.status)}`);

  lines.push('', 'USB devices:');
  if (!report.usb.available) lines.push(`  unavailable: ${report.usb.reason}`);
  else if (report.usb.devices.length === 0) lines.push('  none found');
  else
    for (const device of report.usb.devices)
      lines.push(
        `  ${hex4(device.vendorId)}:${hex4(device.productId)}${device.label === '' ? '' : `  ${device.label}`}${device.node === undefined ? '' : `  ${device.node}`}`,
      );

  lines.push('', 'HID devices (scanners):');
  if (!report.hid.available) lines.push(`  unavailable: ${report.hid.reason}`);
  else if (report.hid.devices.length === 0)
    lines.push('  none found (a scanner in keyboard mode types instead)');
  else
    for (const device of report.hid.devices)
      lines.push(
        `  ${hex4(device.vendorId)}:${hex4(device.productId)}  usage page 0x${(device.usagePage ?? 0).toString(16)}  ${device.label}${device.path === undefined ? '' : `  ${device.path}`}`,
      );

  if (report.udevRule !== undefined)
    lines.push('', `udev rule: ${report.udevRule ?? `not installed (${UDEV_RULES_FILE})`}`);
  for (const note of report.notes) lines.push(`note: ${note}`);
  lines.push('');
  if (report.problems.length === 0) lines.push('No problems found.');
  for (const problem of report.problems) {
    lines.push(`PROBLEM: ${problem.what}`, '  fix:');
    for (const step of problem.fix) lines.push(`    ${step}`);
  }
  return `${lines.join('\n')}\n`;
}
