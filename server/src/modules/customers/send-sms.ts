import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import { renderSmsTemplate, sendSmsInput } from '@nine/shared/schemas/customers';
import type { Db } from '../../db/pool.ts';
import { one } from '../../db/sql.ts';
import { idempotentTransaction } from '../../lib/idempotency.ts';
import type { SmsTransport } from '../../lib/sms.ts';
import { parse } from '../../lib/validate.ts';
import { lockCustomer, type CustomerMessage } from './customer-queries.ts';
import { audit } from '../../lib/audit.ts';
import { idParams } from '../../lib/id-param.ts';

/**
 * POST /customers/:id/sms: fills the template's placeholders, delivers through the transport and
 * records the message as sent or failed. An Idempotency-Key makes a retried request send nothing twice.
 */
export function registerSendSms(app: FastifyInstance, deps: { db: Db; sms: SmsTransport }): void {
  app.post(
    '/api/nine/customers/:id/sms',
    { config: { access: { resource: 'customer', action: 'change' } } },
    async (request, reply) => {
      const { id } = parse(idParams, request.params);
      const input = parse(sendSmsInput, request.body);
      const { text } = input;
      const result = await idempotentTransaction(
        deps.db,
        request,
        { input },
        async (client, { userId, locationId }) => {
          const customer = await lockCustomer(client, id);
          if (!customer.phone) throw new AppError('customerNoPhone');
          const body = renderSmsTemplate(text, customer);
          let error: string | null = null;
          try {
            await deps.sms.send({ to: customer.phone, text: body });
          } catch (err) {
            error = err instanceof Error ? err.message.slice(0, 500) : 'delivery failed';
            request.log.warn({ err }, 'SMS delivery failed');
          }
          const message = await one<CustomerMessage>(
            client,
            `INSERT INTO customer_messages (customer_id, channel, recipient, body, status, error, location_id, sent_by)
             VALUES ($1, 'sms', $2, $3, $4, $5, $6, $7)
             RETURNING id, channel, recipient, body, status, (SELECT name FROM users WHERE id = $7) AS sent_by_name, created_at`,
            [id, customer.phone, body, error ? 'failed' : 'sent', error, locationId, userId],
          );
          await audit(
            client,
            { userId, locationId },
            {
              entity: 'customer',
              entityId: id,
              action: error ? 'sms_failed' : 'sms_sent',
              data: { message_id: message.id },
            },
          );
          // A failure is kept in the history (committed), then reported: 502, nothing to retry blindly.
          return { status: error ? 502 : 201, body: message };
        },
      );
      if (result.status === 502) throw new AppError('smsDeliveryFailed', { data: result.body });
      return reply.code(201).send({ data: result.body });
    },
  );
}
