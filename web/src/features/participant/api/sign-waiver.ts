import type { WaiverSignInput } from '@nine/shared/schemas/tours/participants';
import type { PublicWaiverSigned } from '@nine/shared/schemas/tours/public';
import { quietApi } from '../../../lib/api-client.ts';

/** POST /api/nine/public/participant/:token/participants/:id/waiver: the drawn signature on the terms in force. */
export function signWaiver(
  token: string,
  participantId: number,
  body: WaiverSignInput,
): Promise<PublicWaiverSigned> {
  return quietApi.post<PublicWaiverSigned>(
    `nine/public/participant/${encodeURIComponent(token)}/participants/${participantId}/waiver`,
    { json: body },
  );
}
