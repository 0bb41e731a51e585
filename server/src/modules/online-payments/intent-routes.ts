import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@nine/shared/errors';
import { onlinePaymentIntentCreate, participantTokenPath } from '@nine/shared/schemas/online-payments';
import { idempotencyKeyOf } from '../../lib/idempotency.ts';
import { parse } from '../../lib/validate.ts';
import type { PublicDeps } from '../public/register-public.ts';
import { hitTokenBuckets, resolveAccessToken, type OrderAccess } from '../public/order-access-token.ts';
import type { OnlinePayments } from './online-payment-service.ts';

/**
 * Hits per minute, in buckets of their own (`<purpose>:ip:…`, `<purpose>:token:…`): the limiter keeps one counter
 * per bucket name, so sharing `ip:`/`token:` with the participant routes would make a family that added and
 * signed six people get 429 when paying. Sized for a family of six adding, signing and paying within a minute
 * behind one address, while the page polls every 5 s during a payment.
 */
const LIMITS = {
  read: { purpose: 'pay-read', ip: 120, token: 60 },
  start: { purpose: 'pay-start', ip: 30, token: 20 },
};

/** Counts the hit per IP and per token (any string: a malformed guess counts too), then opens the order or 404s. */
async function openOrder(
  deps: PublicDeps,
  request: FastifyRequest,
  limits: { purpose: string; ip: number; token: number },
): Promise<OrderAccess> {
  await hitTokenBuckets(deps.rateLimit, request, limits.purpose, limits);
  // A token too long to be one is a miss like any other (404, not 400).
  if (String((request.params as { token?: unknown }).token ?? '').length > 100)
    throw new AppError('notFound');
  const { token } = parse(participantTokenPath, request.params);
  const access = await resolveAccessToken(deps.db.pool, token, deps.now());
  // A closed or cancelled order is gone from the public pages, as the participant page answers.
  if (!access || !(await deps.payments.isLive(access))) throw new AppError('notFound');
  return access;
}

/** The participant page's payment: the balance and the provider, and starting a payment of it. */
export function registerPaymentIntentRoutes(
  app: FastifyInstance,
  deps: PublicDeps & { payments: OnlinePayments },
): void {
  app.get(
    '/api/nine/public/participant/:token/payment',
    { config: { access: 'public' } },
    async (request) => {
      const access = await openOrder(deps, request, LIMITS.read);
      return { data: await deps.payments.state(access) };
    },
  );

  app.post(
    '/api/nine/public/participant/:token/payment-intent',
    { config: { access: 'public' } },
    async (request) => {
      const key = idempotencyKeyOf(request.headers);
      const access = await openOrder(deps, request, LIMITS.start);
      const input = parse(onlinePaymentIntentCreate, request.body ?? {});
      return { data: await deps.payments.createIntent(access, input, key) };
    },
  );
}
