import { act, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { initI18n, setLanguage } from '../../lib/i18n.ts';
import { settleSecureWrites } from '../../lib/secure-storage.ts';
import { jsonResponse, type FetchHandler } from '../../testing/fake-api.ts';
import { App } from '../app.tsx';
import { createAppServices, type AppServices } from '../app-services.ts';
import { pageLoaders } from '../route-pages.tsx';
import { loadDashboardLayout } from '../router.tsx';

/*
 * The whole app under test: the real router, layouts, session and screens, with only fetch() faked
 * (testing/fake-api.ts). Call disposeApp() after each test.
 */

let current: AppServices | null = null;

/** Opens the app at `path`; in StrictMode as main.tsx does, unless `strict` is false. */
export function renderAppAt(path: string, { strict = true }: { strict?: boolean } = {}) {
  window.history.replaceState(null, '', path);
  // A "reload the page" answer (1217) must not reload the test runner's page.
  const services = createAppServices({ reload: vi.fn() });
  current = services;
  const app = <App services={services} />;
  return { ...render(strict ? <StrictMode>{app}</StrictMode> : app), services };
}

/** Stops the services of the app last opened, and lets its encrypted writes land. */
export async function disposeApp(): Promise<void> {
  current?.dispose();
  current = null;
  await settleSecureWrites();
}

/**
 * The hooks every whole-app test file shares: translations loaded, English at each start, and after each
 * test the app stopped and fetch() restored.
 */
export function setUpAppTests() {
  beforeAll(async () => {
    // Page chunks and the shell load on demand; fetched up front, a first visit is not slowed by compiling.
    await Promise.all([
      initI18n(),
      loadDashboardLayout(),
      ...Object.values(pageLoaders).map((load) => load()),
    ]);
  }, 60_000);
  beforeEach(async () => {
    await setLanguage('en-US', { persist: false });
  });
  afterEach(async () => {
    await disposeApp();
    vi.unstubAllGlobals();
  });
}

/** Signs in through the login form on screen. */
export async function signIn(email = 'admin@nine.test', password = 'Nine-demo-1') {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** Navigates as the browser's back and forward buttons do. */
export function goTo(path: string) {
  act(() => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
}

interface Place {
  id: number;
  name: string;
}

/** POST user/login's answer for one user at their locations, signed in at the first unless told. */
export const loginAnswer = (
  user: { id: number; name: string; email: string },
  locations: Place[],
  overrides: Record<string, unknown> = {},
) => ({
  data: {
    token: 'tok-abc',
    token_type: 'Bearer',
    expires_in: 3600,
    user,
    locations,
    location_id: locations[0]?.id,
    ...overrides,
  },
});

/** POST user/sso/check's answer for an address without single sign-on. */
export const noSsoAnswer = { data: { sso_enabled: false, required: false, provider: null } };

/** GET general-settings' answer, in dollars. */
export const generalSettingsAnswer = (autoLogout = 0) => ({
  data: {
    auto_logout_inactive_users_timeout: autoLogout,
    auto_logout_minutes: 0,
    policy_auto_logout_minutes: autoLogout,
    currency_symbol: '$',
    used_in_store: false,
    app_version: '0.1.0',
  },
});

/** GET dashboard/summary's answer with small, distinct figures. */
export const summaryAnswer = (location: Place) => ({
  data: {
    location,
    date: '2026-03-02',
    departures_today: 1,
    returns_due_today: 2,
    overdue: 3,
    open_sale_orders: 4,
    orders_created_today: 5,
    revenue_today_minor: 600,
    currency_symbol: '$',
  },
});

/**
 * stubFetch routes for a user who signs in at `locations` (the first selected) holding `permissions` there:
 * login, no single sign-on, the permissions, the dashboard summary and the general settings.
 */
export function signedInRoutes(
  user: { id: number; name: string; email: string },
  locations: Place[],
  permissions: { resource: string; action: string }[],
): Record<string, FetchHandler> {
  const resources = [...new Set(permissions.map((permission) => permission.resource))];
  return {
    'POST /api/nine/user/login': () => jsonResponse(200, loginAnswer(user, locations)),
    'POST /api/nine/user/sso/check': () => jsonResponse(200, noSsoAnswer),
    'GET /api/nine/user/location-permissions': () => jsonResponse(200, { data: { permissions, resources } }),
    'GET /api/nine/dashboard/summary': () => jsonResponse(200, summaryAnswer(locations[0]!)),
    'GET /api/nine/general-settings': () => jsonResponse(200, generalSettingsAnswer()),
  };
}
