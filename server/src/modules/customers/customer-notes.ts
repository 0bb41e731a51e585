import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '@nine/shared/errors';
import { customerNoteInput, participantInput } from '@nine/shared/schemas/customers';
import type { Db } from '../../db/pool.ts';
import { maybeOne, one } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { lockCustomer } from './customer-queries.ts';
import { actorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { idParam, idParams } from '../../lib/id-param.ts';

const participantParams = z.object({ id: idParam(), participantId: idParam('bigint') });

/** Dated notes and participants of a customer; each write is audited in its transaction. */
export function registerCustomerNotes(app: FastifyInstance, deps: { db: Db }): void {
  const change = { config: { access: { resource: 'customer', action: 'change' } } } as const;

  app.post('/api/nine/customers/:id/notes', change, async (request, reply) => {
    const { id } = parse(idParams, request.params);
    const { body } = parse(customerNoteInput, request.body);
    const { userId, locationId } = actorOf(request);
    const result = await transaction(deps.db, async (client) => {
      await lockCustomer(client, id);
      const note = await one<
        Pick<Tables['customer_notes'], 'id' | 'body' | 'created_at'> & { created_by_name: string | null }
      >(
        client,
        `INSERT INTO customer_notes (customer_id, body, created_by) VALUES ($1, $2, $3)
         RETURNING id, body, (SELECT name FROM users WHERE id = $3) AS created_by_name, created_at`,
        [id, body, userId],
      );
      await audit(
        client,
        { userId, locationId },
        { entity: 'customer', entityId: id, action: 'note_added', data: { body } },
      );
      return { status: 201, body: note };
    });
    return reply.code(201).send({ data: result.body });
  });

  app.post('/api/nine/customers/:id/participants', change, async (request, reply) => {
    const { id } = parse(idParams, request.params);
    const input = parse(participantInput, request.body);
    const { userId, locationId } = actorOf(request);
    const result = await transaction(deps.db, async (client) => {
      await lockCustomer(client, id);
      // birth_date as text: the day as entered, not a Date at midnight somewhere.
      const participant = await one<
        Pick<Tables['customer_participants'], 'id' | 'name' | 'email' | 'phone' | 'created_at'> & {
          birth_date: string | null;
        }
      >(
        client,
        `INSERT INTO customer_participants (customer_id, name, email, phone, birth_date) VALUES ($1, $2, $3, $4, $5)
         RETURNING id, name, email::text, phone, birth_date::text, created_at`,
        [id, input.name, input.email ?? null, input.phone ?? null, input.birth_date ?? null],
      );
      await audit(
        client,
        { userId, locationId },
        { entity: 'customer', entityId: id, action: 'participant_added', data: input },
      );
      return { status: 201, body: participant };
    });
    return reply.code(201).send({ data: result.body });
  });

  app.delete('/api/nine/customers/:id/participants/:participantId', change, async (request) => {
    const { id, participantId } = parse(participantParams, request.params);
    const { userId, locationId } = actorOf(request);
    await transaction(deps.db, async (client) => {
      await lockCustomer(client, id);
      const removed = await maybeOne<Pick<Tables['customer_participants'], 'name'>>(
        client,
        'DELETE FROM customer_participants WHERE id = $1 AND customer_id = $2 RETURNING name',
        [participantId, id],
      );
      if (!removed) throw new AppError('notFound');
      await audit(
        client,
        { userId, locationId },
        {
          entity: 'customer',
          entityId: id,
          action: 'participant_removed',
          data: { participant_id: participantId, name: removed.name },
        },
      );
      return { status: 200, body: null };
    });
    return { data: { id: participantId } };
  });
}
