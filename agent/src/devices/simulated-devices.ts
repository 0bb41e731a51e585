import { join } from 'node:path';
import { paperProfiles, type Printer } from './printer.ts';
import type { ScannerSource } from './scanner.ts';
import { createSimulatedPrinter, type SimulatedPrinter } from './simulated-printer.ts';
import { createSimulatedScanner, type SimulatedScanner } from './simulated-scanner.ts';

/** The devices an agent drives. `simulator` is set when the simulated drivers are in use. */
export interface AgentDevices {
  simulated: boolean;
  printers: Printer[];
  scanners: ScannerSource[];
  simulator?: { printer: SimulatedPrinter; scanner: SimulatedScanner };
}

/** One simulated printer spooling to `<dataDir>/spool` and one simulated scanner. */
export function createSimulatedDevices(options: { dataDir: string; paperWidthMm?: 58 | 80 }): AgentDevices {
  const printer = createSimulatedPrinter({
    spoolDir: join(options.dataDir, 'spool'),
    profile: paperProfiles[options.paperWidthMm ?? 58],
  });
  const scanner = createSimulatedScanner();
  return { simulated: true, printers: [printer], scanners: [scanner], simulator: { printer, scanner } };
}
