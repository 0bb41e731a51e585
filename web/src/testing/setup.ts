import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { settleSecureWrites } from '../lib/secure-storage.ts';

// Screens, dialogs and hosts load as chunks on first use; on a busy machine (CI runs the suites side by
// side) the first import of one can take over the default second. What the tests wait for is the same.
configure({ asyncUtilTimeout: 4_000 });

afterEach(async () => {
  // Node-environment tests (the lint boundary test) have no DOM to clean.
  if (typeof document === 'undefined') return;
  cleanup();
  // An encrypted write still under way would land in the next test's storage.
  await settleSecureWrites();
  localStorage.clear();
  document.body.className = '';
});
