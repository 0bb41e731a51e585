import { join } from 'node:path';
import type { DevicesConfig, PrinterConfig, ScannerConfig } from '../config/device-config.ts';
import { createHidScanner } from './hid/hid-scanner.ts';
import type { NodeHidModule } from './hid/node-hid-loader.ts';
import { makePrinterProfile, type Printer, type PrinterTransport } from './printer.ts';
import type { ScannerSource } from './scanner.ts';
import type { AgentDevices } from './simulated-devices.ts';
import { createSimulatedPrinter, type SimulatedPrinter } from './simulated-printer.ts';
import { createSimulatedScanner, type SimulatedScanner } from './simulated-scanner.ts';
import { createDevicePathTransport } from './transports/device-path-transport.ts';
import { createTcpTransport } from './transports/tcp-transport.ts';
import { createUsbTransport, describeUsb, type OpenUsbLink } from './transports/usb-transport.ts';

export interface ConfiguredDevicesDeps {
  dataDir: string;
  /** Tests replace the USB and HID stacks; the real ones load lazily on first use. */
  openUsbLink?: OpenUsbLink;
  loadHid?: () => Promise<NodeHidModule>;
  onProblem?: (message: string) => void;
}

function transportOf(config: PrinterConfig, deps: ConfiguredDevicesDeps): PrinterTransport {
  const t = config.transport;
  const statusTimeoutMs = config.status.timeoutMs;
  switch (t.type) {
    case 'tcp':
      return createTcpTransport({ ...t, statusTimeoutMs });
    case 'device':
      return createDevicePathTransport({ ...t, statusTimeoutMs });
    case 'usb':
      return createUsbTransport({
        ...t,
        statusTimeoutMs,
        ...(deps.openUsbLink === undefined ? {} : { openLink: deps.openUsbLink }),
      });
    case 'simulated':
      throw new Error('simulated printers are built by createSimulatedPrinter');
  }
}

function defaultName(config: PrinterConfig): string {
  const t = config.transport;
  if (t.type === 'tcp') return `Network printer ${t.host}`;
  if (t.type === 'device') return `Printer on ${t.path}`;
  if (t.type === 'usb') return `USB printer ${describeUsb(t)}`;
  return 'Simulated printer';
}

/**
 * The drivers for a config. Simulated entries are allowed next to real ones (a real printer and the
 * simulated scanner while a HID scanner is on order); the control port drives the simulated ones.
 */
export function createConfiguredDevices(config: DevicesConfig, deps: ConfiguredDevicesDeps): AgentDevices {
  let simulatedPrinter: SimulatedPrinter | undefined;
  let simulatedScanner: SimulatedScanner | undefined;

  const printers: Printer[] = config.printers.map((entry) => {
    const profile = makePrinterProfile(entry.profile);
    const name = entry.name ?? defaultName(entry);
    if (entry.transport.type === 'simulated') {
      const printer = createSimulatedPrinter({
        spoolDir: join(deps.dataDir, 'spool'),
        profile,
        id: entry.id,
        name,
      });
      simulatedPrinter ??= printer;
      return printer;
    }
    return {
      id: entry.id,
      name,
      profile,
      transport: transportOf(entry, deps),
      statusPollMs: entry.status.pollMs,
    };
  });

  const scanners: ScannerSource[] = config.scanners.map((entry: ScannerConfig) => {
    if (entry.type === 'simulated') {
      const scanner = createSimulatedScanner({
        id: entry.id,
        ...(entry.name === undefined ? {} : { name: entry.name }),
      });
      simulatedScanner ??= scanner;
      return scanner;
    }
    return createHidScanner({
      id: entry.id,
      ...(entry.name === undefined ? {} : { name: entry.name }),
      vendorId: entry.vendorId,
      productId: entry.productId,
      usagePage: entry.usagePage,
      layout: entry.report,
      ...(deps.loadHid === undefined ? {} : { loadHid: deps.loadHid }),
      ...(deps.onProblem === undefined ? {} : { onProblem: deps.onProblem }),
    });
  });

  const allSimulated =
    printers.every((p) => p.transport.kind === 'simulated') && scanners.every((s) => s.kind === 'simulated');
  // The control port's /simulate routes need both; a missing half gets an idle stand-in nobody else uses.
  const simulator =
    simulatedPrinter === undefined && simulatedScanner === undefined
      ? undefined
      : {
          printer:
            simulatedPrinter ??
            createSimulatedPrinter({ spoolDir: join(deps.dataDir, 'spool'), profile: makePrinterProfile() }),
          scanner: simulatedScanner ?? createSimulatedScanner(),
        };
  return { simulated: allSimulated, printers, scanners, ...(simulator === undefined ? {} : { simulator }) };
}
