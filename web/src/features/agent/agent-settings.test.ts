import { describe, expect, it } from 'vitest';
import { settleSecureWrites } from '../../lib/secure-storage.ts';
import {
  DEFAULT_LOCAL_SETTINGS,
  LOCAL_SETTINGS_KEY,
  hasSavedLocalSetting,
  hydrateLocalSettings,
  readLocalSettings,
  saveLocalSettings,
} from '../../lib/local-settings.ts';
import {
  AGENT_SETTINGS_KEY,
  DEFAULT_AGENT_SETTINGS,
  DEFAULT_AGENT_URL,
  createSecureAgentStorage,
  forgetAgentToken,
  hydrateAgentStorage,
  normalizeAgentUrl,
  parseAgentSettings,
  readAgentSettings,
  saveAgentToken,
  updateAgentSettings,
} from './agent-settings.ts';
import { agentBadge, printerBadge } from './agent-status.ts';
import { READY_STATUS, SIM_PRINTER } from './testing/fake-agent-socket.ts';

describe('agent settings', () => {
  it('default to an automatic address, the agent’s first printer, 58 mm and wedge scanning on', () => {
    expect(readAgentSettings()).toEqual(DEFAULT_AGENT_SETTINGS);
    // Automatic: the server's announcement (agent-address.test.ts), else the agent's default port.
    expect(DEFAULT_AGENT_SETTINGS.url).toBeNull();
    expect(DEFAULT_AGENT_URL).toBe('ws://127.0.0.1:17900/ws');
  });

  it('accept only websocket addresses on this PC, and complete short forms', () => {
    expect(normalizeAgentUrl('ws://127.0.0.1:3927/ws')).toBe('ws://127.0.0.1:3927/ws');
    expect(normalizeAgentUrl('3927')).toBe('ws://127.0.0.1:3927/ws');
    expect(normalizeAgentUrl('localhost:17900')).toBe('ws://localhost:17900/ws');
    expect(normalizeAgentUrl('wss://[::1]:17900/ws')).toBe('wss://[::1]:17900/ws');
    // The token goes wherever this points: never off this PC, never anything but a websocket.
    expect(normalizeAgentUrl('ws://192.168.1.20:17900/ws')).toBeNull();
    expect(normalizeAgentUrl('ws://127.0.0.1.evil.test/ws')).toBeNull();
    expect(normalizeAgentUrl('http://127.0.0.1:17900/ws')).toBeNull();
    expect(normalizeAgentUrl('ws://user:pw@127.0.0.1:17900/ws')).toBeNull();
    expect(normalizeAgentUrl('not a url at all')).toBeNull();
  });

  it('fall back field by field on broken values', () => {
    expect(
      parseAgentSettings(
        JSON.stringify({
          url: 'ws://example.com/ws',
          printerId: 'counter',
          paperWidthMm: 57,
          wedgeEnabled: 'yes',
          scannerPrefix: 'x'.repeat(20),
          scannerSuffix: '#',
        }),
      ),
    ).toEqual({ ...DEFAULT_AGENT_SETTINGS, printerId: 'counter', scannerSuffix: '#' });
    expect(parseAgentSettings('{oops')).toEqual(DEFAULT_AGENT_SETTINGS);
  });

  it('are kept encrypted and read back after a reload', async () => {
    updateAgentSettings({ url: 'ws://127.0.0.1:3927/ws', paperWidthMm: 80 });
    await settleSecureWrites();
    expect(localStorage.getItem(AGENT_SETTINGS_KEY)).toMatch(/^n1\./);
    const { settings } = await hydrateAgentStorage();
    expect(settings).toMatchObject({ url: 'ws://127.0.0.1:3927/ws', paperWidthMm: 80 });
  });
});

describe('the badge', () => {
  const ready = READY_STATUS;

  it('follows the connection first, then the printer', () => {
    expect(agentBadge('off', null, null)).toBe('not_connected');
    expect(agentBadge('disconnected', SIM_PRINTER, ready)).toBe('not_connected');
    expect(agentBadge('connecting', null, null)).toBe('connecting');
    expect(agentBadge('pairing', SIM_PRINTER, ready)).toBe('pair');
    expect(agentBadge('ready', null, null)).toBe('no_printer');
    expect(agentBadge('ready', SIM_PRINTER, ready)).toBe('ready');
  });

  it('names the printer’s worst problem; a printer that never answers is just connected', () => {
    expect(printerBadge({ ...ready, state: 'offline', online: false, paperOut: true, coverOpen: true })).toBe(
      'paper_out',
    );
    expect(printerBadge({ ...ready, state: 'offline', online: false, coverOpen: true })).toBe('cover_open');
    expect(printerBadge({ ...ready, state: 'offline', online: false, cutterError: true })).toBe(
      'cutter_error',
    );
    expect(printerBadge({ ...ready, state: 'offline', online: false })).toBe('offline');
    expect(printerBadge({ ...ready, paperNearEnd: true })).toBe('paper_low');
    const silent = {
      state: 'unknown',
      online: false,
      coverOpen: null,
      paperOut: null,
      paperNearEnd: null,
      cutterError: null,
    } as const;
    expect(printerBadge(silent)).toBe('unknown');
    expect(printerBadge(null)).toBe('unknown');
  });
});

describe('the print mode of a paired device', () => {
  const storage = () => createSecureAgentStorage(() => Promise.resolve(null));

  it('becomes the receipt printer when paired with a code, and stays what was chosen afterwards', async () => {
    saveLocalSettings(DEFAULT_LOCAL_SETTINGS);
    storage().saveToken('tok-0123456789abcdef0123456789abcdef');
    expect(readLocalSettings().printMode).toBe('receipt');
    saveLocalSettings({ ...readLocalSettings(), printMode: 'browser' });
    await storage().load();
    expect(readLocalSettings().printMode).toBe('browser');
    storage().forgetToken();
  });

  it('keeps printing through the agent on a device paired before the print mode existed', async () => {
    saveAgentToken('tok-0123456789abcdef0123456789abcdef');
    localStorage.removeItem(LOCAL_SETTINGS_KEY);
    await settleSecureWrites();
    await hydrateLocalSettings();
    expect(hasSavedLocalSetting('printMode')).toBe(false);
    await storage().load();
    expect(readLocalSettings().printMode).toBe('receipt');
    forgetAgentToken();
    // Unpaired, an unsaved mode stays the browser's.
    await settleSecureWrites();
    localStorage.removeItem(LOCAL_SETTINGS_KEY);
    await hydrateLocalSettings();
    await storage().load();
    expect(readLocalSettings().printMode).toBe('browser');
  });
});
