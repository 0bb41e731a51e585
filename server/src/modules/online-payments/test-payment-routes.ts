import type { FastifyInstance } from 'fastify';
import { testPaymentConfirm, testPaymentRefPath } from '@nine/shared/schemas/online-payments';
import { parse } from '../../lib/validate.ts';
import type { PublicDeps } from '../public/register-public.ts';
import type { OnlinePayments } from './online-payment-service.ts';
import { isTestProvider } from './test-provider.ts';

/**
 * The test provider's "card form" (only while no Stripe key is configured): pays or declines a test intent as
 * Stripe would, through the same webhook handler. Nothing real is charged.
 */
export function registerTestPaymentRoutes(
  app: FastifyInstance,
  deps: PublicDeps & { payments: OnlinePayments },
): void {
  const test = deps.payments.provider;
  if (!isTestProvider(test)) return;
  app.post(
    '/api/nine/public/test-payments/:ref/confirm',
    { config: { access: 'public' } },
    async (request) => {
      const { ref } = parse(testPaymentRefPath, request.params);
      // Buckets of this purpose only (see intent-routes.ts): a family paying must not count against signing.
      await deps.rateLimit.hit([
        { key: `test-confirm:ip:${request.ip || 'unknown'}`, limit: 30 },
        { key: `test-confirm:intent:${ref}`, limit: 10 },
      ]);
      const input = parse(testPaymentConfirm, request.body);
      return { data: await deps.payments.confirmTestPayment(test, ref, input) };
    },
  );
}
