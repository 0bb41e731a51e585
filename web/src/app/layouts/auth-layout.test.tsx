import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { setUpTranslatedSuite } from '../../testing/i18n-suite.ts';
import { AuthLayout } from './auth-layout.tsx';

setUpTranslatedSuite();

describe('AuthLayout', () => {
  it('hangs the form from the top, so what appears under a button does not move it', () => {
    // A card centred in the height moved Sign in up when the single sign-on option appeared below it: a
    // press that began on the button ended beside it, and the sign-in request was never sent.
    renderWithProviders(
      <AuthLayout>
        <button type="submit">Sign in</button>
      </AuthLayout>,
    );
    const main = screen.getByRole('main');
    expect(main.contains(screen.getByRole('button', { name: 'Sign in' }))).toBe(true);
    expect(getComputedStyle(main).alignItems).toBe('flex-start');
  });
});
