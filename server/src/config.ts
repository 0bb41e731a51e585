import type { ResponseContractMode } from './plugins/response-contracts.ts';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_DB_LIMITS, type DbLimits } from './db/pool.ts';
import type { SsoProviderConfig } from './modules/auth/sso-service.ts';
import type { StripeKeys } from './modules/online-payments/stripe-provider.ts';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

export interface Config {
  port: number;
  host: string;
  /** Where the embedded database keeps its files when DATABASE_URL is unset. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** The built web app served under /nine. */
  webDist: string;
  localesDir: string;
  /**
   * The loopback port of the counter agent started beside this server (`pnpm start` passes AGENT_PORT to
   * both); announced to the web app. Null when unset or 0 (any free port: unknown here).
   */
  agentPort: number | null;
  /** Seed demo data on the first start of an empty embedded database. */
  seedDemo: boolean;
  sessionTtlSeconds: number;
  logLevel: string;
  appVersion: string;
  /** How people reach this server; reset links and SSO redirects are built from it. */
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Mail goes here as .eml files when no SMTP server is configured. */
  outboxDir: string;
  /** SMS gateway (JSON POST of { to, text }); without it, messages go to the SMS outbox folder. */
  smsGatewayUrl: string | undefined;
  /** SMS outbox folder; unset: `sms` inside the mail outbox. */
  smsOutboxDir: string | undefined;
  /** Finished exports of the download center. */
  exportsDir: string;
  /** OpenID Connect providers for single sign-on, from SSO_PROVIDERS (a JSON array). */
  ssoProviders: SsoProviderConfig[];
  /** Pool size and the timeouts that turn a stuck request into a "busy" answer instead of a frozen server. */
  dbLimits: DbLimits;
  /** What a response that breaks its route's response schema does (RESPONSE_CONTRACTS; tests enforce). */
  responseContracts: ResponseContractMode;
  /** Online payment through Stripe (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY); unset: the test provider. */
  stripe: StripeKeys | undefined;
  /**
   * Which peers' X-Forwarded-For Fastify believes (TRUST_PROXY): the client address per-IP rate limits and
   * waivers record. Default 'loopback': a reverse proxy on the same machine works, a remote client cannot spoof.
   */
  trustProxy: TrustProxy;
}

/** Fastify's trustProxy: believe all (true), none (false), that many hops, or these addresses, CIDRs or names. */
export type TrustProxy = boolean | number | string[];

/** TRUST_PROXY: 'true', 'false', a hop count, or comma-separated addresses, CIDRs or proxy-addr names. */
export function trustProxyFrom(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim();
  if (v === '') return ['loopback'];
  if (v === 'true') return true;
  if (v === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list)
    if (!/^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)$/.test(entry))
      throw new Error(`TRUST_PROXY must be true, false, a hop count or addresses/CIDRs, got "${entry}"`);
  return list;
}

function stripeFrom(env: NodeJS.ProcessEnv): StripeKeys | undefined {
  const secretKey = env.STRIPE_SECRET_KEY || undefined;
  if (!secretKey) return undefined;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET;
  const publishableKey = env.STRIPE_PUBLISHABLE_KEY;
  // Half a configuration would take payments whose webhook can never be verified.
  if (!webhookSecret || !publishableKey)
    throw new Error('STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY');
  return { secretKey, webhookSecret, publishableKey };
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intFrom(env.PORT, 3000, 'PORT');
  const dataDir = resolve(env.DATA_DIR ?? resolve(repoRoot, '.data'));
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    webDist: resolve(env.WEB_DIST ?? resolve(repoRoot, 'web/dist')),
    localesDir: resolve(repoRoot, 'locales'),
    agentPort: agentPortFrom(env.AGENT_PORT),
    seedDemo: env.SEED_DEMO !== '0',
    sessionTtlSeconds: intFrom(env.SESSION_TTL_SECONDS, 12 * 3600, 'SESSION_TTL_SECONDS'),
    logLevel: env.LOG_LEVEL ?? 'info',
    appVersion: env.APP_VERSION ?? '0.1.0',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Nine <no-reply@nine.test>',
    outboxDir: resolve(env.MAIL_OUTBOX_DIR ?? resolve(dataDir, 'outbox')),
    smsGatewayUrl: env.SMS_GATEWAY_URL || undefined,
    smsOutboxDir: env.SMS_OUTBOX_DIR ? resolve(env.SMS_OUTBOX_DIR) : undefined,
    exportsDir: resolve(env.EXPORTS_DIR ?? resolve(dataDir, 'exports')),
    ssoProviders: parseSsoProviders(env.SSO_PROVIDERS),
    responseContracts: env.RESPONSE_CONTRACTS === 'enforce' ? 'enforce' : 'log',
    stripe: stripeFrom(env),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    dbLimits: {
      max: intFrom(env.DB_POOL_MAX, DEFAULT_DB_LIMITS.max, 'DB_POOL_MAX'),
      acquireTimeoutMs: intFrom(
        env.DB_ACQUIRE_TIMEOUT_MS,
        DEFAULT_DB_LIMITS.acquireTimeoutMs,
        'DB_ACQUIRE_TIMEOUT_MS',
      ),
      lockTimeoutMs: intFrom(env.DB_LOCK_TIMEOUT_MS, DEFAULT_DB_LIMITS.lockTimeoutMs, 'DB_LOCK_TIMEOUT_MS'),
      statementTimeoutMs: intFrom(
        env.DB_STATEMENT_TIMEOUT_MS,
        DEFAULT_DB_LIMITS.statementTimeoutMs,
        'DB_STATEMENT_TIMEOUT_MS',
      ),
      idleInTransactionTimeoutMs: DEFAULT_DB_LIMITS.idleInTransactionTimeoutMs,
    },
  };
}

function agentPortFrom(value: string | undefined): number | null {
  const port = intFrom(value, 0, 'AGENT_PORT');
  if (port > 65535) throw new Error(`AGENT_PORT must be a port number (0-65535), got "${value}"`);
  return port === 0 ? null : port;
}

export const paths = { repoRoot, migrations: resolve(repoRoot, 'server/migrations') };

function parseSsoProviders(value: string | undefined): SsoProviderConfig[] {
  if (!value) return [];
  const parsed: unknown = JSON.parse(value);
  if (!Array.isArray(parsed))
    throw new Error(
      'SSO_PROVIDERS must be a JSON array of { name, issuer, client_id, client_secret?, email_domains? }',
    );
  for (const p of parsed as SsoProviderConfig[]) {
    if (!p?.name || !p.issuer || !p.client_id)
      throw new Error('each SSO_PROVIDERS entry needs name, issuer and client_id');
  }
  return parsed as SsoProviderConfig[];
}
