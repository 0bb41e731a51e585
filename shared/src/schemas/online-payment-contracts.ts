import { z } from 'zod';
import {
  onlinePaymentIntent,
  onlinePaymentIntentCreate,
  onlinePaymentState,
  participantTokenPath,
  paymentProviderPath,
  testPaymentConfirm,
  testPaymentRefPath,
  testPaymentResult,
  webhookReceived,
} from './online-payments.ts';

/** Online payment (issue #20): payment intents on the participant page and the provider webhook; spread into contracts.ts. */
export const onlinePaymentContracts = {
  'GET /api/nine/public/participant/:token/payment': {
    params: participantTokenPath,
    response: { 200: onlinePaymentState },
  },
  'POST /api/nine/public/participant/:token/payment-intent': {
    params: participantTokenPath,
    body: onlinePaymentIntentCreate,
    response: { 200: onlinePaymentIntent },
  },
  'POST /api/nine/public/test-payments/:ref/confirm': {
    summary: 'Test mode only: pay a test intent with a test card number.',
    params: testPaymentRefPath,
    body: testPaymentConfirm,
    response: { 200: testPaymentResult },
  },
  'POST /api/nine/payments/webhook/:provider': {
    summary: "The provider's signed event (raw JSON body, verified with the provider's signature header).",
    params: paymentProviderPath,
    body: z.record(z.string(), z.unknown()),
    response: { 200: webhookReceived },
  },
} as const;
