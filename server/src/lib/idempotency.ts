import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { z } from 'zod';
import { AppError } from '@nine/shared/errors';
import type { Db } from '../db/pool.ts';
import { exec, maybeOne } from '../db/sql.ts';
import type { Tables } from '../db/tables.ts';
import { actorOf, type Actor } from './actor.ts';
import { transaction } from './transaction.ts';
import { parse } from './validate.ts';
import type { Access } from '../plugins/access.ts';

export interface IdempotentResult<T> {
  status: number;
  body: T;
  replayed: boolean;
}

/**
 * Runs `work` in one transaction (lib/transaction.ts). With an Idempotency-Key, the key is claimed in that
 * same transaction: a concurrent retry blocks on the key's row until the first commits, then replays its
 * stored answer, so a retry never creates a second order, invoice or payment. A refused request (4xx)
 * rolls back and stores nothing, so the same key may be retried once the cause is fixed.
 */
async function claimedTransaction<T>(
  db: Db,
  idempotency: { userId: number; key: string; fingerprint: unknown },
  work: (client: pg.PoolClient) => Promise<{ status: number; body: T }>,
): Promise<IdempotentResult<T>> {
  const { userId, key } = idempotency;
  const hash = createHash('sha256').update(JSON.stringify(idempotency.fingerprint)).digest();
  return transaction(db, async (client) => {
    const claimed = await exec(
      client,
      'INSERT INTO idempotency_keys (user_id, key, request_hash) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      [userId, key, hash],
    );
    if (claimed === 0) {
      // The insert waited for the claiming transaction to end: this later statement sees what it stored.
      const stored = await maybeOne<
        Pick<Tables['idempotency_keys'], 'request_hash' | 'response_status'> & { response_body: T }
      >(
        client,
        'SELECT request_hash, response_status, response_body FROM idempotency_keys WHERE user_id = $1 AND key = $2',
        [userId, key],
      );
      if (!stored || stored.response_status === null) throw new AppError('idempotencyInFlight');
      if (!stored.request_hash.equals(hash)) throw new AppError('idempotencyKeyReused');
      return { status: stored.response_status, body: stored.response_body, replayed: true };
    }
    const result = await work(client);
    await exec(
      client,
      'UPDATE idempotency_keys SET response_status = $3, response_body = $4 WHERE user_id = $1 AND key = $2',
      [userId, key, result.status, JSON.stringify(result.body)],
    );
    return { ...result, replayed: false };
  });
}

export interface FingerprintOptions {
  /** The parsed body. */
  input?: object;
  /** Fields of `input` that do not make another request (an approver's access key). */
  omit?: readonly string[];
}

/**
 * `work` in one transaction, idempotent by the request's `Idempotency-Key` header: a retry replays the
 * stored answer, and the same key with another request is refused (1020). The request's fingerprint is
 * derived, never written by hand: route, path parameters, location and the parsed `input` less `omit`.
 */
export async function idempotentTransaction<T>(
  db: Db,
  request: FastifyRequest,
  options: FingerprintOptions,
  work: (client: pg.PoolClient, actor: Actor) => Promise<{ status: number; body: T }>,
): Promise<IdempotentResult<T>> {
  const actor = actorOf(request);
  const key = idempotencyKeyOf(request.headers);
  const run = (client: pg.PoolClient) => work(client, actor);
  if (!key) return { ...(await transaction(db, run)), replayed: false };
  const input = Object.fromEntries(
    Object.entries(options.input ?? {}).filter(([name]) => !options.omit?.includes(name)),
  );
  const fingerprint = [request.method, request.routeOptions.url, request.params, actor.locationId, input];
  return claimedTransaction(db, { userId: actor.userId, key, fingerprint }, run);
}

/**
 * An idempotent POST (creating an order, invoice, payment, refund, deposit movement…): what `work` returns
 * is answered as `{ data }` with `status` (201 unless said), and a replay carries `idempotent-replayed`.
 * `app.post(url, opts, (request, reply) => idempotentPost(db, request, reply, { input }, work))`.
 */
export async function idempotentPost<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  options: FingerprintOptions & { status?: number },
  work: (client: pg.PoolClient, actor: Actor) => Promise<T>,
): Promise<FastifyReply> {
  const status = options.status ?? 201;
  const result = await idempotentTransaction(db, request, options, async (client, actor) => ({
    status,
    body: { data: await work(client, actor) },
  }));
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(result.status).send(result.body);
}

export interface IdempotentRoute<P, B> {
  url: string;
  access: Access;
  /** Path parameters (`idParams`, `bigIdParams`), parsed before the body. */
  params?: z.ZodType<P>;
  /** The body; it is the fingerprint's `input`. */
  body?: z.ZodType<B>;
  omit?: FingerprintOptions['omit'];
  status?: number;
}

/**
 * Registers an idempotent POST: parses the path and the body, then answers what `work` returns through
 * `idempotentPost`, so a create route is its URL, access, schemas and the work itself.
 */
export function idempotentRoute<T, P = Record<string, never>, B = undefined>(
  app: FastifyInstance,
  db: Db,
  route: IdempotentRoute<P, B>,
  work: (client: pg.PoolClient, actor: Actor, input: B, params: P) => Promise<T>,
): void {
  app.post(route.url, { config: { access: route.access } }, async (request, reply) => {
    const params = (route.params ? parse(route.params, request.params) : {}) as P;
    const input = (route.body ? parse(route.body, request.body) : undefined) as B;
    const options: FingerprintOptions & { status?: number } = { input: input as object | undefined };
    if (route.omit) options.omit = route.omit;
    if (route.status) options.status = route.status;
    return idempotentPost(db, request, reply, options, (client, actor) => work(client, actor, input, params));
  });
}

export const idempotencyKeySchemaMax = 200;

/** The Idempotency-Key header, validated: printable, at most 200 characters. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (
    typeof value !== 'string' ||
    value.length === 0 ||
    value.length > idempotencyKeySchemaMax ||
    !/^[\x21-\x7e]+$/.test(value)
  ) {
    throw new AppError('validation', { data: { header: 'Idempotency-Key' } });
  }
  return value;
}
