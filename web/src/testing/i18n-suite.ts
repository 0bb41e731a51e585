import { afterEach, beforeAll, vi } from 'vitest';
import { initI18n } from '../lib/i18n.ts';

/** A suite that renders translated screens and stubs `fetch`: i18n loaded once, stubs undone after each test. */
export function setUpTranslatedSuite() {
  beforeAll(async () => {
    await initI18n();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}
