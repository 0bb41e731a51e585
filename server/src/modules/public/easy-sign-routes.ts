import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import { KIOSK_PHONE_MIN_DIGITS } from '@nine/shared/schemas/kiosk';
import { easySignLookup, normaliseOrderNumber } from '@nine/shared/schemas/tours/public';
import { exec, maybeOne } from '../../db/sql.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { ENDED_STATUSES, refuseNul } from '../tours/participant-service.ts';
import { newAccessToken } from './order-access-token.ts';
import { ipOf } from './participant-routes.ts';
import type { PublicDeps } from './register-public.ts';

/** An easy-sign token opens the participant page for half an hour. */
const EASY_SIGN_MINUTES = 30;
/** Hits per minute: per address, per order number (from anywhere), and per address and number together. */
const PER_IP = 20;
const PER_NUMBER = 10;
const PER_IP_AND_NUMBER = 5;

/**
 * Easy-sign (issue #20): whoever holds an order's number and the phone or e-mail on it gets a 30-minute token
 * for the order's participant page, to add riders and sign. Tour reservations (while tours are on) and rent
 * orders that are not closed or cancelled; phones compare by digits, with or without the country code, e-mails
 * case-insensitively. Any miss is the same 404, and the lookups are rate limited so numbers cannot be walked.
 */
export function registerEasySignRoutes(app: FastifyInstance, deps: PublicDeps): void {
  const { db, rateLimit, now } = deps;

  app.post('/api/nine/public/easy-sign/lookup', { config: { access: 'public' } }, async (request) => {
    const ip = ipOf(request);
    const raw = (request.body ?? {}) as { order_number?: unknown };
    // Counted by the number as the lookup reads it: "#0123" and "123" share one budget.
    const number =
      typeof raw.order_number === 'string' ? normaliseOrderNumber(raw.order_number.slice(0, 40)) : '';
    await rateLimit.hit([
      { key: `easy:ip:${ip}`, limit: PER_IP },
      { key: `easy:number:${number}`, limit: PER_NUMBER },
      { key: `easy:ip+number:${ip}:${number}`, limit: PER_IP_AND_NUMBER },
    ]);
    refuseNul(request.body);
    const input = parse(easySignLookup, request.body);
    const email = input.contact.includes('@') ? input.contact.toLowerCase() : null;
    const digits = email === null ? input.contact.replace(/\D/g, '') : null;
    const valid =
      /^\d{1,18}$/.test(input.order_number) && (email !== null || digits!.length >= KIOSK_PHONE_MIN_DIGITS);
    if (!valid) throw new AppError('notFound');
    const data = await transaction(db, async (client) => {
      const order = await maybeOne<{ id: number }>(
        client,
        `SELECT o.id FROM orders o JOIN customers c ON c.id = o.customer_id CROSS JOIN business_info b
         WHERE o.number = $1::bigint AND o.type IN ('tour', 'rent') AND NOT (o.status::text = ANY($2::text[]))
           AND (o.type = 'rent' OR b.tour_is_enabled) AND NOT c.is_anonymous
           AND (lower(c.email) = $3 OR EXISTS (
             SELECT 1 FROM (SELECT regexp_replace(c.phone, '\\D', '', 'g') AS d) p
             WHERE length(p.d) >= $5 AND (right(p.d, length($4)) = $4 OR right($4, length(p.d)) = p.d)))`,
        [input.order_number, ENDED_STATUSES, email, digits, KIOSK_PHONE_MIN_DIGITS],
      );
      if (!order) throw new AppError('notFound');
      const { token, hash } = newAccessToken();
      const expiresAt = new Date(now().getTime() + EASY_SIGN_MINUTES * 60_000);
      await exec(
        client,
        `INSERT INTO order_access_tokens (token_hash, order_id, purpose, expires_at) VALUES ($1, $2, 'easy_sign', $3)`,
        [hash, order.id, expiresAt],
      );
      return { token, expires_at: expiresAt.toISOString() };
    });
    return { data };
  });
}
