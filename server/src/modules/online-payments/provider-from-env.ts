import type { PaymentProvider } from './payment-provider.ts';
import { createStripeProvider, type ProviderLog, type StripeKeys } from './stripe-provider.ts';
import { createTestProvider } from './test-provider.ts';

/**
 * Stripe when its keys are configured (STRIPE_SECRET_KEY…), else the built-in test provider. The test provider in
 * production takes no money yet marks orders paid, so start-up says so loudly (and its payments' references
 * start with "TEST MODE").
 */
export function providerFromConfig(
  stripe: StripeKeys | undefined,
  log: ProviderLog,
  production = process.env.NODE_ENV === 'production',
): PaymentProvider {
  if (stripe) return createStripeProvider(stripe, log);
  if (production)
    log.warn(
      { payment_provider: 'test' },
      'TEST MODE payments: no STRIPE_SECRET_KEY is configured, so online payments use the built-in test provider. Nothing is charged, yet orders are marked paid. Configure Stripe before taking real bookings.',
    );
  return createTestProvider();
}
