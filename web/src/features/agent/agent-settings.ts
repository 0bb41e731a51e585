import { useSyncExternalStore } from 'react';
import { AGENT_DEFAULT_PORT, AGENT_WS_PATH } from '@nine/shared/agent-protocol';
import { agentAddress } from '@nine/shared/schemas/agent-address';
import { loadSecure, readSecure, removeSecure, writeSecure } from '../../lib/secure-storage.ts';
import { hasSavedLocalSetting, readLocalSettings, saveLocalSettings } from '../../lib/local-settings.ts';
import { fetchAnnouncedAgentPort } from './api/get-agent-endpoint.ts';

/**
 * This counter PC's hardware settings: where its agent listens, which printer receipts go to, the width the
 * browser prints at when no agent is paired, and how keyboard-wedge scanners are told from typing. Kept
 * encrypted in this browser (lib/secure-storage), like the other device settings; the pairing token has a
 * key of its own so forgetting it never touches the rest.
 */

export const DEFAULT_AGENT_URL = `ws://127.0.0.1:${AGENT_DEFAULT_PORT}${AGENT_WS_PATH}`;
export const PAPER_WIDTHS = [58, 80] as const;
export type PaperWidth = (typeof PAPER_WIDTHS)[number];

/** Longest scanner prefix or suffix: scanners send a few marker characters, never a sentence. */
export const MAX_SCANNER_AFFIX = 8;

export interface AgentSettings {
  /**
   * The agent's websocket, always on this PC (loopback), when someone chose it here; null = automatic: the
   * port the server announces for the agent it started beside it, else the default port.
   */
  url: string | null;
  /** The printer receipts go to; null = the agent's first printer. */
  printerId: string | null;
  /** Receipt width of browser printing (the agent prints at its printer's own width). */
  paperWidthMm: PaperWidth;
  /** Tell keyboard-wedge scans from typing; off leaves every key alone. */
  wedgeEnabled: boolean;
  /** Characters the scanner sends before each code; when set, only codes that start with it count. */
  scannerPrefix: string;
  /** Characters the scanner sends after each code (stripped; ends a scan without Enter or Tab). */
  scannerSuffix: string;
}

export const DEFAULT_AGENT_SETTINGS: AgentSettings = {
  url: null,
  printerId: null,
  paperWidthMm: 58,
  wedgeEnabled: true,
  scannerPrefix: '',
  scannerSuffix: '',
};

export const AGENT_SETTINGS_KEY = 'nine.agent.settings';
export const AGENT_TOKEN_KEY = 'nine.agent.token';
/**
 * Version of the stored settings. Before version 2 every save wrote the default address along with a paper
 * width or a printer, so a stored default address then meant "nobody chose one": it reads as automatic.
 */
const SETTINGS_VERSION = 2;

/**
 * The websocket address when it is one the agent can be at (the schema's rule: ws/wss on a loopback host, so
 * the pairing token is never sent off this PC; a bare port or `host:port` completed), else null.
 */
export function normalizeAgentUrl(input: string): string | null {
  return agentAddress.safeParse(input).data ?? null;
}

/** The agent's own page (status and "New pairing code") for its websocket address. */
export function agentPageUrl(wsUrl: string): string | null {
  try {
    const url = new URL(wsUrl);
    if (url.protocol !== 'ws:' && url.protocol !== 'wss:') return null;
    return `${url.protocol === 'wss:' ? 'https' : 'http'}://${url.host}/`;
  } catch {
    return null;
  }
}

const isPrintable = (text: string) => /^[\x20-\x7e\u00a0-\uffff]*$/.test(text);

function affix(value: unknown): string {
  return typeof value === 'string' && value.length <= MAX_SCANNER_AFFIX && isPrintable(value) ? value : '';
}

/** The address to connect to: the one chosen on this PC, else the server's announcement, else the default. */
export function effectiveAgentUrl(chosen: string | null, announced: string | null): string {
  return chosen ?? announced ?? DEFAULT_AGENT_URL;
}

/** The websocket address for a port the server announced, or null (none, or not a port). */
export function announcedAgentUrl(port: number | null): string | null {
  return port !== null && Number.isInteger(port) && port > 0 && port <= 65535
    ? normalizeAgentUrl(String(port))
    : null;
}

/** Unknown or broken fields fall back to the defaults, one by one. */
export function parseAgentSettings(raw: string | null): AgentSettings {
  let value: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw === null ? {} : JSON.parse(raw);
    if (typeof parsed === 'object' && parsed !== null) value = parsed as Record<string, unknown>;
  } catch {
    // Unreadable: defaults.
  }
  const d = DEFAULT_AGENT_SETTINGS;
  const url = typeof value.url === 'string' ? normalizeAgentUrl(value.url) : null;
  const legacyDefault = value.v !== SETTINGS_VERSION && url === DEFAULT_AGENT_URL;
  return {
    url: legacyDefault ? null : url,
    printerId:
      typeof value.printerId === 'string' && value.printerId.length > 0 && value.printerId.length <= 64
        ? value.printerId
        : null,
    paperWidthMm: PAPER_WIDTHS.includes(value.paperWidthMm as PaperWidth)
      ? (value.paperWidthMm as PaperWidth)
      : d.paperWidthMm,
    wedgeEnabled: typeof value.wedgeEnabled === 'boolean' ? value.wedgeEnabled : d.wedgeEnabled,
    scannerPrefix: affix(value.scannerPrefix),
    scannerSuffix: affix(value.scannerSuffix),
  };
}

const listeners = new Set<() => void>();
let snapshot: { raw: string | null; value: AgentSettings } = { raw: null, value: DEFAULT_AGENT_SETTINGS };

function notify(): void {
  for (const listener of listeners) listener();
}

export function readAgentSettings(): AgentSettings {
  const raw = readSecure(AGENT_SETTINGS_KEY);
  if (raw !== snapshot.raw) snapshot = { raw, value: parseAgentSettings(raw) };
  return snapshot.value;
}

export function saveAgentSettings(settings: AgentSettings): void {
  writeSecure(AGENT_SETTINGS_KEY, JSON.stringify({ v: SETTINGS_VERSION, ...settings }));
  notify();
}

export function updateAgentSettings(change: Partial<AgentSettings>): AgentSettings {
  const next = { ...readAgentSettings(), ...change };
  saveAgentSettings(next);
  return next;
}

/** Decrypts the saved settings and token; screens that read them re-render once they are known. */
export async function hydrateAgentStorage(): Promise<{ settings: AgentSettings; token: string | null }> {
  await Promise.all([loadSecure(AGENT_SETTINGS_KEY), loadSecure(AGENT_TOKEN_KEY)]);
  notify();
  return { settings: readAgentSettings(), token: readAgentToken() };
}

const TOKEN_PATTERN = /^[\x21-\x7e]{16,256}$/;

export function readAgentToken(): string | null {
  const token = readSecure(AGENT_TOKEN_KEY);
  return token !== null && TOKEN_PATTERN.test(token) ? token : null;
}

export function saveAgentToken(token: string): void {
  writeSecure(AGENT_TOKEN_KEY, token);
}

export function forgetAgentToken(): void {
  removeSecure(AGENT_TOKEN_KEY);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** This PC's agent settings; re-renders when they are saved or decrypted. */
export function useAgentSettings(): AgentSettings {
  return useSyncExternalStore(subscribe, readAgentSettings);
}

/** What the connection machine needs from storage; tests may hand it an in-memory one. */
export interface AgentStorage {
  load(): Promise<{ url: string; token: string | null }>;
  saveToken(token: string): void;
  forgetToken(): void;
}

function chooseReceiptPrinting(): void {
  saveLocalSettings({ ...readLocalSettings(), printMode: 'receipt' });
}

/** The encrypted settings of this browser; `announcedPort` asks the server where its agent is. */
export function createSecureAgentStorage(announcedPort: () => Promise<number | null>): AgentStorage {
  return {
    load: async () => {
      const { settings, token } = await hydrateAgentStorage();
      // Paired before the print mode was read, the device printed receipts through the agent: it still
      // does, unless a print mode was chosen.
      if (token !== null && !hasSavedLocalSetting('printMode')) chooseReceiptPrinting();
      // A choice made on this PC wins: the server need not be asked.
      if (settings.url !== null) return { url: settings.url, token };
      const announced = announcedAgentUrl(await announcedPort().catch(() => null));
      return { url: effectiveAgentUrl(null, announced), token };
    },
    saveToken: (token) => {
      saveAgentToken(token);
      // Pairing with a code means this device has a receipt printer: receipts go to it from now on
      // (Local settings' print mode can turn it back to the browser).
      chooseReceiptPrinting();
    },
    forgetToken: forgetAgentToken,
  };
}

export const secureAgentStorage: AgentStorage = createSecureAgentStorage(fetchAnnouncedAgentPort);
