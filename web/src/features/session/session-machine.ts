import { assertEvent, assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { errorCatalogue } from '@nine/shared/errors';
import type { LoginResponse } from '@nine/shared/schemas/auth';
import { ApiError, invalidResponse } from '../../lib/api-client.ts';
import { changeExpiredPassword, type ExpiredPasswordChange } from './api/change-expired-password.ts';
import { completeSso } from './api/complete-sso.ts';
import { login, type Credentials } from './api/login.ts';
import { logout } from './api/logout.ts';
import { selectLocation, type SelectedLocation } from './api/select-location.ts';
import {
  clearSession,
  isLive,
  needsLocationChoice,
  saveSession,
  startSession,
  type Session,
} from './session-storage.ts';

export type SessionEndReason = 'logout' | 'expired' | 'unauthorized' | 'inactive';

/** What the password-expired screen knows from the refused sign-in. */
export interface ExpiredPassword {
  email: string;
  /** The password just typed on the login form; null when the screen was opened directly. */
  password: string | null;
}

export interface SessionContext {
  session: Session | null;
  /** Why the last sign-in, password change or SSO completion failed, shown on its screen. */
  error: ApiError | null;
  /** The full path (with the /nine base) to go back to after the next sign-in. */
  returnTo: string | null;
  endReason: SessionEndReason | null;
  /** Held only while the logout call runs: the session itself is gone by then. */
  logoutToken: string | null;
  expiredPassword: ExpiredPassword | null;
  /** Why choosing a location failed, shown in the location modal. */
  locationError: ApiError | null;
  /** The credentials of the sign-in under way, kept in memory only for the password-expired screen. */
  attempt: Credentials | null;
  currentPath: () => string;
}

export type SessionEvent =
  | ({ type: 'LOGIN' } & Credentials)
  | ({ type: 'CHANGE_EXPIRED_PASSWORD' } & ExpiredPasswordChange)
  | { type: 'CANCEL_PASSWORD_CHANGE' }
  | { type: 'SSO_COMPLETE'; code: string }
  | { type: 'SELECT_LOCATION'; locationId: number }
  | { type: 'LOGOUT' }
  | { type: 'INACTIVE' }
  | { type: 'UNAUTHORIZED'; path: string }
  | { type: 'REMEMBER_PATH'; path: string }
  | { type: 'RETURN_HANDLED' };

/** Emitted after the server moved the session to another location, with the permissions there. */
export type SessionEmitted = { type: 'locationSelected'; userId: number } & SelectedLocation;

export interface SessionInput {
  /** A session read from storage; used only when its expiry is still in the future. */
  restored?: Session | null;
  /** Where the user is now; remembered when the session ends under them. */
  currentPath?: () => string;
}

// setTimeout overflows above 2^31-1 ms (about 24.8 days); longer sessions re-arm the timer instead.
const MAX_TIMER_MS = 2 ** 31 - 1;
const PASSWORD_EXPIRED = errorCatalogue.passwordExpired.code;

const toApiError = (error: unknown): ApiError => (error instanceof ApiError ? error : invalidResponse());
const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
  },
  actors: {
    login: fromPromise<LoginResponse, Credentials>(({ input }) => login(input)),
    changeExpiredPassword: fromPromise<LoginResponse, ExpiredPasswordChange>(({ input }) =>
      changeExpiredPassword(input),
    ),
    completeSso: fromPromise<LoginResponse, { code: string }>(({ input }) => completeSso(input.code)),
    selectLocation: fromPromise<SelectedLocation, { locationId: number }>(({ input }) =>
      selectLocation(input.locationId),
    ),
    logout: fromPromise<void, { token: string }>(({ input }) => logout(input.token)),
  },
  actions: {
    persist: ({ context }) => {
      if (context.session) saveSession(context.session);
    },
    forget: () => clearSession(),
    begin: assign((_, response: LoginResponse) => ({
      session: startSession(response, Date.now()),
      error: null,
      expiredPassword: null,
      locationError: null,
      attempt: null,
    })),
    endSession: assign((_, params: { reason: SessionEndReason; returnTo?: string | null }) => ({
      session: null,
      endReason: params.reason,
      locationError: null,
      ...(params.returnTo !== undefined ? { returnTo: params.returnTo } : {}),
    })),
    holdAttempt: assign({
      attempt: ({ event }) => {
        assertEvent(event, 'LOGIN');
        return { email: event.email, password: event.password };
      },
    }),
    holdTokenForLogout: assign({ logoutToken: ({ context }) => context.session?.login.token ?? null }),
  },
  guards: {
    hasLiveSession: ({ context }) => isLive(context.session, Date.now()),
    isExpired: ({ context }) => !isLive(context.session, Date.now()),
    mustChooseLocation: ({ context }) => needsLocationChoice(context.session),
    // A path remembered by a 401 or an expiry wins; after a deliberate logout nothing is remembered.
    mayRememberPath: ({ context }) => context.endReason !== 'logout' && context.returnTo === null,
    passwordExpired: ({ event }) =>
      'error' in event && event.error instanceof ApiError && event.error.respCode === PASSWORD_EXPIRED,
    unauthorized: ({ event }) => 'error' in event && isUnauthorized(event.error),
    knowsLocation: ({ context }) => context.session?.locationChosen === true,
    offersLocation: ({ context, event }) =>
      event.type === 'SELECT_LOCATION' &&
      (context.session?.login.locations.some((l) => l.id === event.locationId) ?? false),
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
    expiredPassword: null,
    locationError: null,
    attempt: null,
    currentPath: input.currentPath ?? (() => `${location.pathname}${location.search}${location.hash}`),
  }),
  initial: 'restoring',
  on: {
    REMEMBER_PATH: {
      guard: 'mayRememberPath',
      actions: assign({ returnTo: ({ event }) => event.path }),
    },
  },
  states: {
    restoring: {
      always: [
        { guard: 'hasLiveSession', target: 'signedIn' },
        { target: 'signedOut', actions: [assign({ session: null }), 'forget'] },
      ],
    },
    signedOut: {
      on: {
        LOGIN: { target: 'signingIn', actions: 'holdAttempt' },
        SSO_COMPLETE: { target: 'completingSso' },
        // The password-expired screen opened directly (a bookmark, a reload) asks for everything.
        CHANGE_EXPIRED_PASSWORD: {
          target: 'changingPassword',
          actions: assign({ expiredPassword: ({ event }) => ({ email: event.email, password: null }) }),
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
          actions: [{ type: 'begin', params: ({ event }) => event.output }, 'persist'],
        },
        onError: [
          {
            guard: 'passwordExpired',
            target: 'passwordExpired',
            actions: assign({
              error: null,
              attempt: null,
              expiredPassword: ({ context, event }) => {
                const data = (event.error as ApiError).data as { email?: unknown } | undefined;
                return {
                  email: typeof data?.email === 'string' ? data.email : (context.attempt?.email ?? ''),
                  password: context.attempt?.password ?? null,
                };
              },
            }),
          },
          {
            target: 'signedOut',
            actions: assign({ error: ({ event }) => toApiError(event.error), attempt: null }),
          },
        ],
      },
    },
    passwordExpired: {
      on: {
        CHANGE_EXPIRED_PASSWORD: { target: 'changingPassword' },
        CANCEL_PASSWORD_CHANGE: {
          target: 'signedOut',
          actions: assign({ expiredPassword: null, error: null }),
        },
        LOGIN: { target: 'signingIn', actions: [assign({ expiredPassword: null }), 'holdAttempt'] },
        SSO_COMPLETE: { target: 'completingSso', actions: assign({ expiredPassword: null }) },
      },
    },
    changingPassword: {
      entry: assign({ error: null, endReason: null }),
      invoke: {
        src: 'changeExpiredPassword',
        input: ({ event }) => {
          assertEvent(event, 'CHANGE_EXPIRED_PASSWORD');
          return { email: event.email, password: event.password, newPassword: event.newPassword };
        },
        onDone: {
          target: 'signedIn',
          actions: [{ type: 'begin', params: ({ event }) => event.output }, 'persist'],
        },
        onError: {
          target: 'passwordExpired',
          actions: assign({
            error: ({ event }) => toApiError(event.error),
            expiredPassword: ({ context }) => context.expiredPassword ?? { email: '', password: null },
          }),
        },
      },
    },
    completingSso: {
      entry: assign({ error: null, endReason: null }),
      invoke: {
        src: 'completeSso',
        input: ({ event }) => {
          assertEvent(event, 'SSO_COMPLETE');
          return { code: event.code };
        },
        onDone: {
          target: 'signedIn',
          actions: [{ type: 'begin', params: ({ event }) => event.output }, 'persist'],
        },
        onError: { target: 'signedOut', actions: assign({ error: ({ event }) => toApiError(event.error) }) },
      },
    },
    signedIn: {
      type: 'parallel',
      states: {
        expiry: {
          initial: 'waiting',
          states: {
            waiting: {
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
                  { target: 'waiting', reenter: true },
                ],
              },
            },
          },
        },
        location: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [{ guard: 'mustChooseLocation', target: 'choosing' }, { target: 'ready' }],
            },
            // The location modal: several locations and none picked yet.
            choosing: {
              on: { SELECT_LOCATION: { guard: 'offersLocation', target: 'selecting' } },
            },
            selecting: {
              entry: assign({ locationError: null }),
              invoke: {
                src: 'selectLocation',
                input: ({ event }) => {
                  assertEvent(event, 'SELECT_LOCATION');
                  return { locationId: event.locationId };
                },
                onDone: {
                  target: 'ready',
                  actions: [
                    assign({
                      session: ({ context, event }) =>
                        context.session && {
                          ...context.session,
                          locationId: event.output.locationId,
                          locationChosen: true,
                        },
                    }),
                    'persist',
                    emit(({ context, event }) => ({
                      type: 'locationSelected' as const,
                      userId: context.session?.login.user.id ?? 0,
                      ...event.output,
                    })),
                  ],
                },
                onError: [
                  {
                    guard: 'unauthorized',
                    target: '#session.signedOut',
                    actions: [
                      {
                        type: 'endSession',
                        params: ({ context }) => ({
                          reason: 'unauthorized',
                          returnTo: context.currentPath(),
                        }),
                      },
                      'forget',
                    ],
                  },
                  {
                    guard: 'knowsLocation',
                    target: 'ready',
                    actions: assign({ locationError: ({ event }) => toApiError(event.error) }),
                  },
                  {
                    target: 'choosing',
                    actions: assign({ locationError: ({ event }) => toApiError(event.error) }),
                  },
                ],
              },
            },
            ready: {
              on: { SELECT_LOCATION: { guard: 'offersLocation', target: 'selecting' } },
            },
          },
        },
      },
      on: {
        LOGOUT: {
          target: 'signingOut',
          actions: [
            'holdTokenForLogout',
            { type: 'endSession', params: { reason: 'logout', returnTo: null } },
            'forget',
          ],
        },
        // Inactivity ends the session like a logout, but remembers where the user was.
        INACTIVE: {
          target: 'signingOut',
          actions: [
            'holdTokenForLogout',
            {
              type: 'endSession',
              params: ({ context }) => ({ reason: 'inactive', returnTo: context.currentPath() }),
            },
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
export type SessionStatus =
  | 'signedOut'
  | 'signingIn'
  | 'passwordExpired'
  | 'changingPassword'
  | 'completingSso'
  | 'signedIn'
  | 'signingOut';

export function sessionStatus(snapshot: SessionSnapshot): SessionStatus {
  if (snapshot.matches('signedIn')) return 'signedIn';
  if (snapshot.matches('signingIn')) return 'signingIn';
  if (snapshot.matches('passwordExpired')) return 'passwordExpired';
  if (snapshot.matches('changingPassword')) return 'changingPassword';
  if (snapshot.matches('completingSso')) return 'completingSso';
  if (snapshot.matches('signingOut')) return 'signingOut';
  return 'signedOut';
}

/** The location modal is up while a choice is owed or being sent. */
export function locationStep(snapshot: SessionSnapshot): 'none' | 'choosing' | 'selecting' {
  if (snapshot.matches({ signedIn: { location: 'choosing' } })) return 'choosing';
  if (snapshot.matches({ signedIn: { location: 'selecting' } })) return 'selecting';
  return 'none';
}
