import { describe, expect, it } from 'vitest';
import { localSettings, localSettingsForm } from '../src/schemas/local-settings.ts';

describe('local device settings', () => {
  it('fall back field by field to the defaults', () => {
    expect(localSettings.parse({ orderPrintWidth: '30mm', itemsPerPage: 7, kioskMode: true })).toEqual({
      orderPrintWidth: 'full',
      kioskMode: true,
      newTourInterface: false,
      printMode: 'browser',
      itemsPerPage: 25,
    });
  });

  it('read the page size the form holds as the select’s text', () => {
    const form = { ...localSettings.parse({}), language: 'es-ES', itemsPerPage: '100' };
    expect(localSettingsForm.parse(form)).toMatchObject({ language: 'es-ES', itemsPerPage: 100 });
    expect(localSettingsForm.safeParse({ ...form, language: 'de-DE' }).success).toBe(false);
  });
});
