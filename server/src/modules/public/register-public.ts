import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/pool.ts';
import type { PublicRateLimit } from '../../lib/public-rate-limit.ts';
import type { Translate } from '../../lib/translator.ts';
import { registerPublicParticipantRoutes } from './participant-routes.ts';
import { registerEasySignRoutes } from './easy-sign-routes.ts';
import { registerLandingRoutes } from './landing-routes.ts';
import type { OnlinePayments } from '../online-payments/online-payment-service.ts';
import { registerPaymentIntentRoutes } from '../online-payments/intent-routes.ts';
import { registerPaymentWebhookRoutes } from '../online-payments/webhook-routes.ts';
import { registerTestPaymentRoutes } from '../online-payments/test-payment-routes.ts';

export interface PublicDeps {
  db: Db;
  rateLimit: PublicRateLimit;
  now: () => Date;
  /** Online payment through the configured provider (Stripe or the test provider). */
  payments: OnlinePayments;
  /** The consent sentence a waiver records, in the signer's language. */
  translate?: Translate;
}

/**
 * The pages a customer opens without signing in (issue #20): the landing page, the participant page behind a
 * share link, easy-sign. Every route here is `access: 'public'`, rate limited per IP and per token or code, and
 * answers an unknown, expired or revoked token exactly as it answers a malformed one.
 */
export function registerPublic(app: FastifyInstance, deps: PublicDeps): void {
  void app;
  void deps;
  registerPaymentIntentRoutes(app, deps);
  registerPaymentWebhookRoutes(app, deps);
  registerTestPaymentRoutes(app, deps);
  registerPublicParticipantRoutes(app, deps);
  registerEasySignRoutes(app, deps);
  registerLandingRoutes(app, deps);
}
