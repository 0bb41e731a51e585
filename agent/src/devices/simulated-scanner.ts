import type { ScannerSource } from './scanner.ts';

/** A scanner fed by hand: the CLI's stdin and the control port's `POST /simulate/scan`. */
export interface SimulatedScanner extends ScannerSource {
  /** Emits a code as if scanned. Returns false when the scanner is not started (nobody listens). */
  inject(code: string): boolean;
}

export function createSimulatedScanner(options: { id?: string; name?: string } = {}): SimulatedScanner {
  let listener: ((code: string) => void) | undefined;
  return {
    id: options.id ?? 'sim-scanner',
    name: options.name ?? 'Simulated scanner',
    kind: 'simulated',
    start(onScan) {
      listener = onScan;
      return Promise.resolve();
    },
    stop() {
      listener = undefined;
      return Promise.resolve();
    },
    inject(code) {
      if (listener === undefined) return false;
      listener(code);
      return true;
    },
  };
}
