import type { EasySignLookup, EasySignToken } from '@nine/shared/schemas/tours/public';
import { quietApi } from '../../../lib/api-client.ts';

/** POST /api/nine/public/easy-sign/lookup: order number and contact → a short-lived token for the participant page. */
export function easySignLookup(body: EasySignLookup): Promise<EasySignToken> {
  return quietApi.post<EasySignToken>('nine/public/easy-sign/lookup', { json: body });
}
