import type { BusinessInfoSaved, BusinessInfoUpdate } from '@nine/shared/schemas/business-settings';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';

/** PUT /api/nine/business-info (business-wide); quiet: the section shows its own failures. */
export function updateBusinessInfo(body: BusinessInfoUpdate): Promise<BusinessInfoSaved> {
  return quietApi.put<BusinessInfoSaved>('nine/business-info', { json: body });
}

export function useUpdateBusinessInfo() {
  return useInvalidatingMutation(updateBusinessInfo, [['business-info']], { awaitRefetch: true });
}
