import { act, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n.ts';
import { createUiStore, UiStoreProvider } from '../../lib/ui-store.ts';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { GlobalLoading } from './global-loading.tsx';

beforeAll(() => initI18n());

describe('GlobalLoading', () => {
  it('shows a labelled progress bar while the data manager loads, and none after', () => {
    const store = createUiStore();
    renderWithProviders(
      <UiStoreProvider store={store}>
        <GlobalLoading />
      </UiStoreProvider>,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => store.setDataManagerLoading(true));
    // Indeterminate: no value, so assistive technology announces it as busy.
    const bar = screen.getByRole('progressbar', { name: 'Loading…' });
    expect(bar.hasAttribute('aria-valuenow')).toBe(false);
    act(() => store.setDataManagerLoading(false));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
