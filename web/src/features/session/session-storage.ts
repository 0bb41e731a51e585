import { loginResponse, type LoginResponse } from '@nine/shared/schemas/auth';

/** What a signed-in tab keeps (spec section 3): the login response and the moment it stops being valid. */
export interface Session {
  login: LoginResponse;
  /** Epoch milliseconds: login time + expires_in seconds. */
  expiresAt: number;
  /** The location the user works in; sent as the `location-id` header. */
  locationId: number | null;
}

const STORAGE_KEY = 'nine.session';

export function startSession(login: LoginResponse, now: number): Session {
  return {
    login,
    expiresAt: now + login.expires_in * 1000,
    // Until the location modal exists (issue 3) the server's choice, else the first location, is used.
    locationId: login.location_id ?? login.locations[0]?.id ?? null,
  };
}

export function isLive(session: Session | null, now: number): session is Session {
  return session !== null && session.expiresAt > now;
}

/** Returns the saved session only when its expiry is still in the future (spec section 5); drops it otherwise. */
export function loadSession(now: number = Date.now()): Session | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  const session = parse(raw);
  if (!isLive(session, now)) {
    clearSession();
    return null;
  }
  return session;
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
    };
  } catch {
    return null;
  }
}

export function saveSession(session: Session): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
}

export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEY);
}

export const sessionStorageKey = STORAGE_KEY;
