import { Suspense, use, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Router, useLocation } from 'wouter';
import { APP_BASE } from '@nine/shared/constants';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { PageSpinner } from '../components/page-spinner.tsx';
import { useSessionActor, useSessionStatus } from '../features/session/session-context.tsx';
import { loadNamespaces, namespacesLoaded, useAppTranslation } from '../lib/i18n.ts';
import { appNamespaces, publicNamespaces, type AppNamespace } from '../lib/locale-namespaces.ts';
import { useLocalSettings } from '../lib/local-settings.ts';
import { useUiStore } from '../lib/ui-store.ts';
import { currentFullPath } from './app-services.ts';
import { AuthLayout } from './layouts/auth-layout.tsx';
import { KioskLayout } from './layouts/kiosk-layout.tsx';
import { LandingLayout } from './layouts/landing-layout.tsx';
import { kioskGate } from './kiosk-gate.ts';
import { refusedRouteState } from './refused-route-notice.tsx';
import { isPageLoadError, loadOnce, prefetchPage, reloadForNewVersion, routePages } from './route-pages.tsx';
import { routeAccess, routeTitle } from './route-access.ts';
import { routeFor } from './route-at.ts';
import { pathTo, type RouteDef, type RouteName } from './route-table.ts';
import { useFeatures } from './use-features.ts';
import { useViewerPermissions } from './use-viewer-permissions.ts';

/** The signed-in shell (menu, header, agent status): a signed-out visitor never needs its code. */
export const loadDashboardLayout = loadOnce(async () => {
  const { DashboardLayout } = await import('./layouts/dashboard-layout.tsx');
  return DashboardLayout;
});

/** Sends a signed-out visitor to login, remembering the full path to come back to. */
function SignInRedirect() {
  const actor = useSessionActor();
  const [, navigate] = useLocation();
  // Read while rendering: an effect that runs again (StrictMode) would already see the login path.
  const [path] = useState(currentFullPath);
  useLayoutEffect(() => {
    actor.send({ type: 'REMEMBER_PATH', path });
    navigate(pathTo('Login'), { replace: true });
  }, [actor, navigate, path]);
  return null;
}

function RouteRedirect({ to }: { to: RouteName }) {
  const [, navigate] = useLocation();
  useLayoutEffect(() => navigate(pathTo(to), { replace: true }), [to, navigate]);
  return null;
}

/** Navigation rule 2, said aloud: the dashboard it lands on tells which page was refused and why. */
function ForbiddenRedirect({ route, to }: { route: RouteName; to: RouteName }) {
  const [, navigate] = useLocation();
  useLayoutEffect(
    () => navigate(pathTo(to), { replace: true, state: refusedRouteState(route) }),
    [route, to, navigate],
  );
  return null;
}

const BLOCK_BACK_MARK = 'nineBlockBack';

/** Navigation rule 4: a back action on a route that forbids it lands on the route's destination. */
export function useBlockBack(routeName: RouteName, blockBack: RouteDef['blockBack']) {
  const [, navigate] = useLocation();
  const destination = blockBack?.to;
  useEffect(() => {
    if (destination === undefined) return;
    // A marked duplicate entry absorbs the back action so it can be detected and redirected; marked so
    // that an effect running twice (StrictMode) does not stack two.
    const state: unknown = window.history.state;
    const marked = typeof state === 'object' && state !== null && BLOCK_BACK_MARK in state;
    if (!marked) {
      window.history.pushState(
        { ...(state as object | null), [BLOCK_BACK_MARK]: routeName },
        '',
        window.location.href,
      );
    }
    const onPopState = () => navigate(pathTo(destination), { replace: true });
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [routeName, destination, navigate]);
}

/** Navigation rule 3: moving between two differently named routes closes any open common modal. */
function useCloseCommonModalOnRouteChange(routeName: RouteName) {
  const ui = useUiStore();
  const previous = useRef(routeName);
  useEffect(() => {
    if (previous.current !== routeName) ui.closeCommonModal();
    previous.current = routeName;
  }, [routeName, ui]);
}

/**
 * What a route waits for before it draws: signed-in screens, in the shell or bare (the prints), use every
 * namespace; the start holds only the login's, enough for the sign-in screens. The public pages add their
 * own, even for signed-in staff (except the landing page, which sends them to the dashboard).
 */
export function namespacesBeforeRoute(route: RouteDef, signedIn: boolean): readonly AppNamespace[] {
  if (route.layout === 'landing' && !(signedIn && route.signedInTo !== undefined)) return publicNamespaces;
  return signedIn && route.layout !== 'auth' ? appNamespaces : [];
}

function RouteFrame({ route }: { route: RouteDef }) {
  const { t } = useAppTranslation();
  const signedIn = useSessionStatus() === 'signedIn';
  const namespaces = namespacesBeforeRoute(route, signedIn);
  if (namespaces.length > 0) {
    // The shell's and the page's code are fetched meanwhile rather than after (a failure is reported where
    // read).
    prefetchPage(route.name);
    if (route.layout === 'dashboard') loadDashboardLayout().catch(() => undefined);
    use(loadNamespaces(namespaces));
  }
  const [path] = useLocation();
  // Permissions that cannot be loaded grant nothing.
  const permissions = useViewerPermissions();
  const features = useFeatures(route.feature !== undefined);
  const title = routeTitle(route, t, (ns) => namespacesLoaded([ns as AppNamespace]));

  useEffect(() => {
    document.title = title;
  }, [title]);
  useBlockBack(route.name, route.blockBack);
  useCloseCommonModalOnRouteChange(route.name);
  const kioskMode = useLocalSettings().kioskMode;

  const gate = kioskGate(route, { kioskMode, signedIn });
  if (gate !== null) return <RouteRedirect to={gate} />;
  const access = routeAccess(route, { signedIn, permissions, features });
  if (access.kind === 'redirect') {
    return access.to === 'Login' ? <SignInRedirect /> : <RouteRedirect to={access.to} />;
  }
  if (access.kind === 'forbidden') {
    return <ForbiddenRedirect route={route.name} to={access.to} />;
  }

  const Page = routePages[route.name];
  const content: ReactNode =
    access.kind === 'wait' ? (
      <PageSpinner />
    ) : (
      // Inside the layout, so the menu and header stay usable when a page crashes or while its code
      // loads; a new path retries, and a chunk that could not be fetched offers a reload.
      <ErrorBoundary
        key={route.name}
        resetKey={path}
        needsReload={isPageLoadError}
        onReload={reloadForNewVersion}
      >
        <Suspense fallback={<PageSpinner />}>
          <Page />
        </Suspense>
      </ErrorBoundary>
    );

  switch (route.layout) {
    case 'dashboard': {
      const DashboardLayout = use(loadDashboardLayout());
      return (
        <DashboardLayout title={title} currentRoute={route} permissions={permissions ?? []}>
          {content}
        </DashboardLayout>
      );
    }
    case 'auth':
      return <AuthLayout>{content}</AuthLayout>;
    case 'kiosk':
      return <KioskLayout>{content}</KioskLayout>;
    case 'landing':
      return <LandingLayout>{content}</LandingLayout>;
    case 'bare':
      return content;
  }
}

/** Picks the first matching row of the route table; one RouteFrame instance keeps layouts mounted across pages. */
function RouteSwitch() {
  const [location] = useLocation();
  const route = routeFor(location);
  // The catch-all row guarantees a match; this only satisfies the type.
  return route ? <RouteFrame route={route} /> : null;
}

export function AppRouter() {
  return (
    <Router base={APP_BASE}>
      {/* Waits for the signed-in world's translations once, when first entering it; if they cannot be
          fetched, only a reload helps. */}
      <ErrorBoundary needsReload={() => true} onReload={reloadForNewVersion}>
        <Suspense fallback={<PageSpinner />}>
          <RouteSwitch />
        </Suspense>
      </ErrorBoundary>
    </Router>
  );
}
