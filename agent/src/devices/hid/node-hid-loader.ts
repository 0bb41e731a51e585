import type { EventEmitter } from 'node:events';

/**
 * The part of node-hid the agent uses, typed here: node-hid is an optional native module, loaded on first
 * use, so the agent starts (and prints) where it is missing or its libraries (libusb-1.0, libudev) are.
 */
export interface HidDeviceInfo {
  vendorId: number;
  productId: number;
  path?: string | undefined;
  manufacturer?: string | undefined;
  product?: string | undefined;
  serialNumber?: string | undefined;
  interface: number;
  usagePage?: number | undefined;
  usage?: number | undefined;
}

export interface HidConnection extends EventEmitter {
  close(): Promise<void>;
}

export interface NodeHidModule {
  devicesAsync(): Promise<HidDeviceInfo[]>;
  HIDAsync: { open(path: string, options?: { nonExclusive?: boolean }): Promise<HidConnection> };
}

/** What to tell a person when node-hid cannot load. */
export function hidUnavailableHint(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/Cannot find (package|module) 'node-hid'/.test(message))
    return 'node-hid is not installed (optional; see "HID scanners" in agent/README.md)';
  if (/libudev|libusb/.test(message))
    return `node-hid cannot load a system library (${message}): install libusb-1.0-0 and libudev1`;
  return `node-hid cannot load: ${message}`;
}

let loaded: Promise<NodeHidModule> | undefined;

/** Loads node-hid once; rejects with a readable reason, and tries again on the next call. */
export function loadNodeHid(): Promise<NodeHidModule> {
  // A variable specifier keeps TypeScript from requiring the package at build time: it is optional.
  const specifier = 'node-hid';
  loaded ??= import(specifier).then(
    (module: { default?: NodeHidModule } & Partial<NodeHidModule>) =>
      (module.devicesAsync === undefined ? module.default : module) as NodeHidModule,
    (error: unknown) => {
      loaded = undefined;
      throw new Error(hidUnavailableHint(error));
    },
  );
  return loaded;
}
