import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { settleSecureWrites } from '../lib/secure-storage.ts';

afterEach(async () => {
  // Node-environment tests (the lint boundary test) have no DOM to clean.
  if (typeof document === 'undefined') return;
  cleanup();
  // An encrypted write still under way would land in the next test's storage.
  await settleSecureWrites();
  localStorage.clear();
  document.body.className = '';
});
