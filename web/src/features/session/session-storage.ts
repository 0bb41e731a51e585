import { SESSION_STORAGE_KEY } from '@nine/shared/constants';
import { loginResponse, type LoginResponse } from '@nine/shared/schemas/auth';
import { loadSecure, readSecure, removeSecure, writeSecure } from '../../lib/secure-storage.ts';

/** What a signed-in tab keeps (spec section 3): the login response and the moment it stops being valid. */
export interface Session {
  login: LoginResponse;
  /** Epoch milliseconds: login time + expires_in seconds. */
  expiresAt: number;
  /** The location the user works in; sent as the `location-id` header. */
  locationId: number | null;
  /** False until the user picked a location in the location modal (asked when there are several). */
  locationChosen: boolean;
}

export function startSession(login: LoginResponse, now: number): Session {
  return {
    login,
    expiresAt: now + login.expires_in * 1000,
    // The server's choice (the user's default location) until the user picks one.
    locationId: login.location_id ?? login.locations[0]?.id ?? null,
    locationChosen: login.locations.length <= 1,
  };
}

/** The IANA time zone of the location the session works at; null before one is known. */
export function locationTimeZone(session: Session | null): string | null {
  if (session === null) return null;
  return session.login.locations.find((l) => l.id === session.locationId)?.time_zone ?? null;
}

export function isLive(session: Session | null, now: number): session is Session {
  return session !== null && session.expiresAt > now;
}

export function needsLocationChoice(session: Session | null): boolean {
  return session !== null && !session.locationChosen && session.login.locations.length > 1;
}

/** Decrypts the saved session into memory; main.tsx awaits this before the app starts. */
export async function hydrateSession(): Promise<void> {
  await loadSecure(SESSION_STORAGE_KEY);
}

/** Returns the saved session only when its expiry is still in the future (spec section 5); drops it otherwise. */
export function loadSession(now: number = Date.now()): Session | null {
  const raw = readSecure(SESSION_STORAGE_KEY);
  if (raw === null) {
    // Unreadable (not ours, tampered): it can never become a session, so it goes.
    if (hasStoredSession()) clearSession();
    return null;
  }
  const session = parse(raw);
  if (!isLive(session, now)) {
    clearSession();
    return null;
  }
  return session;
}

/** Whether a session is saved at all (not whether it is still valid): readable before it is decrypted. */
export function hasStoredSession(): boolean {
  try {
    return localStorage.getItem(SESSION_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

function parse(raw: string): Session | null {
  try {
    const value = JSON.parse(raw) as Partial<Session> | null;
    if (typeof value?.expiresAt !== 'number') return null;
    const login = loginResponse.safeParse(value.login);
    if (!login.success) return null;
    return {
      login: login.data,
      expiresAt: value.expiresAt,
      locationId: typeof value.locationId === 'number' ? value.locationId : null,
      locationChosen: value.locationChosen === true,
    };
  } catch {
    return null;
  }
}

export function saveSession(session: Session): void {
  writeSecure(SESSION_STORAGE_KEY, JSON.stringify(session));
}

export function clearSession(): void {
  removeSecure(SESSION_STORAGE_KEY);
}
