import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'wouter';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { keepEasySignToken, readParticipantToken } from '../../features/participant/participant-token.ts';
import { currentLanguage, initI18n, setLanguage } from '../../lib/i18n.ts';
import { stubApi } from '../../testing/fake-api.ts';
import { renderAtPath } from '../../testing/render-at-path.tsx';
import { ParticipantSignPage } from './participant-sign-page.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  await setLanguage('en-US', { persist: false });
});

describe('ParticipantSignPage', () => {
  it('after easy-sign, "Done" forgets the token, the booking and the language, and starts over', async () => {
    const calls = stubApi({});
    keepEasySignToken('tok_easy');
    // Under its route, as in the app: leaving the address unmounts the page.
    const { location, queryClient } = renderAtPath(
      '/participant/signe',
      <Route path="/participant/signe">
        <ParticipantSignPage />
      </Route>,
    );
    const done = await screen.findByRole('button', { name: 'Done' });
    expect(queryClient.getQueryCache().findAll({ queryKey: ['participant'] })).not.toHaveLength(0);
    // The customer read the page in Spanish without saving it for the device.
    await act(() => setLanguage('es-ES', { persist: false }));
    fireEvent.click(await screen.findByRole('button', { name: 'Terminado' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/easy-sign'));
    expect(done).toBeTruthy();
    expect(readParticipantToken('')).toBeNull();
    expect(calls[0]?.path).toBe('nine/public/participant/tok_easy');
    expect(queryClient.getQueryCache().findAll({ queryKey: ['participant'] })).toHaveLength(0);
    await waitFor(() => expect(currentLanguage()).toBe('en-US'));
  });

  it('moves a share link out of the address into this tab, offers no "Done", and finds it on return', async () => {
    const calls = stubApi({});
    const { location, unmount } = renderAtPath(
      '/participant/signe?token=tok_link&lang=es',
      <ParticipantSignPage />,
    );
    expect(await screen.findByText('This link is not valid or has expired.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Done' })).toBeNull();
    expect(calls[0]?.path).toBe('nine/public/participant/tok_link');
    // Stripe's return address is the page's address: no token in it any more, the rest kept.
    await waitFor(() => expect(location.history?.at(-1)).toBe('/participant/signe?lang=es'));
    unmount();
    // Back from the bank's page (the address has Stripe's parameters only): the tab still has the token.
    renderAtPath('/participant/signe?redirect_status=succeeded', <ParticipantSignPage />);
    expect(await screen.findByText('This link is not valid or has expired.')).toBeTruthy();
    expect(calls.at(-1)?.path).toBe('nine/public/participant/tok_link');
    expect(screen.queryByRole('button', { name: 'Done' })).toBeNull();
  });

  it('treats an address without a token as a dead link and points to easy-sign', () => {
    renderAtPath('/participant/signe', <ParticipantSignPage />);
    expect(screen.getByText('This link is not valid or has expired.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find your booking' }).getAttribute('href')).toBe('/easy-sign');
  });
});
