import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { LoginResponse } from '@nine/shared/schemas/auth';
import { ApiError, invalidResponse } from '../../lib/api-client.ts';
import { login, type Credentials } from './api/login.ts';
import { logout } from './api/logout.ts';
import { clearSession, isLive, saveSession, startSession, type Session } from './session-storage.ts';

export type SessionEndReason = 'logout' | 'expired' | 'unauthorized';

export interface SessionContext {
  session: Session | null;
  /** Why the last sign-in failed, shown on the login form. */
  error: ApiError | null;
  /** The full path (with the /nine base) to go back to after the next sign-in. */
  returnTo: string | null;
  endReason: SessionEndReason | null;
  /** Held only while the logout call runs: the session itself is gone by then. */
  logoutToken: string | null;
  currentPath: () => string;
}

export type SessionEvent =
  | ({ type: 'LOGIN' } & Credentials)
  | { type: 'LOGOUT' }
  | { type: 'UNAUTHORIZED'; path: string }
  | { type: 'REMEMBER_PATH'; path: string }
  | { type: 'RETURN_HANDLED' };

export interface SessionInput {
  /** A session read from storage; used only when its expiry is still in the future. */
  restored?: Session | null;
  /** Where the user is now; remembered when the session expires under them. */
  currentPath?: () => string;
}

// setTimeout overflows above 2^31-1 ms (about 24.8 days); longer sessions re-arm the timer instead.
const MAX_TIMER_MS = 2 ** 31 - 1;

const toApiError = (error: unknown): ApiError => (error instanceof ApiError ? error : invalidResponse());

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    login: fromPromise<LoginResponse, Credentials>(({ input }) => login(input)),
    logout: fromPromise<void, { token: string }>(({ input }) => logout(input.token)),
  },
  actions: {
    persist: ({ context }) => {
      if (context.session) saveSession(context.session);
    },
    forget: () => clearSession(),
    endSession: assign((_, params: { reason: SessionEndReason; returnTo?: string | null }) => ({
      session: null,
      endReason: params.reason,
      ...(params.returnTo !== undefined ? { returnTo: params.returnTo } : {}),
    })),
  },
  guards: {
    hasLiveSession: ({ context }) => isLive(context.session, Date.now()),
    isExpired: ({ context }) => !isLive(context.session, Date.now()),
    // A path remembered by a 401 or an expiry wins; after a deliberate logout nothing is remembered.
    mayRememberPath: ({ context }) => context.endReason !== 'logout' && context.returnTo === null,
  },
  delays: {
    untilExpiry: ({ context }) =>
      Math.min(Math.max((context.session?.expiresAt ?? 0) - Date.now(), 0), MAX_TIMER_MS),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    session: input.restored ?? null,
    error: null,
    returnTo: null,
    endReason: null,
    logoutToken: null,
    currentPath: input.currentPath ?? (() => `${location.pathname}${location.search}${location.hash}`),
  }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [
        { guard: 'hasLiveSession', target: 'signedIn' },
        { target: 'signedOut', actions: [assign({ session: null }), 'forget'] },
      ],
    },
    signedOut: {
      on: {
        LOGIN: { target: 'signingIn' },
        REMEMBER_PATH: {
          guard: 'mayRememberPath',
          actions: assign({ returnTo: ({ event }) => event.path }),
        },
      },
    },
    signingIn: {
      entry: assign({ error: null, endReason: null }),
      invoke: {
        src: 'login',
        input: ({ event }) => {
          assertEvent(event, 'LOGIN');
          return { email: event.email, password: event.password };
        },
        onDone: {
          target: 'signedIn',
          actions: [assign({ session: ({ event }) => startSession(event.output, Date.now()) }), 'persist'],
        },
        onError: {
          target: 'signedOut',
          actions: assign({ error: ({ event }) => toApiError(event.error) }),
        },
      },
    },
    signedIn: {
      initial: 'active',
      states: {
        active: {
          after: {
            untilExpiry: [
              {
                guard: 'isExpired',
                target: '#session.signedOut',
                actions: [
                  {
                    type: 'endSession',
                    params: ({ context }) => ({ reason: 'expired', returnTo: context.currentPath() }),
                  },
                  'forget',
                ],
              },
              // The timer was capped below the real expiry: wait again.
              { target: 'active', reenter: true },
            ],
          },
        },
      },
      on: {
        LOGOUT: {
          target: 'signingOut',
          actions: [
            assign({ logoutToken: ({ context }) => context.session?.login.token ?? null }),
            { type: 'endSession', params: { reason: 'logout', returnTo: null } },
            'forget',
          ],
        },
        UNAUTHORIZED: {
          target: 'signedOut',
          actions: [
            { type: 'endSession', params: ({ event }) => ({ reason: 'unauthorized', returnTo: event.path }) },
            'forget',
          ],
        },
        RETURN_HANDLED: { actions: assign({ returnTo: null }) },
      },
    },
    signingOut: {
      invoke: {
        src: 'logout',
        input: ({ context }) => ({ token: context.logoutToken ?? '' }),
        // Locally the user is signed out either way; a failed revoke only leaves a token that expires.
        onDone: { target: 'signedOut' },
        onError: { target: 'signedOut' },
      },
      exit: assign({ logoutToken: null }),
    },
  },
});

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
export type SessionStatus = 'signedOut' | 'signingIn' | 'signedIn' | 'signingOut';

export function sessionStatus(snapshot: SessionSnapshot): SessionStatus {
  if (snapshot.matches('signedIn')) return 'signedIn';
  if (snapshot.matches('signingIn')) return 'signingIn';
  if (snapshot.matches('signingOut')) return 'signingOut';
  return 'signedOut';
}
