import { QueryClient } from '@tanstack/react-query';
import { createActor } from 'xstate';
import {
  ApiError,
  connectFailureHandler,
  connectSession,
  connectSettingsRevision,
} from '../lib/api-client.ts';
import { createFailureHandler } from '../lib/api-errors.ts';
import { setDisplayTimeZone } from '../lib/format.ts';
import { i18n } from '../lib/i18n.ts';
import { settleSecureWrites } from '../lib/secure-storage.ts';
import { followSettingsRevision } from '../lib/settings-queries.ts';
import { createAppToaster, createNotifier, type AppToaster, type Notify } from '../lib/toast.tsx';
import { createUiStore, type UiStore } from '../lib/ui-store.ts';
import { locationPermissionsQueryKey } from '../features/session/api/get-location-permissions.ts';
import { recordActivity } from '../features/session/inactivity.ts';
import { cachePermissions, clearPermissionsCache } from '../features/session/permissions-cache.ts';
import { sessionMachine, type SessionActorRef } from '../features/session/session-machine.ts';
import { loadSession, locationTimeZone } from '../features/session/session-storage.ts';
import { agentMachine, type AgentActorRef, type AgentMachineInput } from '../features/agent/agent-machine.ts';

export interface AppServices {
  queryClient: QueryClient;
  session: SessionActorRef;
  ui: UiStore;
  toaster: AppToaster;
  notify: Notify;
  /** The counter hardware agent's connection: connected while someone is signed in. */
  agent: AgentActorRef;
  dispose: () => void;
}

export function currentFullPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/** Client errors (4xx) will not change on a retry; server hiccups might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** Lets pending encrypted writes land before the page goes away. */
function reloadPage(): void {
  void settleSecureWrites().finally(() => window.location.reload());
}

export interface AppServicesOptions {
  /** Called for resp_code 1217; reloads the page by default. */
  reload?: () => void;
  /** The agent connection's dependencies (tests hand it a fake WebSocket). */
  agent?: AgentMachineInput;
}

/** Wires the session machine, the API client, the interface store and the query cache; one per app (and per test). */
export function createAppServices(options: AppServicesOptions = {}): AppServices {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  const ui = createUiStore();
  const toaster = createAppToaster();
  const notify = createNotifier(toaster);

  const session = createActor(sessionMachine, {
    input: { restored: loadSession(), currentPath: currentFullPath },
  });

  const disconnectSession = connectSession({
    token: () => session.getSnapshot().context.session?.login.token ?? null,
    locationId: () => session.getSnapshot().context.session?.locationId ?? null,
  });
  const disconnectRevision = connectSettingsRevision(followSettingsRevision(queryClient));
  const disconnectFailures = connectFailureHandler(
    createFailureHandler({
      notify,
      ui,
      t: i18n.t.bind(i18n),
      onUnauthorized: () => session.send({ type: 'UNAUTHORIZED', path: currentFullPath() }),
      reload: options.reload ?? reloadPage,
    }),
  );

  // The select call answers the new location's permissions: they seed the cache, no second request.
  const locationSelected = session.on(
    'locationSelected',
    ({ userId, locationId, permissions, resources }) => {
      cachePermissions(userId, locationId, { permissions, resources });
      queryClient.setQueryData(locationPermissionsQueryKey(userId, locationId), { permissions, resources });
    },
  );

  // Server data belongs to whoever was signed in: drop all of it when the session ends.
  let signedIn = false;
  const subscription = session.subscribe((snapshot) => {
    const now = snapshot.matches('signedIn');
    // Signing in (or coming back to a live session) is activity: idle time counts from here.
    if (!signedIn && now) recordActivity(Date.now());
    if (signedIn && !now) {
      queryClient.clear();
      clearPermissionsCache();
      ui.closeCommonModal();
      ui.closeRightDrawer();
      ui.setLocationModal(false);
    }
    signedIn = now;
  });

  // Printing and scanning are staff work: the counter agent is reached while someone is signed in.
  const agent = createActor(agentMachine, { input: options.agent ?? {} });
  agent.start();
  let agentWanted: boolean | null = null;
  const syncAgent = (wanted: boolean) => {
    if (wanted === agentWanted) return;
    agentWanted = wanted;
    agent.send({ type: wanted ? 'CONNECT' : 'DISCONNECT' });
  };
  const agentLink = session.subscribe((snapshot) => syncAgent(snapshot.matches('signedIn')));

  // Times are shown on the clock of the location the user works at (the browser's when signed out); set
  // here, outside React, so the first render after a sign-in or a location change already uses it.
  const followZone = () => setDisplayTimeZone(locationTimeZone(session.getSnapshot().context.session));
  const zoneLink = session.subscribe(followZone);

  session.start();
  syncAgent(session.getSnapshot().matches('signedIn'));
  followZone();

  return {
    queryClient,
    session,
    ui,
    toaster,
    notify,
    agent,
    dispose: () => {
      subscription.unsubscribe();
      locationSelected.unsubscribe();
      disconnectSession();
      disconnectRevision();
      disconnectFailures();
      session.stop();
      agentLink.unsubscribe();
      zoneLink.unsubscribe();
      setDisplayTimeZone(null);
      agent.stop();
      queryClient.clear();
      ui.dispose();
      toaster.remove();
    },
  };
}
