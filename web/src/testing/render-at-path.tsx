import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { renderWithProviders, type ProviderOptions } from './render-with-providers.tsx';

/**
 * `renderWithProviders` under a router on a memory location that starts at `path` and records its
 * history (`location.history`), for screens with links or list state in the URL. A rerender keeps both.
 */
export function renderAtPath(path: string, ui: ReactElement, options: ProviderOptions = {}) {
  const location = memoryLocation({ path, record: true });
  const routed = (node: ReactElement) => (
    <Router hook={location.hook} searchHook={location.searchHook}>
      {node}
    </Router>
  );
  const view = renderWithProviders(routed(ui), options);
  return { ...view, location, rerender: (next: ReactElement) => view.rerender(routed(next)) };
}
