import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import { paymentProviderPath } from '@nine/shared/schemas/online-payments';
import { parse } from '../../lib/validate.ts';
import type { OnlinePayments } from './online-payment-service.ts';

/**
 * The provider's webhook. Its signature covers the exact bytes sent, so this route alone keeps JSON bodies raw:
 * the parser is registered in its own plugin scope and every other route still gets parsed JSON.
 */
export function registerPaymentWebhookRoutes(app: FastifyInstance, deps: { payments: OnlinePayments }): void {
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    scope.post('/api/nine/payments/webhook/:provider', { config: { access: 'public' } }, async (request) => {
      const { provider } = parse(paymentProviderPath, request.params);
      if (!Buffer.isBuffer(request.body)) throw new AppError('webhookSignatureInvalid');
      await deps.payments.handleWebhook(provider, request.body, request.headers);
      return { data: { received: true as const } };
    });
  });
}
