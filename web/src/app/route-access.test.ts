import { beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '@nine/shared/permissions';
import { i18n, initI18n, setLanguage, type AppT } from '../lib/i18n.ts';
import { accessDeniedNotice, routeAccess, routeNeeds, routeTitle } from './route-access.ts';
import { findRoute, pathTo, routeTable, type RouteDef } from './route-table.ts';

const ordersRoute: RouteDef = {
  name: 'DashboardIndex',
  path: '/orders',
  titleKey: 'menu:items.orders',
  resources: ['rent_order', 'sell_order'],
  layout: 'dashboard',
};
const openRoute: RouteDef = { ...ordersRoute, resources: [] };
const publicRoute: RouteDef = { ...ordersRoute, resources: ['staff'], noAuth: true };

const grant = (resource: Permission['resource'], action: Permission['action'] = 'view'): Permission => ({
  resource,
  action,
});

describe('routeAccess', () => {
  it('sends a signed-out visitor of a protected route to Login', () => {
    expect(routeAccess(openRoute, { signedIn: false, permissions: undefined })).toEqual({
      kind: 'redirect',
      to: 'Login',
    });
  });

  it('lets anyone see a noAuth route, even one listing resources', () => {
    expect(routeAccess(publicRoute, { signedIn: false, permissions: undefined })).toEqual({ kind: 'render' });
  });

  it('shows the landing page to a visitor and sends signed-in staff on to the dashboard', () => {
    const home = findRoute('Home') as RouteDef;
    expect(routeAccess(home, { signedIn: false, permissions: undefined })).toEqual({ kind: 'render' });
    expect(routeAccess(home, { signedIn: true, permissions: [] })).toEqual({
      kind: 'redirect',
      to: 'DashboardIndex',
    });
    // The participant page and easy-sign stay public for signed-in staff too (a colleague's phone).
    for (const name of ['participantSign', 'easySign'] as const)
      expect(routeAccess(findRoute(name) as RouteDef, { signedIn: true, permissions: [] })).toEqual({
        kind: 'render',
      });
  });

  it('admits a signed-in user to a route needing no resource before permissions load', () => {
    expect(routeAccess(openRoute, { signedIn: true, permissions: undefined })).toEqual({ kind: 'render' });
  });

  it('waits for permissions on a route that needs resources', () => {
    expect(routeAccess(ordersRoute, { signedIn: true, permissions: undefined })).toEqual({ kind: 'wait' });
  });

  it('admits a user holding at least one of the listed resources (grantsAnyOf)', () => {
    expect(routeAccess(ordersRoute, { signedIn: true, permissions: [grant('sell_order')] })).toEqual({
      kind: 'render',
    });
    expect(
      routeAccess(ordersRoute, { signedIn: true, permissions: [grant('rent_order', 'refund')] }),
    ).toEqual({
      kind: 'render',
    });
  });

  it('sends a user holding none of them to DashboardIndex, saying what was missing', () => {
    const refused = {
      kind: 'forbidden',
      to: 'DashboardIndex',
      needs: [
        { resource: 'rent_order', action: 'any' },
        { resource: 'sell_order', action: 'any' },
      ],
    };
    expect(
      routeAccess(ordersRoute, { signedIn: true, permissions: [grant('customer'), grant('tour', 'any')] }),
    ).toEqual(refused);
    expect(routeAccess(ordersRoute, { signedIn: true, permissions: [] })).toEqual(refused);
  });

  it('holds a route naming an action to that action (manage implies change, view does not)', () => {
    const createRoute: RouteDef = { ...ordersRoute, resources: ['rent_order'], action: 'change' };
    const access = (permissions: Permission[]) => routeAccess(createRoute, { signedIn: true, permissions });
    expect(access([grant('rent_order', 'change')])).toEqual({ kind: 'render' });
    expect(access([grant('rent_order', 'manage')])).toEqual({ kind: 'render' });
    expect(access([grant('rent_order', 'view')])).toEqual({
      kind: 'forbidden',
      to: 'DashboardIndex',
      needs: [{ resource: 'rent_order', action: 'change' }],
    });
  });
});

describe('routeAccess of a product line the business may switch off', () => {
  const tourRoute: RouteDef = { ...ordersRoute, resources: ['tour'], feature: 'tour' };
  const guide = [grant('tour')];

  it('waits for the business information, then renders while tours are on', () => {
    expect(routeAccess(tourRoute, { signedIn: true, permissions: guide })).toEqual({ kind: 'wait' });
    expect(routeAccess(tourRoute, { signedIn: true, permissions: guide, features: { tour: true } })).toEqual({
      kind: 'render',
    });
  });

  it('sends a direct visit to the dashboard while tours are off', () => {
    expect(routeAccess(tourRoute, { signedIn: true, permissions: guide, features: { tour: false } })).toEqual(
      {
        kind: 'redirect',
        to: 'DashboardIndex',
      },
    );
  });

  it('still asks for the permission and for signing in', () => {
    expect(
      routeAccess(tourRoute, { signedIn: true, permissions: [], features: { tour: true } }),
    ).toMatchObject({
      kind: 'forbidden',
    });
    expect(routeAccess(tourRoute, { signedIn: false, permissions: undefined })).toEqual({
      kind: 'redirect',
      to: 'Login',
    });
  });

  it('marks every tour screen with the tour feature, so switching tours off closes them all', () => {
    const tourScreens = routeTable.filter((route) => route.resources.includes('tour'));
    expect(tourScreens.length).toBeGreaterThan(5);
    expect(tourScreens.filter((route) => route.feature !== 'tour').map((route) => route.name)).toEqual([]);
  });

  it('leaves routes without a feature alone', () => {
    expect(routeAccess(ordersRoute, { signedIn: true, permissions: [grant('sell_order')] })).toEqual({
      kind: 'render',
    });
  });
});

describe('accessDeniedNotice', () => {
  beforeAll(async () => {
    await initI18n();
  });

  it('names the page and the permission to ask for, in the language read', async () => {
    const create = findRoute('createOrder')!;
    await setLanguage('en-US', { persist: false });
    expect(accessDeniedNotice(create, routeNeeds(create), i18n.t, 'en-US')).toEqual({
      title: 'You do not have permission to open Create Order.',
      message: 'Ask an administrator for the Rent orders (Change) permission.',
    });
    expect(accessDeniedNotice(ordersRoute, routeNeeds(ordersRoute), i18n.t, 'en-US').message).toBe(
      'Ask an administrator for the Rent orders or Sale orders permission.',
    );
    await setLanguage('fr-FR', { persist: false });
    expect(accessDeniedNotice(create, routeNeeds(create), i18n.t, 'fr-FR')).toEqual({
      title: 'Vous n’avez pas l’autorisation d’ouvrir Créer une commande.',
      message: 'Demandez à un administrateur l’autorisation Commandes de location (Modifier).',
    });
    await setLanguage('en-US', { persist: false });
  });
});

describe('routeTitle', () => {
  const t = ((key: string) => `t(${key})`) as unknown as AppT;

  it("is the route's translated title", () => {
    expect(routeTitle(findRoute('DashboardIndex'), t)).toBe('t(common:dashboard.title)');
    expect(routeTitle(findRoute('Login'), t)).toBe('t(auth:login.title)');
  });

  it('is the product name for a route without a title, or no route', () => {
    expect(routeTitle(findRoute('Home'), t)).toBe('t(common:app_name)');
    expect(routeTitle(undefined, t)).toBe('t(common:app_name)');
  });
});

describe('route table', () => {
  it('has unique names and paths, and the catch-all last', () => {
    const names = routeTable.map((r) => r.name);
    const paths = routeTable.map((r) => r.path);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(paths).size).toBe(paths.length);
    expect(routeTable.at(-1)).toMatchObject({ name: 'not-found', path: '*' });
  });

  it('holds the session and settings screens with their paths, guards and back rules', () => {
    expect(routeTable.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'Home',
        'Login',
        'SsoSignIn',
        'PasswordExpired',
        'ForgotPassword',
        'ResetPassword',
        'DashboardIndex',
        'localSettings',
        'versionHistory',
        'activitySettings',
        'not-found',
      ]),
    );
    expect(pathTo('Login')).toBe('/auth/login');
    expect(pathTo('SsoSignIn')).toBe('/auth/sso/sign-in');
    expect(pathTo('PasswordExpired')).toBe('/auth/password-expired');
    expect(pathTo('ForgotPassword')).toBe('/auth/forgot-password');
    expect(pathTo('ResetPassword')).toBe('/auth/reset-password');
    expect(pathTo('localSettings')).toBe('/local-settings');
    expect(pathTo('versionHistory')).toBe('/version-history');
    for (const name of ['Login', 'SsoSignIn', 'PasswordExpired', 'ForgotPassword', 'ResetPassword'] as const)
      expect(findRoute(name)?.noAuth).toBe(true);
    expect(findRoute('activitySettings')?.resources).toEqual(['activity']);
    expect(findRoute('localSettings')?.resources).toEqual([]);
    expect(findRoute('versionHistory')?.resources).toEqual([]);
    expect(findRoute('SsoSignIn')?.blockBack).toEqual({ to: 'Login' });
    expect(findRoute('PasswordExpired')?.blockBack).toEqual({ to: 'Login' });
    expect(pathTo('DashboardIndex')).toBe('/dashboard');
    expect(findRoute('Login')?.noAuth).toBe(true);
    expect(findRoute('DashboardIndex')?.noAuth).toBeFalsy();
  });

  it('refuses a plain href for the catch-all', () => {
    expect(() => pathTo('not-found')).toThrow();
  });
});

describe('inventory detail routes (spec section 6)', () => {
  it('open the rent detail with no permission and keep inventory on the sale detail', () => {
    const none = { signedIn: true, permissions: [] };
    expect(routeAccess(findRoute('rentInventoryDetail')!, none)).toEqual({ kind: 'render' });
    expect(routeAccess(findRoute('saleInventoryDetail')!, none)).toMatchObject({
      kind: 'forbidden',
      to: 'DashboardIndex',
    });
  });
});
