import type pg from 'pg';
import { AppError } from '@nine/shared/errors';
import { isAction, isResource, type Permission } from '@nine/shared/permissions';
import type { LoginRequest, LoginResponse, Location } from '@nine/shared/schemas/auth';
import type { Db } from '../../db/pool.ts';
import { exec, maybeOne, prepared, rows } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { loadAccessPolicy } from './access-policy.ts';
import type { FailureCounter } from './failure-counter.ts';
import { decoyHash, verifyPassword } from './password-hashing.ts';
import { hashToken, newToken } from './tokens.ts';
import { audit } from '../../lib/audit.ts';
import { transaction } from '../../lib/transaction.ts';

export interface AuthenticatedSession {
  sessionId: number;
  userId: number;
  locationId: number | null;
  tokenHash: Buffer;
}

export interface SessionMeta {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

export interface AuthServiceDeps {
  db: Db;
  failures: FailureCounter;
  sessionTtlSeconds: number;
  now: () => Date;
}

export type AuthService = ReturnType<typeof createAuthService>;

type UserRow = Pick<
  Tables['users'],
  | 'id'
  | 'name'
  | 'email'
  | 'password_hash'
  | 'status'
  | 'expires_at'
  | 'default_location_id'
  | 'only_login_by_sso'
  | 'sso_provider'
  | 'password_changed_at'
  | 'password_expired_at'
>;

// Every protected request runs it: prepared, so it is planned once per connection.
const SESSION_AT_LOCATION = prepared(`SELECT s.id, s.user_id, s.location_id,
         (SELECT json_agg(DISTINCT jsonb_build_object('resource', rp.resource, 'action', rp.action))
          FROM user_roles ur LEFT JOIN role_permissions rp ON rp.role_id = ur.role_id
          WHERE ur.user_id = s.user_id AND ur.location_id = coalesce($3::int, s.location_id)) AS held,
         (SELECT revision FROM settings_revision WHERE id = 1) AS settings_revision
       FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2
         AND u.status = 'active' AND (u.expires_at IS NULL OR u.expires_at > $2)`);

/** A role's grant as read; null resource and action: a role without permissions (the LEFT JOIN found none). */
type Held = { resource: string | null; action: string | null };

function permissionsOf(held: Held[]): Permission[] {
  return held.flatMap((r) =>
    r.resource && r.action && isResource(r.resource) && isAction(r.action)
      ? [{ resource: r.resource, action: r.action }]
      : [],
  );
}

export function createAuthService({ db, failures, sessionTtlSeconds, now }: AuthServiceDeps) {
  /** Locations the user holds a role in: the places they may work, with the zone their times are shown in. */
  async function locationsOf(userId: number): Promise<Location[]> {
    return rows<Pick<Tables['locations'], 'id' | 'name' | 'time_zone'>>(
      db.pool,
      `SELECT id, name, time_zone FROM locations
       WHERE id IN (SELECT location_id FROM user_roles WHERE user_id = $1)
       ORDER BY name`,
      [userId],
    );
  }

  /**
   * The user's permissions in a location, or null when the user may not work there at all. Inside a
   * transaction pass its client: the check must not ask the pool for a second connection.
   */
  async function permissionsAt(
    userId: number,
    locationId: number,
    client?: pg.PoolClient,
  ): Promise<Permission[] | null> {
    const held = await rows<Held>(
      client ?? db.pool,
      `SELECT DISTINCT rp.resource, rp.action FROM user_roles ur LEFT JOIN role_permissions rp ON rp.role_id = ur.role_id
       WHERE ur.user_id = $1 AND ur.location_id = $2`,
      [userId, locationId],
    );
    return held.length === 0 ? null : permissionsOf(held);
  }

  async function findUser(email: string): Promise<UserRow | undefined> {
    return maybeOne<UserRow>(
      db.pool,
      `SELECT id, name, email::text, password_hash, status, expires_at, default_location_id, only_login_by_sso,
              sso_provider, password_changed_at, password_expired_at
       FROM users WHERE email = $1`,
      [email],
    );
  }

  function assertActive(user: UserRow): void {
    if (user.status !== 'active' || (user.expires_at && user.expires_at <= now()))
      throw new AppError('accountInactive');
  }

  /**
   * Checks e-mail and password under the access policy: too many wrong passwords within the window
   * lock the e-mail (known or not, so the lock reveals nothing) until the oldest ages out.
   */
  async function verifyCredentials(email: string, password: string): Promise<UserRow> {
    const policy = await loadAccessPolicy(db);
    const window = {
      threshold: policy.wrong_password_threshold,
      ttlMinutes: policy.wrong_password_ttl_minutes,
    };
    const locked = await failures.lockedFor('password', email, window);
    if (locked > 0)
      throw new AppError('accountLocked', {
        params: { minutes: Math.ceil(locked / 60_000) },
        data: { retry_after_seconds: Math.ceil(locked / 1000) },
      });

    const user = await findUser(email);
    const ok = await verifyPassword(password, user?.password_hash ?? (await decoyHash));
    if (!user || !user.password_hash || !ok) {
      await failures.record('password', email);
      const lockedNow = await failures.lockedFor('password', email, window);
      if (lockedNow > 0)
        throw new AppError('accountLocked', {
          params: { minutes: Math.ceil(lockedNow / 60_000) },
          data: { retry_after_seconds: Math.ceil(lockedNow / 1000) },
        });
      throw new AppError('invalidCredentials');
    }
    await failures.clear('password', email);
    assertActive(user);
    if (user.only_login_by_sso) throw new AppError('ssoRequired');
    return user;
  }

  function passwordHasExpired(user: UserRow, expiryDays: number): boolean {
    if (user.password_expired_at && user.password_expired_at <= now()) return true;
    return expiryDays > 0 && user.password_changed_at.getTime() + expiryDays * 86_400_000 <= now().getTime();
  }

  /** Opens a session for a verified user and answers like a login. */
  async function startSession(
    user: { id: number; name: string; email: string; default_location_id: number | null },
    wantedLocation: number | undefined,
    meta: SessionMeta,
    how: string,
  ): Promise<LoginResponse> {
    const locations = await locationsOf(user.id);
    // The asked-for or default location when allowed, else the first: a session always has one.
    const wanted = wantedLocation ?? user.default_location_id;
    const locationId = locations.find((l) => l.id === wanted)?.id ?? locations[0]?.id ?? null;
    const { token, hash } = newToken();
    const at = now();
    const expiresAt = new Date(at.getTime() + sessionTtlSeconds * 1000);
    await transaction(db, async (client) => {
      await exec(
        client,
        `INSERT INTO sessions (user_id, token_hash, location_id, created_at, expires_at, user_agent, ip)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [user.id, hash, locationId, at, expiresAt, meta.userAgent?.slice(0, 500) ?? null, meta.ip ?? null],
      );
      await exec(client, 'UPDATE users SET last_login_at = $1 WHERE id = $2', [at, user.id]);
      await audit(
        client,
        { userId: user.id, locationId },
        { entity: 'user', entityId: user.id, action: 'login', data: { ip: meta.ip ?? null, how } },
      );
    });
    return {
      token,
      token_type: 'Bearer',
      expires_in: sessionTtlSeconds,
      user: { id: user.id, name: user.name, email: user.email },
      locations,
      location_id: locationId,
    };
  }

  async function login(input: LoginRequest, meta: SessionMeta): Promise<LoginResponse> {
    const user = await verifyCredentials(input.email, input.password);
    const policy = await loadAccessPolicy(db);
    if (passwordHasExpired(user, policy.password_expiry_days))
      throw new AppError('passwordExpired', { data: { email: user.email } });
    return startSession(user, input.location_id, meta, 'password');
  }

  /**
   * The session a token opens and the user's permissions where the request works (`locationId`, else the
   * session's location), in one statement: every protected request needs both. Permissions are null when
   * the user holds no role there. The business's settings revision comes along, for the answer's header.
   */
  async function authenticate(
    token: string,
    locationId: number | null,
  ): Promise<{
    session: AuthenticatedSession;
    permissions: Permission[] | null;
    settingsRevision: number;
  } | null> {
    const tokenHash = hashToken(token);
    const row = await maybeOne<
      Pick<Tables['sessions'], 'id' | 'user_id' | 'location_id'> & {
        held: Held[] | null;
        settings_revision: Tables['settings_revision']['revision'];
      }
    >(db.pool, SESSION_AT_LOCATION, [tokenHash, now(), locationId]);
    if (!row) return null;
    return {
      session: { sessionId: row.id, userId: row.user_id, locationId: row.location_id, tokenHash },
      permissions: row.held ? permissionsOf(row.held) : null,
      settingsRevision: row.settings_revision,
    };
  }

  async function logout(session: {
    sessionId: number;
    userId: number;
    locationId: number | null;
  }): Promise<void> {
    await transaction(db, async (client) => {
      await exec(client, 'UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [
        session.sessionId,
      ]);
      await audit(client, session, { entity: 'user', entityId: session.userId, action: 'logout' });
    });
  }

  /** Moves the session to another location the user may work in. */
  async function selectLocation(session: AuthenticatedSession, locationId: number): Promise<Permission[]> {
    const permissions = await permissionsAt(session.userId, locationId);
    if (permissions === null) throw new AppError('locationForbidden');
    await exec(db.pool, 'UPDATE sessions SET location_id = $1 WHERE id = $2', [
      locationId,
      session.sessionId,
    ]);
    return permissions;
  }

  return {
    login,
    logout,
    authenticate,
    permissionsAt,
    locationsOf,
    selectLocation,
    verifyCredentials,
    startSession,
    findUser,
    assertActive,
  };
}
