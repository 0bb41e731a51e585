import type { PublicParticipant, PublicParticipantUpdate } from '@nine/shared/schemas/tours/public';
import { quietApi } from '../../../lib/api-client.ts';

/** PATCH /api/nine/public/participant/:token/participants/:id: corrects a participant who has not signed yet. */
export function updateParticipant(
  token: string,
  participantId: number,
  body: PublicParticipantUpdate,
): Promise<PublicParticipant> {
  return quietApi.patch<PublicParticipant>(
    `nine/public/participant/${encodeURIComponent(token)}/participants/${participantId}`,
    { json: body },
  );
}
