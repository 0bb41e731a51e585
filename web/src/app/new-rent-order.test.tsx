import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../lib/i18n.ts';
import { stubFetch } from '../testing/fake-api.ts';
import { isNewRentOrderShortcut, isTypingTarget } from './new-rent-order-keys.ts';
import { goTo, renderAppAt, setUpAppTests, signedInRoutes, signIn } from './testing/app-harness.tsx';

// The network edge is the only thing faked here: everything between the screens and fetch() is real.
const place = { id: 1, name: 'Harbor Front' };

function serve(rentOrderAction: 'view' | 'change') {
  stubFetch(
    signedInRoutes(
      { id: 1, name: 'Cleo Clerk', email: 'clerk@nine.test' },
      [place],
      [{ resource: 'rent_order', action: rentOrderAction }],
    ),
    { notFoundMessage: 'Not found.' },
  );
}

async function signInAt(path: string) {
  renderAppAt(path);
  await signIn('clerk@nine.test');
}

const altN = (target: Element = document.body, extra: KeyboardEventInit = {}) =>
  fireEvent.keyDown(target, { key: 'n', code: 'KeyN', altKey: true, ...extra });

setUpAppTests();
afterEach(() => {
  document.querySelectorAll('[data-test-field]').forEach((el) => el.remove());
});

describe('New rent order', () => {
  it('is on the dashboard, the rent order list and the Orders menu, with Alt+N shown and working', async () => {
    serve('change');
    await signInAt('/nine/auth/login');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    const button = await screen.findByTestId('new-rent-order');
    expect(button.textContent).toBe('New rent order');
    expect(button.getAttribute('href')).toBe('/nine/create-order');
    expect(button.getAttribute('title')).toBe('New rent order (Alt+N)');
    expect(button.getAttribute('aria-keyshortcuts')).toBe('Alt+N');

    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    const menuLink = within(nav).getByRole('link', { name: 'New Rent Order' });
    expect(menuLink.getAttribute('href')).toBe('/nine/create-order');
    expect(menuLink.getAttribute('aria-keyshortcuts')).toBe('Alt+N');
    expect(menuLink.textContent).toContain('Alt+N');

    goTo('/nine/rent-orders');
    await screen.findByRole('heading', { level: 1, name: 'Rent Orders' });
    expect((await screen.findByTestId('new-rent-order')).getAttribute('href')).toBe('/nine/create-order');

    // Typing Alt+N into a field (ñ, ˜ on some layouts) stays typing.
    const field = document.createElement('textarea');
    field.setAttribute('data-test-field', '');
    document.body.append(field);
    altN(field);
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', 'true');
    editable.setAttribute('data-test-field', '');
    document.body.append(editable);
    altN(editable);
    altN(document.body, { ctrlKey: true });
    expect(window.location.pathname).toBe('/nine/rent-orders');

    altN();
    await waitFor(() => expect(window.location.pathname).toBe('/nine/create-order'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Order' })).toBeTruthy();
  });

  it('is nowhere for a clerk who may only view rent orders, and the shortcut does nothing', async () => {
    serve('view');
    await signInAt('/nine/auth/login');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(await within(nav).findByRole('link', { name: 'Rent Orders' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'New Rent Order' })).toBeNull();
    expect(screen.queryByTestId('new-rent-order')).toBeNull();
    altN();
    expect(window.location.pathname).toBe('/nine/dashboard');
  });
});

describe('a refused route', () => {
  it('sends the clerk to the dashboard saying which page and which permission to ask for', async () => {
    serve('view');
    await signInAt('/nine/auth/login');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    // A bookmark, a link in an e-mail: the address bar, since the menu does not offer it.
    goTo('/nine/create-order');
    await waitFor(() => expect(window.location.pathname).toBe('/nine/dashboard'));
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText('You do not have permission to open Create Order.')).toBeTruthy();
    expect(
      within(notice).getByText('Ask an administrator for the Rent orders (Change) permission.'),
    ).toBeTruthy();
    // It speaks the language of the moment, and goes when dismissed.
    await act(() => setLanguage('fr-FR', { persist: false }));
    expect(
      await within(notice).findByText('Vous n’avez pas l’autorisation d’ouvrir Créer une commande.'),
    ).toBeTruthy();
    fireEvent.click(within(notice).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(window.location.pathname).toBe('/nine/dashboard');
  });
});

describe('the shortcut keys', () => {
  const key = (init: KeyboardEventInit) => new KeyboardEvent('keydown', init);

  it('is Alt+N by physical key, so a Mac (Option+N types a dead key) works too', () => {
    expect(isNewRentOrderShortcut(key({ code: 'KeyN', key: 'n', altKey: true }))).toBe(true);
    expect(isNewRentOrderShortcut(key({ code: 'KeyN', key: 'Dead', altKey: true }))).toBe(true);
    expect(isNewRentOrderShortcut(key({ code: 'KeyN', key: 'n' }))).toBe(false);
    expect(isNewRentOrderShortcut(key({ code: 'KeyN', key: 'N', altKey: true, shiftKey: true }))).toBe(false);
    expect(isNewRentOrderShortcut(key({ code: 'KeyN', key: 'n', altKey: true, metaKey: true }))).toBe(false);
    expect(isNewRentOrderShortcut(key({ code: 'KeyN', key: 'n', altKey: true, repeat: true }))).toBe(false);
  });

  it('leaves keys typed into text fields alone, not those on buttons and boxes', () => {
    const input = (type: string) => Object.assign(document.createElement('input'), { type });
    expect(isTypingTarget(input('text'))).toBe(true);
    expect(isTypingTarget(input('search'))).toBe(true);
    expect(isTypingTarget(document.createElement('textarea'))).toBe(true);
    expect(isTypingTarget(document.createElement('select'))).toBe(true);
    expect(isTypingTarget(input('checkbox'))).toBe(false);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
