import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { AppError } from '@nine/shared/errors';
import type { LoginResponse, SsoCheckResponse } from '@nine/shared/schemas/auth';
import type { Db } from '../../db/pool.ts';
import { exec, maybeOne, one, rows } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import type { AuthService, SessionMeta } from './auth-service.ts';
import { hashToken } from './tokens.ts';

const ATTEMPT_TTL_MINUTES = 10;
export const SSO_CALLBACK_PATH = '/api/nine/user/sso/callback';
export const SSO_SIGN_IN_PATH = '/nine/auth/sso/sign-in';

type ProviderRow = Pick<
  Tables['sso_providers'],
  'name' | 'issuer' | 'client_id' | 'client_secret' | 'email_domains'
>;

export interface SsoProviderConfig {
  name: string;
  issuer: string;
  client_id: string;
  client_secret?: string | null;
  email_domains?: string[];
}

export interface SsoServiceDeps {
  db: Db;
  auth: AuthService;
  publicUrl: string;
  now: () => Date;
  log: (msg: string, err?: unknown) => void;
}

export type SsoService = ReturnType<typeof createSsoService>;

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || hostname.startsWith('127.');
}

/**
 * Single sign-on through OpenID Connect: authorization code flow with PKCE, state and nonce kept in
 * the database (so any server instance can finish the flow), then a one-time code that the web app's
 * sign-in screen trades for a normal session.
 */
export function createSsoService({ db, auth, publicUrl, now, log }: SsoServiceDeps) {
  const configs = new Map<string, Promise<oidc.Configuration>>();
  const redirectUri = `${publicUrl}${SSO_CALLBACK_PATH}`;

  async function provider(name: string): Promise<ProviderRow | undefined> {
    return maybeOne<ProviderRow>(
      db.pool,
      'SELECT name, issuer, client_id, client_secret, email_domains FROM sso_providers WHERE name = $1 AND enabled',
      [name],
    );
  }

  function configuration(p: ProviderRow): Promise<oidc.Configuration> {
    const key = `${p.name}|${p.issuer}|${p.client_id}`;
    let config = configs.get(key);
    if (!config) {
      const issuer = new URL(p.issuer);
      // Plain http only for an identity provider on this machine (development, tests).
      const insecure = issuer.protocol === 'http:' && isLoopback(issuer.hostname);
      config = oidc.discovery(issuer, p.client_id, p.client_secret ?? undefined, undefined, {
        execute: insecure ? [oidc.allowInsecureRequests] : [],
      });
      config.catch(() => configs.delete(key));
      configs.set(key, config);
    }
    return config;
  }

  async function check(email: string | undefined): Promise<SsoCheckResponse> {
    const providers = await rows<Pick<Tables['sso_providers'], 'name' | 'email_domains'>>(
      db.pool,
      'SELECT name, email_domains FROM sso_providers WHERE enabled ORDER BY name',
    );
    if (!email)
      return { sso_enabled: providers.length > 0, required: false, provider: providers[0]?.name ?? null };
    const user = await auth.findUser(email);
    const domain = email.split('@')[1] ?? '';
    const byUser = user?.sso_provider ? providers.find((r) => r.name === user.sso_provider) : undefined;
    const byDomain = providers.find((r) => r.email_domains.includes(domain));
    const chosen = byUser ?? byDomain;
    return {
      sso_enabled: !!chosen,
      required: !!chosen && !!user?.only_login_by_sso,
      provider: chosen?.name ?? null,
    };
  }

  async function begin(input: {
    provider: string;
    email?: string | undefined;
    location_id?: number | undefined;
  }): Promise<{ authorization_url: string }> {
    const p = await provider(input.provider);
    if (!p) throw new AppError('ssoFailed', { data: { reason: 'unknown_provider' } });
    let config: oidc.Configuration;
    try {
      config = await configuration(p);
    } catch (err) {
      log(`sso discovery failed for ${p.name}`, err);
      throw new AppError('ssoFailed', { data: { reason: 'provider_unreachable' } });
    }
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const verifier = oidc.randomPKCECodeVerifier();
    await exec(
      db.pool,
      `INSERT INTO sso_attempts (state, provider, code_verifier, nonce, email_hint, location_id, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        state,
        p.name,
        verifier,
        nonce,
        input.email ?? null,
        input.location_id ?? null,
        now(),
        new Date(now().getTime() + ATTEMPT_TTL_MINUTES * 60_000),
      ],
    );
    const params: Record<string, string> = {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    };
    if (input.email) params.login_hint = input.email;
    return { authorization_url: oidc.buildAuthorizationUrl(config, params).href };
  }

  /** Handles the provider's redirect; answers where to send the browser next. */
  async function callback(currentUrl: URL): Promise<string> {
    const fail = (reason: string, err?: unknown) => {
      log(`sso callback refused: ${reason}`, err);
      return `${SSO_SIGN_IN_PATH}?error=${encodeURIComponent(reason)}`;
    };
    const state = currentUrl.searchParams.get('state');
    if (!state) return fail('missing_state');
    const attempt = await maybeOne<Pick<Tables['sso_attempts'], 'provider' | 'code_verifier' | 'nonce'>>(
      db.pool,
      `SELECT provider, code_verifier, nonce FROM sso_attempts WHERE state = $1 AND completed_at IS NULL AND login_code_hash IS NULL AND expires_at > $2`,
      [state, now()],
    );
    if (!attempt) return fail('unknown_or_expired_state');
    if (currentUrl.searchParams.has('error'))
      return fail(`provider_error:${currentUrl.searchParams.get('error')}`);
    const p = await provider(attempt.provider);
    if (!p) return fail('provider_disabled');

    let email: string | undefined;
    try {
      const config = await configuration(p);
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: attempt.code_verifier,
        expectedState: state,
        expectedNonce: attempt.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims()!;
      // Many providers put the e-mail only in userinfo; ask there when the ID token lacks it.
      const claims: Record<string, unknown> =
        typeof idClaims.email === 'string'
          ? { ...idClaims }
          : await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      if (claims.email_verified === false) return fail('email_not_verified');
      email = typeof claims.email === 'string' ? claims.email.toLowerCase() : undefined;
    } catch (err) {
      return fail('token_exchange_failed', err);
    }
    if (!email) return fail('no_email_claim');
    const user = await auth.findUser(email);
    if (!user || user.status !== 'active' || (user.sso_provider && user.sso_provider !== p.name))
      return fail('no_matching_user');

    const code = randomBytes(32).toString('base64url');
    const claimed = await exec(
      db.pool,
      `UPDATE sso_attempts SET login_code_hash = $1, user_id = $2 WHERE state = $3 AND login_code_hash IS NULL`,
      [hashToken(code), user.id, state],
    );
    if (claimed !== 1) return fail('state_already_used');
    return `${SSO_SIGN_IN_PATH}?code=${encodeURIComponent(code)}`;
  }

  /** Trades the one-time code for a session; a code works once, within the attempt's lifetime. */
  async function complete(code: string, meta: SessionMeta): Promise<LoginResponse> {
    // user_id is set with login_code_hash, so a claimed attempt always names its user.
    const attempt = await maybeOne<{ user_id: number } & Pick<Tables['sso_attempts'], 'location_id'>>(
      db.pool,
      `UPDATE sso_attempts SET completed_at = $2 WHERE login_code_hash = $1 AND completed_at IS NULL AND expires_at > $2
       RETURNING user_id, location_id`,
      [hashToken(code), now()],
    );
    if (!attempt) throw new AppError('ssoFailed', { data: { reason: 'invalid_code' } });
    const { email } = await one<{ email: string }>(db.pool, 'SELECT email::text FROM users WHERE id = $1', [
      attempt.user_id,
    ]);
    const user = await auth.findUser(email);
    if (!user) throw new AppError('ssoFailed', { data: { reason: 'invalid_code' } });
    auth.assertActive(user);
    return auth.startSession(user, attempt.location_id ?? undefined, meta, 'sso');
  }

  return { check, begin, callback, complete };
}

/** Providers from configuration (SSO_PROVIDERS) are upserted at start-up. */
export async function upsertSsoProviders(db: Db, providers: SsoProviderConfig[]): Promise<void> {
  for (const p of providers) {
    await exec(
      db.pool,
      `INSERT INTO sso_providers (name, issuer, client_id, client_secret, email_domains, enabled) VALUES ($1, $2, $3, $4, $5, true)
       ON CONFLICT (name) DO UPDATE SET issuer = EXCLUDED.issuer, client_id = EXCLUDED.client_id,
         client_secret = EXCLUDED.client_secret, email_domains = EXCLUDED.email_domains, enabled = true`,
      [p.name, p.issuer, p.client_id, p.client_secret ?? null, p.email_domains ?? []],
    );
  }
}
