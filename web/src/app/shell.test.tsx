import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, requestsTo, stubFetch, type FetchHandler } from '../testing/fake-api.ts';
import {
  generalSettingsAnswer,
  loginAnswer,
  noSsoAnswer,
  renderAppAt,
  setUpAppTests,
  signIn,
  summaryAnswer,
} from './testing/app-harness.tsx';

// The network edge is the only thing faked here: everything between the screens and fetch() is real.
const threeLocations = [
  { id: 1, name: 'Harbor Front' },
  { id: 2, name: 'Old Town' },
  { id: 3, name: 'Lakeside' },
];
const login = (overrides: Record<string, unknown> = {}) =>
  loginAnswer({ id: 1, name: 'Alex Admin', email: 'admin@nine.test' }, threeLocations, overrides);
const grants = (...resources: string[]) => ({
  permissions: resources.map((resource) => ({ resource, action: 'any' })),
  resources,
});
const policy = {
  data: {
    min_length: 8,
    max_length: 64,
    require_capital: true,
    require_number: true,
    require_special: false,
  },
};

/** The sign-in answer of a user who works at one location only (no location choice follows). */
const signInAtOneLocation = () => jsonResponse(200, login({ locations: [threeLocations[0]] }));

let requests: Request[] = [];
function serve(routes: Record<string, FetchHandler>) {
  const base: Record<string, FetchHandler> = {
    'POST /api/nine/user/login': () => jsonResponse(200, login()),
    'POST /api/nine/user/logout': () => jsonResponse(200, { data: { ok: true } }),
    'POST /api/nine/user/sso/check': () => jsonResponse(200, noSsoAnswer),
    'GET /api/nine/user/location-permissions': () => jsonResponse(200, { data: grants('rent_order') }),
    'GET /api/nine/dashboard/summary': () => jsonResponse(200, summaryAnswer(threeLocations[0]!)),
    'GET /api/nine/general-settings': () => jsonResponse(200, generalSettingsAnswer()),
    'GET /api/nine/business-info': () => jsonResponse(200, { data: { site_title: 'Nine' } }),
    'GET /api/nine/activity-settings': () => jsonResponse(200, { data: activity }),
    'GET /api/nine/rental-types': () => jsonResponse(200, { data: [{ id: 1, name: 'Rentals' }] }),
    'GET /api/nine/location-activity-settings': () =>
      jsonResponse(200, { data: { location_id: 1, rental_type_id: 1, delivery_availability: true } }),
    'GET /api/nine/user/password-policy': () => jsonResponse(200, policy),
  };
  const all = { ...base, ...routes };
  requests = stubFetch(all, {
    notFoundMessage: 'We could not find what you asked for.',
    route: (method, url) =>
      /^\/api\/nine\/locations\/\d+\/select$/.test(url.pathname)
        ? all['GET /api/nine/locations/:id/select']
        : undefined,
  });
}
const sent = (method: string, path: string) => requestsTo(requests, method, path);

const activity = {
  location_id: 1,
  rental_type_id: 1,
  enforce_using_rental_periods: false,
  deliver_unpaid_orders: 'warn',
  warn_early_deliver_minutes: 30,
  warn_early_return_minutes: 15,
  allow_exchange_package_items: false,
  close_sale_order: 'on_full_payment',
  special_pricing: false,
  allow_change_plan_start_after_deliver: false,
  allow_undo_deliver: true,
  adjust_plan_to_business_hours: false,
  simultaneous_replace_and_deliver: false,
  manual_invoice_time: 'after_deliver',
  assign_and_deliver: false,
  show_category_image_in_admin_pannel: true,
  is_recurring_enabled: true,
  is_migration_in_progress: false,
  close_with_deposit_held: 'deny',
  close_with_balance_due: 'warn',
  version: 1,
  updated_at: null,
};

setUpAppTests();
afterEach(() => {
  vi.useRealTimers();
});

describe('location choice', () => {
  it('after signing in with several locations asks for one, selects it on the server and works there', async () => {
    serve({
      'GET /api/nine/locations/:id/select': () =>
        jsonResponse(200, { data: { location_id: 2, ...grants('rent_order', 'activity') } }),
    });
    renderAppAt('/nine/auth/login');
    await signIn();

    const dialog = await screen.findByRole('alertdialog', { name: 'Choose a location' });
    // It cannot be dismissed: the choice is owed.
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Old Town' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent('GET', '/api/nine/locations/2/select')).toHaveLength(1);
    expect(await screen.findByText('Location: Old Town')).toBeTruthy();
    // The permissions came with the select answer: Activity shows in the menu without another request.
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(await within(nav).findByRole('link', { name: 'Activity' })).toBeTruthy();
    await waitFor(() =>
      expect(sent('GET', '/api/nine/dashboard/summary').at(-1)?.headers.get('location-id')).toBe('2'),
    );
  });

  it('switches from the menu, and the next requests carry the new location', async () => {
    serve({
      'POST /api/nine/user/login': () =>
        jsonResponse(200, login({ locations: threeLocations, location_id: 1 })),
      'GET /api/nine/locations/:id/select': (request) => {
        const id = Number(/locations\/(\d+)/.exec(new URL(request.url).pathname)?.[1]);
        return jsonResponse(200, { data: { location_id: id, ...grants('rent_order') } });
      },
    });
    renderAppAt('/nine/auth/login');
    await signIn();
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Harbor Front' }),
    );
    await screen.findByText('Location: Harbor Front');

    fireEvent.click(screen.getByRole('button', { name: 'Change location' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a location' });
    expect(
      within(dialog)
        .getByRole('button', { name: /Harbor Front/ })
        .getAttribute('aria-current'),
    ).toBe('true');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lakeside' }));
    expect(await screen.findByText('Location: Lakeside')).toBeTruthy();
    await waitFor(() =>
      expect(
        sent('GET', '/api/nine/location-permissions').length +
          sent('GET', '/api/nine/locations/3/select').length,
      ).toBeGreaterThan(0),
    );
    await waitFor(() =>
      expect(sent('GET', '/api/nine/general-settings').at(-1)?.headers.get('location-id')).toBe('3'),
    );
  });
});

describe('navigation rules', () => {
  it('rule 2: a route whose resource the user lacks sends to DashboardIndex', async () => {
    serve({
      'POST /api/nine/user/login': signInAtOneLocation,
    });
    renderAppAt('/nine/auth/login');
    await signIn();
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    act(() => {
      window.history.pushState(null, '', '/nine/settings/activity');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitFor(() => expect(window.location.pathname).toBe('/nine/dashboard'));
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
  });

  it('rule 2: the same route opens for a user holding the resource, with real data', async () => {
    serve({
      'POST /api/nine/user/login': signInAtOneLocation,
      'GET /api/nine/user/location-permissions': () => jsonResponse(200, { data: grants('activity') }),
    });
    renderAppAt('/nine/settings/activity');
    await signIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity Settings' })).toBeTruthy();
    // The user may change them (activity: any), so the settings come as a form holding the saved values.
    const invoices = (await screen.findByRole('combobox', {
      name: 'Manual invoices allowed',
    })) as HTMLSelectElement;
    expect(invoices.value).toBe('after_deliver');
    expect((screen.getByRole('combobox', { name: 'Close sale orders' }) as HTMLSelectElement).value).toBe(
      'on_full_payment',
    );
    expect(
      (screen.getByRole('textbox', { name: 'Warn when returned early by' }) as HTMLInputElement).value,
    ).toBe('15');
    expect(document.title).toBe('Activity Settings');
  });

  it('rule 3: moving to a differently named route closes the common modal', async () => {
    serve({
      'POST /api/nine/user/login': signInAtOneLocation,
    });
    const { services } = renderAppAt('/nine/auth/login');
    await signIn();
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    act(() => services.ui.openCommonModal('unavailable-items', [{ product_sku: 'KAY-01' }]));
    expect(await screen.findByRole('dialog', { name: 'Unavailable Item(s)' })).toBeTruthy();
    expect(screen.getByText('SKU KAY-01')).toBeTruthy();

    // The open modal hides the page from assistive technology, so the move comes from the address bar.
    act(() => {
      window.history.pushState(null, '', '/nine/version-history');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await screen.findByRole('heading', { level: 1, name: 'Version History' });
    expect(services.ui.getState().showCommonDefaultModal).toBe(false);
  });

  it('rule 4: browser back on a route that forbids it goes to its destination', async () => {
    serve({});
    renderAppAt('/nine/auth/password-expired');
    await screen.findByRole('heading', { level: 1, name: 'Password Expired' });
    act(() => {
      window.history.back();
    });
    await waitFor(() => expect(window.location.pathname).toBe('/nine/auth/login'));
    expect(await screen.findByRole('heading', { name: 'Log Into Your Account' })).toBeTruthy();
  });
});

describe('error catalogue in the shell', () => {
  it('a 422 with 1207 opens the unavailable-items modal after a second', async () => {
    serve({
      'POST /api/nine/user/login': signInAtOneLocation,
      'GET /api/nine/dashboard/summary': () =>
        jsonResponse(422, {
          resp_code: 1207,
          resp_message: 'Action failed.',
          data: [{ product_category: 'Kayaks' }, { item_id: 17 }],
        }),
    });
    renderAppAt('/nine/auth/login');
    await signIn();
    const dialog = await screen.findByRole('dialog', { name: 'Unavailable Item(s)' }, { timeout: 3000 });
    expect(within(dialog).getByText('Category Kayaks')).toBeTruthy();
    expect(within(dialog).getByText('Item #17')).toBeTruthy();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unavailable Item(s)' })).toBeNull());
  });

  it("a failing call shows the 'Something went wrong!' toast with the server's message", async () => {
    serve({
      'POST /api/nine/user/login': signInAtOneLocation,
      'GET /api/nine/dashboard/summary': () =>
        jsonResponse(403, { resp_code: 1009, resp_message: 'You may not work in this location.' }),
    });
    renderAppAt('/nine/auth/login');
    await signIn();
    expect(await screen.findByText('Something went wrong!')).toBeTruthy();
    expect(screen.getAllByText('You may not work in this location.').length).toBeGreaterThan(0);
  });
});

describe('login page extras', () => {
  it('offers single sign-on once the e-mail is entered, and hides the password when SSO is required', async () => {
    serve({
      'POST /api/nine/user/sso/check': (request) => {
        const email = new URL(request.url).searchParams.get('email');
        return jsonResponse(200, {
          data:
            email === 'sso@nine.test'
              ? { sso_enabled: true, required: true, provider: 'local' }
              : { sso_enabled: true, required: false, provider: 'local' },
        });
      },
      'POST /api/nine/user/sso/login': () =>
        jsonResponse(200, { data: { authorization_url: 'http://idp.test/auth?x=1' } }),
    });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    renderAppAt('/nine/auth/login');
    const email = await screen.findByLabelText('Email');
    fireEvent.change(email, { target: { value: 'maria@nine.test' } });
    fireEvent.blur(email);
    expect(await screen.findByRole('button', { name: 'Sign in with single sign-on' })).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/nine/auth/forgot-password',
    );

    fireEvent.change(email, { target: { value: 'sso@nine.test' } });
    fireEvent.blur(email);
    await waitFor(() => expect(screen.queryByLabelText('Password')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with single sign-on' }));
    await waitFor(() => expect(sent('POST', '/api/nine/user/sso/login')).toHaveLength(1));
    expect(await sent('POST', '/api/nine/user/sso/login')[0]?.json()).toEqual({
      provider: 'local',
      email: 'sso@nine.test',
    });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://idp.test/auth?x=1'));
  });

  it('an expired password leads to its screen, where the rules tick off live and the change signs in', async () => {
    let changed: unknown = null;
    serve({
      'POST /api/nine/user/login': () =>
        jsonResponse(403, {
          resp_code: 1013,
          resp_message: 'Your password has expired. Choose a new one to continue.',
          data: { email: 'maria@nine.test' },
        }),
      'POST /api/nine/user/password-expired': async (request) => {
        changed = await request.json();
        return signInAtOneLocation();
      },
    });
    renderAppAt('/nine/auth/login');
    await signIn('maria@nine.test', 'Old-pass-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Password Expired' })).toBeTruthy();
    expect(window.location.pathname).toBe('/nine/auth/password-expired');
    // The current password was just typed; it is not asked again.
    expect(screen.queryByLabelText('Current password')).toBeNull();

    const rules = await screen.findByRole('list', { name: 'The new password must:' });
    const capital = within(rules).getByText('contain a capital letter').closest('li')!;
    expect(capital.textContent).toContain('(not met yet)');
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Fresh-pass-9' } });
    expect(capital.textContent).toContain('(met)');
    fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: 'Fresh-pass-9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password and sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(changed).toEqual({
      email: 'maria@nine.test',
      password: 'Old-pass-1',
      new_password: 'Fresh-pass-9',
    });
  });
});

describe('single sign-on sign-in page', () => {
  it('hides the form, shows progress, trades the code and lands signed in', async () => {
    let release: () => void = () => {};
    serve({
      'POST /api/nine/user/sso/complete': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(signInAtOneLocation());
        }),
    });
    renderAppAt('/nine/auth/sso/sign-in?code=one-time-code-1234');
    expect(await screen.findByText('Signing you in…')).toBeTruthy();
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.queryByLabelText('Password')).toBeNull();
    await waitFor(() => expect(sent('POST', '/api/nine/user/sso/complete')).toHaveLength(1));
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(await sent('POST', '/api/nine/user/sso/complete')[0]?.json()).toEqual({
      code: 'one-time-code-1234',
    });
  });

  it("shows the provider's refusal in words, with the way back to sign in", async () => {
    serve({});
    renderAppAt('/nine/auth/sso/sign-in?error=no_matching_user');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'No active staff account matches the account you signed in with.',
    );
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeTruthy();
    expect(sent('POST', '/api/nine/user/sso/complete')).toHaveLength(0);
  });
});

describe('password recovery', () => {
  it('forgot password sends the link and says so without revealing the account', async () => {
    serve({ 'POST /api/nine/user/reset-password-link': () => jsonResponse(200, { data: { ok: true } }) });
    renderAppAt('/nine/auth/forgot-password');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'maria@nine.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the reset link' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'If maria@nine.test belongs to a staff account',
    );
    expect(await sent('POST', '/api/nine/user/reset-password-link')[0]?.json()).toEqual({
      email: 'maria@nine.test',
    });
    expect(document.title).toBe('Forgot password');
  });

  it('reset password checks the policy live, sends the token and shows the server refusing a reused one', async () => {
    let calls = 0;
    serve({
      'POST /api/nine/user/reset-password': () =>
        ++calls === 1
          ? jsonResponse(400, {
              resp_code: 1015,
              resp_message: 'You used this password recently. Choose a different one.',
            })
          : jsonResponse(200, { data: { ok: true } }),
    });
    renderAppAt('/nine/auth/reset-password?token=tok-reset-123456');
    const password = await screen.findByLabelText('New password');
    fireEvent.change(password, { target: { value: 'short' } });
    fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('The new password does not meet every rule below.')).toBeTruthy();
    expect(calls).toBe(0);

    fireEvent.change(password, { target: { value: 'Better-pass-1' } });
    fireEvent.change(screen.getByLabelText('Repeat the new password'), {
      target: { value: 'Better-pass-1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You used this password recently. Choose a different one.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('Your password was changed. Sign in with the new one.')).toBeTruthy();
    expect(await sent('POST', '/api/nine/user/reset-password')[1]?.json()).toEqual({
      token: 'tok-reset-123456',
      password: 'Better-pass-1',
    });
  });

  it('a reset link without a token asks for a new one', async () => {
    serve({});
    renderAppAt('/nine/auth/reset-password');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This reset link is incomplete. Ask for a new one.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/nine/auth/forgot-password',
    );
  });
});

describe('settings screens', () => {
  it('local settings are kept on the device, and kiosk mode calls set-as-kiosk when the user may', async () => {
    serve({
      'POST /api/nine/user/login': signInAtOneLocation,
      'GET /api/nine/user/location-permissions': () =>
        jsonResponse(200, {
          data: {
            permissions: [{ resource: 'location_setting', action: 'change' }],
            resources: ['location_setting'],
          },
        }),
      'POST /api/nine/set-as-kiosk': () =>
        jsonResponse(200, { data: { location_id: 1, used_in_store: true } }),
    });
    renderAppAt('/nine/local-settings');
    await signIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Local Settings' })).toBeTruthy();
    expect(document.title).toBe('Local Settings');
    const width = screen.getByLabelText('Order print width');
    expect([...(width as HTMLSelectElement).options].map((o) => o.textContent)).toContain('55 mm receipt');
    fireEvent.change(width, { target: { value: '55mm' } });
    fireEvent.change(screen.getByLabelText('Items per page'), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('Print mode'), { target: { value: 'receipt' } });
    fireEvent.click(screen.getByLabelText('Kiosk mode'));
    await waitFor(() => expect((screen.getByLabelText('Kiosk mode') as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    // Kiosk mode on: from now on the device shows only the kiosk screen (app/kiosk-gate.ts).
    expect(await screen.findByRole('button', { name: 'Leave kiosk mode' })).toBeTruthy();
    expect(window.location.pathname).toBe('/nine/kiosk');
    expect(await sent('POST', '/api/nine/set-as-kiosk')[0]?.json()).toEqual({ used_in_store: true });
    const { readLocalSettings } = await import('../lib/local-settings.ts');
    expect(readLocalSettings()).toMatchObject({
      orderPrintWidth: '55mm',
      itemsPerPage: 50,
      printMode: 'receipt',
      kioskMode: true,
    });
  });

  it('version history renders the changelog', async () => {
    serve({
      'POST /api/nine/user/login': signInAtOneLocation,
    });
    renderAppAt('/nine/version-history');
    await signIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Version History' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: /^0\.1\.0/ })).toBeTruthy();
  });
});

describe('inactivity', () => {
  it('signs out after the configured minutes without activity and comes back after signing in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    serve({
      'POST /api/nine/user/login': signInAtOneLocation,
      'GET /api/nine/general-settings': () => jsonResponse(200, generalSettingsAnswer(1)),
    });
    renderAppAt('/nine/version-history');
    await signIn();
    await screen.findByRole('heading', { level: 1, name: 'Version History' });
    await waitFor(() => expect(sent('GET', '/api/nine/general-settings')).toHaveLength(1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(61_000);
    });
    expect(
      await screen.findByText('You were signed out after a period without activity. Please sign in again.'),
    ).toBeTruthy();
    await waitFor(() => expect(sent('POST', '/api/nine/user/logout')).toHaveLength(1));
    await signIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Version History' })).toBeTruthy();
  });
});
