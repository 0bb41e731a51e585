import type { ScannerInfo } from '@nine/shared/agent-protocol';

/** The scanner driver interface: a source of scanned codes (HID POS via node-hid, simulated, ...). */
export interface ScannerSource {
  id: string;
  name: string;
  /** 'simulated', 'hid'. */
  kind: string;
  /** Starts delivering codes; one listener, the agent fans them out to paired clients. */
  start(onScan: (code: string) => void): Promise<void>;
  stop(): Promise<void>;
}

export function scannerInfoOf(scanner: ScannerSource): ScannerInfo {
  return { id: scanner.id, name: scanner.name, kind: scanner.kind };
}
