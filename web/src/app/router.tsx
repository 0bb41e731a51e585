import { useEffect, useLayoutEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Router, matchRoute, useLocation, useRouter } from 'wouter';
import { APP_BASE } from '@nine/shared/constants';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { PageSpinner } from '../components/page-spinner.tsx';
import { useLocationPermissions } from '../features/session/api/get-location-permissions.ts';
import { useSession, useSessionActor, useSessionStatus } from '../features/session/session-context.tsx';
import { useAppTranslation } from '../lib/i18n.ts';
import { currentFullPath } from './app-services.ts';
import { AuthLayout } from './layouts/auth-layout.tsx';
import { DashboardLayout } from './layouts/dashboard-layout.tsx';
import { DashboardPage } from './pages/dashboard-page.tsx';
import { HomePage } from './pages/home-page.tsx';
import { LoginPage } from './pages/login-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { routeAccess, routeTitle } from './route-access.ts';
import { pathTo, routeTable, type RouteDef, type RouteName } from './route-table.ts';

// Every route name must have a page: adding a row to the table without one fails typecheck.
const pages = {
  Home: HomePage,
  Login: LoginPage,
  DashboardIndex: DashboardPage,
  'not-found': NotFoundPage,
} satisfies Record<RouteName, ComponentType>;

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

/** Navigation rule 4: a back action on a route that forbids it lands on the route's destination. */
function useBlockBack(blockBack: RouteDef['blockBack']) {
  const [, navigate] = useLocation();
  const destination = blockBack?.to;
  useEffect(() => {
    if (destination === undefined) return;
    // A duplicate entry absorbs the back action so it can be detected and redirected.
    window.history.pushState(window.history.state, '', window.location.href);
    const onPopState = () => navigate(pathTo(destination), { replace: true });
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [destination, navigate]);
}

function RouteFrame({ route }: { route: RouteDef }) {
  const { t } = useAppTranslation();
  const status = useSessionStatus();
  const session = useSession();
  const signedIn = status === 'signedIn' && session !== null;
  const permissionsQuery = useLocationPermissions(
    signedIn ? { userId: session.login.user.id, locationId: session.locationId } : null,
  );
  // Permissions that cannot be loaded grant nothing.
  const permissions = permissionsQuery.isError ? [] : permissionsQuery.data?.permissions;
  const title = routeTitle(route, t);

  useEffect(() => {
    document.title = title;
  }, [title]);
  useBlockBack(route.blockBack);

  const access = routeAccess(route, { signedIn, permissions });
  if (access.kind === 'redirect') {
    return access.to === 'Login' ? <SignInRedirect /> : <RouteRedirect to={access.to} />;
  }

  const Page = pages[route.name];
  const content: ReactNode =
    access.kind === 'wait' ? (
      <PageSpinner />
    ) : (
      <ErrorBoundary key={route.name}>
        <Page />
      </ErrorBoundary>
    );

  switch (route.layout) {
    case 'dashboard':
      return (
        <DashboardLayout title={title} currentRoute={route} permissions={permissions ?? []}>
          {content}
        </DashboardLayout>
      );
    case 'auth':
      return <AuthLayout>{content}</AuthLayout>;
    case 'bare':
      return content;
  }
}

/** Picks the first matching row of the route table; one RouteFrame instance keeps layouts mounted across pages. */
function RouteSwitch() {
  const router = useRouter();
  const [location] = useLocation();
  const route = routeTable.find((candidate) => matchRoute(router.parser, candidate.path, location)[0]);
  // The catch-all row guarantees a match; this only satisfies the type.
  return route ? <RouteFrame route={route} /> : null;
}

export function AppRouter() {
  return (
    <Router base={APP_BASE}>
      <RouteSwitch />
    </Router>
  );
}
