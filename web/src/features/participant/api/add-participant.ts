import type { PublicParticipant, PublicParticipantInput } from '@nine/shared/schemas/tours/public';
import { quietApi } from '../../../lib/api-client.ts';

/** POST /api/nine/public/participant/:token/participants: one more person on the reservation. */
export function addParticipant(token: string, body: PublicParticipantInput): Promise<PublicParticipant> {
  return quietApi.post<PublicParticipant>(
    `nine/public/participant/${encodeURIComponent(token)}/participants`,
    {
      json: body,
    },
  );
}
