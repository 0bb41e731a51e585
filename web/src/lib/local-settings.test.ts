import { describe, expect, it } from 'vitest';
import { settleSecureWrites } from './secure-storage.ts';
import {
  DEFAULT_LOCAL_SETTINGS,
  LOCAL_SETTINGS_KEY,
  parseLocalSettings,
  readLocalSettings,
  saveLocalSettings,
} from './local-settings.ts';

describe('local device settings', () => {
  it('default to a full-page print, the browser dialog, 25 items per page, kiosk and new tours off', () => {
    expect(readLocalSettings()).toEqual(DEFAULT_LOCAL_SETTINGS);
    expect(DEFAULT_LOCAL_SETTINGS).toEqual({
      orderPrintWidth: 'full',
      kioskMode: false,
      newTourInterface: false,
      printMode: 'browser',
      itemsPerPage: 25,
    });
  });

  it('are saved on this device only, encrypted, and read back', async () => {
    const mine = {
      orderPrintWidth: '55mm',
      kioskMode: true,
      newTourInterface: true,
      printMode: 'receipt',
      itemsPerPage: 100,
    } as const;
    saveLocalSettings(mine);
    expect(readLocalSettings()).toEqual(mine);
    await settleSecureWrites();
    expect(localStorage.getItem(LOCAL_SETTINGS_KEY)).not.toContain('55mm');
    expect(readLocalSettings()).toEqual(mine);
  });

  it('fall back field by field on anything unknown', () => {
    expect(parseLocalSettings('{"orderPrintWidth":"30mm","itemsPerPage":7,"kioskMode":true}')).toEqual({
      ...DEFAULT_LOCAL_SETTINGS,
      kioskMode: true,
    });
    expect(parseLocalSettings('not json')).toEqual(DEFAULT_LOCAL_SETTINGS);
  });
});
