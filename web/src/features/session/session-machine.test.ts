import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { LoginResponse } from '@nine/shared/schemas/auth';
import { httpError } from '../../testing/api-error.ts';
import { decrypt, settleSecureWrites } from '../../lib/secure-storage.ts';
import type { ExpiredPasswordChange } from './api/change-expired-password.ts';
import type { Credentials } from './api/login.ts';
import type { SelectedLocation } from './api/select-location.ts';
import {
  locationStep,
  sessionMachine,
  sessionStatus,
  type SessionEmitted,
  type SessionInput,
} from './session-machine.ts';
import { SESSION_STORAGE_KEY } from '@nine/shared/constants';
import { loadSession, saveSession, startSession } from './session-storage.ts';

const T0 = new Date('2026-03-02T09:00:00Z').getTime();

function response(overrides: Partial<LoginResponse> = {}): LoginResponse {
  return {
    token: 'tok-123',
    token_type: 'Bearer',
    expires_in: 3600,
    user: { id: 7, name: 'Ada Admin', email: 'admin@nine.test' },
    locations: [
      { id: 1, name: 'Harbour' },
      { id: 2, name: 'Old Town' },
    ],
    location_id: 2,
    ...overrides,
  };
}

const wrongPassword = httpError(401, 1010, 'The e-mail or password is not correct.');

function start(
  options: {
    login?: (credentials: Credentials) => Promise<LoginResponse>;
    logout?: (token: string) => Promise<void>;
    changeExpiredPassword?: (change: ExpiredPasswordChange) => Promise<LoginResponse>;
    completeSso?: (code: string) => Promise<LoginResponse>;
    selectLocation?: (locationId: number) => Promise<SelectedLocation>;
    input?: SessionInput;
  } = {},
) {
  const logout = vi.fn(options.logout ?? (async () => {}));
  const login = vi.fn(options.login ?? (async () => response()));
  const changeExpiredPassword = vi.fn(options.changeExpiredPassword ?? (async () => response()));
  const completeSso = vi.fn(options.completeSso ?? (async () => response()));
  const selectLocation = vi.fn(
    options.selectLocation ??
      (async (locationId: number) => ({
        locationId,
        permissions: [{ resource: 'rent_order' as const, action: 'any' as const }],
        resources: ['rent_order'],
      })),
  );
  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise<LoginResponse, Credentials>(({ input }) => login(input)),
      logout: fromPromise<void, { token: string }>(({ input }) => logout(input.token)),
      changeExpiredPassword: fromPromise<LoginResponse, ExpiredPasswordChange>(({ input }) =>
        changeExpiredPassword(input),
      ),
      completeSso: fromPromise<LoginResponse, { code: string }>(({ input }) => completeSso(input.code)),
      selectLocation: fromPromise<SelectedLocation, { locationId: number }>(({ input }) =>
        selectLocation(input.locationId),
      ),
    },
  });
  const actor = createActor(machine, {
    input: { currentPath: () => '/nine/rent-orders?page=2', ...options.input },
  });
  const emitted: SessionEmitted[] = [];
  actor.on('locationSelected', (event) => emitted.push(event));
  actor.start();
  return { actor, login, logout, changeExpiredPassword, completeSso, selectLocation, emitted };
}

const expiredError = httpError(403, 1013, 'Your password has expired. Choose a new one to continue.', {
  email: 'maria@nine.test',
});

async function signIn(actor: ReturnType<typeof start>['actor']) {
  actor.send({ type: 'LOGIN', email: 'admin@nine.test', password: 'Nine-demo-1' });
  return waitFor(actor, (s) => !s.matches('signingIn'));
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('session machine', () => {
  it('starts signed out without a saved session', () => {
    const { actor } = start();
    expect(sessionStatus(actor.getSnapshot())).toBe('signedOut');
    expect(actor.getSnapshot().context.session).toBeNull();
  });

  it('signs in: stores the login response with expiry = login time + expires_in, and persists it', async () => {
    const { actor, login } = start();
    const snapshot = await signIn(actor);
    expect(login).toHaveBeenCalledWith({ email: 'admin@nine.test', password: 'Nine-demo-1' });
    expect(sessionStatus(snapshot)).toBe('signedIn');
    expect(snapshot.context.session?.login.token).toBe('tok-123');
    expect(snapshot.context.session?.expiresAt).toBe(T0 + 3600 * 1000);
    expect(snapshot.context.session?.locationId).toBe(2);
    expect(loadSession(T0)?.login.user.name).toBe('Ada Admin');
  });

  it('falls back to the first location when the server names none', async () => {
    const { actor } = start({ login: async () => response({ location_id: null }) });
    const snapshot = await signIn(actor);
    expect(snapshot.context.session?.locationId).toBe(1);
  });

  it('a failed sign-in stays signed out with the server error and stores nothing', async () => {
    const { actor } = start({ login: () => Promise.reject(wrongPassword) });
    const snapshot = await signIn(actor);
    expect(sessionStatus(snapshot)).toBe('signedOut');
    expect(snapshot.context.error?.respCode).toBe(1010);
    expect(snapshot.context.error?.message).toBe('The e-mail or password is not correct.');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('clears the previous error when signing in again', async () => {
    let attempt = 0;
    const { actor } = start({
      login: () => (++attempt === 1 ? Promise.reject(wrongPassword) : Promise.resolve(response())),
    });
    await signIn(actor);
    actor.send({ type: 'LOGIN', email: 'admin@nine.test', password: 'Nine-demo-1' });
    expect(actor.getSnapshot().context.error).toBeNull();
    const snapshot = await waitFor(actor, (s) => s.matches('signedIn'));
    expect(snapshot.context.error).toBeNull();
  });

  it('signs out when the expiry passes and remembers where the user was', async () => {
    const { actor } = start({ login: async () => response({ expires_in: 60 }) });
    await signIn(actor);
    vi.advanceTimersByTime(59_999);
    expect(sessionStatus(actor.getSnapshot())).toBe('signedIn');
    vi.advanceTimersByTime(1);
    const { context } = actor.getSnapshot();
    expect(sessionStatus(actor.getSnapshot())).toBe('signedOut');
    expect(context.session).toBeNull();
    expect(context.endReason).toBe('expired');
    expect(context.returnTo).toBe('/nine/rent-orders?page=2');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('keeps a session longer than the 24.8-day timer limit until its real expiry', async () => {
    const thirtyDays = 30 * 24 * 3600;
    const { actor } = start({ login: async () => response({ expires_in: thirtyDays }) });
    await signIn(actor);
    vi.advanceTimersByTime(26 * 24 * 3600 * 1000);
    expect(sessionStatus(actor.getSnapshot())).toBe('signedIn');
    vi.advanceTimersByTime(4 * 24 * 3600 * 1000);
    expect(sessionStatus(actor.getSnapshot())).toBe('signedOut');
  });

  it('on a 401 clears the session, remembers the full path and forgets it once used', async () => {
    const { actor } = start();
    await signIn(actor);
    actor.send({ type: 'UNAUTHORIZED', path: '/nine/sale-orders/12?tab=items#pay' });
    let snapshot = actor.getSnapshot();
    expect(sessionStatus(snapshot)).toBe('signedOut');
    expect(snapshot.context.session).toBeNull();
    expect(snapshot.context.endReason).toBe('unauthorized');
    expect(snapshot.context.returnTo).toBe('/nine/sale-orders/12?tab=items#pay');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();

    snapshot = await signIn(actor);
    expect(snapshot.context.returnTo).toBe('/nine/sale-orders/12?tab=items#pay');
    actor.send({ type: 'RETURN_HANDLED' });
    expect(actor.getSnapshot().context.returnTo).toBeNull();
  });

  it('ignores a 401 while signed out or signing in (a wrong password is a 401 too)', async () => {
    const { actor } = start({ login: () => Promise.reject(wrongPassword) });
    actor.send({ type: 'UNAUTHORIZED', path: '/nine/dashboard' });
    expect(actor.getSnapshot().context.returnTo).toBeNull();
    actor.send({ type: 'LOGIN', email: 'a@b.c', password: 'x' });
    actor.send({ type: 'UNAUTHORIZED', path: '/nine/dashboard' });
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(snapshot.context.returnTo).toBeNull();
    expect(snapshot.context.endReason).toBeNull();
  });

  it('logs out: calls logout with the token, clears the session and does not remember a path', async () => {
    const { actor, logout } = start();
    await signIn(actor);
    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().context.session).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(logout).toHaveBeenCalledWith('tok-123');
    expect(snapshot.context.endReason).toBe('logout');
    expect(snapshot.context.logoutToken).toBeNull();
    actor.send({ type: 'REMEMBER_PATH', path: '/nine/dashboard' });
    expect(actor.getSnapshot().context.returnTo).toBeNull();
  });

  it('ends signed out even when the logout call fails', async () => {
    const { actor } = start({ logout: () => Promise.reject(new Error('offline')) });
    await signIn(actor);
    actor.send({ type: 'LOGOUT' });
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(snapshot.context.session).toBeNull();
  });

  it('remembers a deep link visited while signed out', () => {
    const { actor } = start();
    actor.send({ type: 'REMEMBER_PATH', path: '/nine/dashboard?x=1' });
    expect(actor.getSnapshot().context.returnTo).toBe('/nine/dashboard?x=1');
  });

  it('keeps the path a 401 remembered over a later deep link', async () => {
    const { actor } = start();
    await signIn(actor);
    actor.send({ type: 'UNAUTHORIZED', path: '/nine/sale-orders/12' });
    actor.send({ type: 'REMEMBER_PATH', path: '/nine/dashboard' });
    expect(actor.getSnapshot().context.returnTo).toBe('/nine/sale-orders/12');
  });

  it('restores a saved session whose expiry is in the future, and still expires it on time', () => {
    saveSession(startSession(response({ expires_in: 120 }), T0 - 60_000));
    const { actor } = start({ input: { restored: loadSession() } });
    expect(sessionStatus(actor.getSnapshot())).toBe('signedIn');
    expect(actor.getSnapshot().context.session?.login.user.email).toBe('admin@nine.test');
    vi.advanceTimersByTime(60_000);
    expect(sessionStatus(actor.getSnapshot())).toBe('signedOut');
  });

  it('does not restore a saved session whose expiry has passed, and drops it from storage', () => {
    saveSession(startSession(response({ expires_in: 60 }), T0 - 61_000));
    expect(loadSession()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('refuses an expired session even when handed one directly', () => {
    const stale = startSession(response({ expires_in: 60 }), T0 - 61_000);
    saveSession(stale);
    const { actor } = start({ input: { restored: stale } });
    expect(sessionStatus(actor.getSnapshot())).toBe('signedOut');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('ignores unreadable storage', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(loadSession()).toBeNull();
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ login: { token: 1 }, expiresAt: T0 + 1000 }));
    expect(loadSession()).toBeNull();
  });
});

describe('session machine: storage', () => {
  it('keeps the session encrypted in localStorage: the token never appears in clear', async () => {
    const { actor } = start();
    await signIn(actor);
    await settleSecureWrites();
    const stored = localStorage.getItem(SESSION_STORAGE_KEY) ?? '';
    expect(stored).not.toBe('');
    expect(stored).not.toContain('tok-123');
    expect(stored).not.toContain('admin@nine.test');
    expect(JSON.parse((await decrypt(stored)) ?? 'null').login.token).toBe('tok-123');
  });
});

describe('session machine: location choice', () => {
  it('with one location goes straight to work there', async () => {
    const { actor } = start({
      login: async () => response({ locations: [{ id: 5, name: 'Lakeside' }], location_id: 5 }),
    });
    const snapshot = await signIn(actor);
    expect(locationStep(snapshot)).toBe('none');
    expect(snapshot.context.session).toMatchObject({ locationId: 5, locationChosen: true });
  });

  it('with several locations asks, then moves the session to the chosen one and shares its permissions', async () => {
    const { actor, selectLocation, emitted } = start();
    let snapshot = await signIn(actor);
    expect(locationStep(snapshot)).toBe('choosing');
    // Until the choice, the server's default location is the one in use.
    expect(snapshot.context.session).toMatchObject({ locationId: 2, locationChosen: false });

    actor.send({ type: 'SELECT_LOCATION', locationId: 1 });
    expect(locationStep(actor.getSnapshot())).toBe('selecting');
    snapshot = await waitFor(actor, (s) => locationStep(s) === 'none');
    expect(selectLocation).toHaveBeenCalledWith(1);
    expect(snapshot.context.session).toMatchObject({ locationId: 1, locationChosen: true });
    expect(loadSession()?.locationId).toBe(1);
    expect(emitted).toEqual([
      {
        type: 'locationSelected',
        userId: 7,
        locationId: 1,
        permissions: [{ resource: 'rent_order', action: 'any' }],
        resources: ['rent_order'],
      },
    ]);
  });

  it('ignores a location the user does not have', async () => {
    const { actor, selectLocation } = start();
    await signIn(actor);
    actor.send({ type: 'SELECT_LOCATION', locationId: 99 });
    expect(locationStep(actor.getSnapshot())).toBe('choosing');
    expect(selectLocation).not.toHaveBeenCalled();
  });

  it('keeps asking, with the error, when the switch fails; a 401 there signs out', async () => {
    const forbidden = httpError(403, 1009, 'You may not work in this location.');
    let calls = 0;
    const { actor } = start({
      selectLocation: () =>
        ++calls === 1 ? Promise.reject(forbidden) : Promise.reject(httpError(401, 1002, 'ended')),
    });
    await signIn(actor);
    actor.send({ type: 'SELECT_LOCATION', locationId: 1 });
    let snapshot = await waitFor(actor, (s) => locationStep(s) !== 'selecting');
    expect(locationStep(snapshot)).toBe('choosing');
    expect(snapshot.context.locationError?.message).toBe('You may not work in this location.');

    actor.send({ type: 'SELECT_LOCATION', locationId: 1 });
    snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(snapshot.context.endReason).toBe('unauthorized');
    expect(snapshot.context.returnTo).toBe('/nine/rent-orders?page=2');
  });

  it('switches again later from the menu', async () => {
    const { actor } = start();
    await signIn(actor);
    actor.send({ type: 'SELECT_LOCATION', locationId: 1 });
    await waitFor(actor, (s) => locationStep(s) === 'none');
    actor.send({ type: 'SELECT_LOCATION', locationId: 2 });
    const snapshot = await waitFor(
      actor,
      (s) => locationStep(s) === 'none' && s.context.session?.locationId === 2,
    );
    expect(snapshot.context.session?.locationChosen).toBe(true);
  });

  it('asks again after a reload when no location was chosen yet', () => {
    saveSession(startSession(response(), T0));
    const { actor } = start({ input: { restored: loadSession() } });
    expect(locationStep(actor.getSnapshot())).toBe('choosing');
  });
});

describe('session machine: password expired', () => {
  it('a sign-in refused with 1013 moves to passwordExpired with the e-mail and password just typed', async () => {
    const { actor } = start({ login: () => Promise.reject(expiredError) });
    actor.send({ type: 'LOGIN', email: 'maria@nine.test', password: 'Old-pass-1' });
    const snapshot = await waitFor(actor, (s) => !s.matches('signingIn'));
    expect(sessionStatus(snapshot)).toBe('passwordExpired');
    expect(snapshot.context.expiredPassword).toEqual({ email: 'maria@nine.test', password: 'Old-pass-1' });
    expect(snapshot.context.error).toBeNull();
    expect(snapshot.context.attempt).toBeNull();
  });

  it('changing the password signs in; a refused new password stays with the error', async () => {
    const policy = httpError(400, 1014, 'The new password does not meet the password policy.', {
      rules: ['capital'],
    });
    let attempt = 0;
    const { actor, changeExpiredPassword } = start({
      login: () => Promise.reject(expiredError),
      changeExpiredPassword: () => (++attempt === 1 ? Promise.reject(policy) : Promise.resolve(response())),
    });
    actor.send({ type: 'LOGIN', email: 'maria@nine.test', password: 'Old-pass-1' });
    await waitFor(actor, (s) => s.matches('passwordExpired'));

    const change = { email: 'maria@nine.test', password: 'Old-pass-1', newPassword: 'weakpass1' };
    actor.send({ type: 'CHANGE_EXPIRED_PASSWORD', ...change });
    expect(sessionStatus(actor.getSnapshot())).toBe('changingPassword');
    let snapshot = await waitFor(actor, (s) => !s.matches('changingPassword'));
    expect(sessionStatus(snapshot)).toBe('passwordExpired');
    expect(snapshot.context.error?.respCode).toBe(1014);
    expect(snapshot.context.expiredPassword?.email).toBe('maria@nine.test');

    actor.send({ type: 'CHANGE_EXPIRED_PASSWORD', ...change, newPassword: 'Strong-pass-2' });
    snapshot = await waitFor(actor, (s) => s.matches('signedIn'));
    expect(changeExpiredPassword).toHaveBeenLastCalledWith({ ...change, newPassword: 'Strong-pass-2' });
    expect(snapshot.context.expiredPassword).toBeNull();
    expect(snapshot.context.session?.login.token).toBe('tok-123');
  });

  it('can be left for the login form, and opened directly without a refused sign-in', async () => {
    const { actor } = start({ login: () => Promise.reject(expiredError) });
    actor.send({ type: 'LOGIN', email: 'maria@nine.test', password: 'x' });
    await waitFor(actor, (s) => s.matches('passwordExpired'));
    actor.send({ type: 'CANCEL_PASSWORD_CHANGE' });
    expect(sessionStatus(actor.getSnapshot())).toBe('signedOut');
    expect(actor.getSnapshot().context.expiredPassword).toBeNull();

    actor.send({
      type: 'CHANGE_EXPIRED_PASSWORD',
      email: 'maria@nine.test',
      password: 'x',
      newPassword: 'New-pass-1',
    });
    const snapshot = await waitFor(actor, (s) => s.matches('signedIn'));
    expect(sessionStatus(snapshot)).toBe('signedIn');
  });
});

describe('session machine: single sign-on', () => {
  it('trades the code for a session', async () => {
    const { actor, completeSso } = start();
    actor.send({ type: 'SSO_COMPLETE', code: 'one-time-code-123' });
    expect(sessionStatus(actor.getSnapshot())).toBe('completingSso');
    const snapshot = await waitFor(actor, (s) => s.matches('signedIn'));
    expect(completeSso).toHaveBeenCalledWith('one-time-code-123');
    expect(snapshot.context.session?.login.token).toBe('tok-123');
  });

  it('a refused code leaves the user signed out with the reason', async () => {
    const failed = httpError(400, 1018, 'Single sign-on did not complete. Try again.');
    const { actor } = start({ completeSso: () => Promise.reject(failed) });
    actor.send({ type: 'SSO_COMPLETE', code: 'used-code-1234' });
    const snapshot = await waitFor(actor, (s) => !s.matches('completingSso'));
    expect(sessionStatus(snapshot)).toBe('signedOut');
    expect(snapshot.context.error?.respCode).toBe(1018);
  });
});

describe('session machine: inactivity', () => {
  it('signs out on inactivity, revokes the token and remembers where the user was', async () => {
    const { actor, logout } = start();
    await signIn(actor);
    actor.send({ type: 'INACTIVE' });
    expect(actor.getSnapshot().context.session).toBeNull();
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(logout).toHaveBeenCalledWith('tok-123');
    expect(snapshot.context.endReason).toBe('inactive');
    expect(snapshot.context.returnTo).toBe('/nine/rent-orders?page=2');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});
