import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createAppServices } from './app/app-services.ts';
import { routeAtAddress } from './app/route-at.ts';
import { prefetchPage } from './app/route-pages.tsx';
import { hydrateLastActivity } from './features/session/inactivity.ts';
import { hydratePermissionsCache } from './features/session/permissions-cache.ts';
import { hasStoredSession, hydrateSession } from './features/session/session-storage.ts';
import { hydrateLocalSettings } from './lib/local-settings.ts';
import { restoreDarkMode } from './lib/color-mode.ts';
import { initI18n, prefetchNamespaces } from './lib/i18n.ts';
import { startNamespaces } from './lib/locale-namespaces.ts';
import { namespacesBeforeRoute } from './app/router.tsx';

restoreDarkMode();

// A sign-in screen's code is fetched alongside the start's own work below rather than after the first
// render (login LCP 692 to about 450 ms). Not a signed-in screen's: its larger chunks, evaluated while the
// start works, delayed the first API call of the dashboard instead.
const firstRoute = routeAtAddress(window.location.pathname);
if (firstRoute?.layout === 'auth') prefetchPage(firstRoute.name);
// A public page likewise, with its own words (unless it is the landing page a saved session skips).
else if (firstRoute?.layout === 'landing' && !(firstRoute.signedInTo && hasStoredSession())) {
  prefetchPage(firstRoute.name);
  prefetchNamespaces(namespacesBeforeRoute(firstRoute, false));
}
// A signed-in screen opened directly (a reload, a bookmark) waits for the signed-in world's text before it
// draws: fetched alongside the start too, rather than once the restored session has rendered (dashboard:
// namespaces requested at about 250 instead of 460 ms). A saved session is the sign; they are small.
else if (firstRoute && hasStoredSession()) prefetchNamespaces(namespacesBeforeRoute(firstRoute, true));

// Navigation rule 6: nothing renders until the saved language has loaded; the encrypted client data
// is decrypted meanwhile, so the session is known before the first render.
void Promise.all([
  initI18n({ namespaces: startNamespaces }),
  hydrateSession(),
  hydratePermissionsCache(),
  hydrateLastActivity(),
  hydrateLocalSettings(),
]).then(() => {
  const root = document.getElementById('root');
  if (root === null) throw new Error('index.html lacks #root');
  createRoot(root).render(
    <StrictMode>
      <App services={createAppServices()} />
    </StrictMode>,
  );
});
