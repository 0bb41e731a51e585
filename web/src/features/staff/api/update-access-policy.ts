import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { accessPolicyQueryKey, type AccessPolicyBody } from './get-access-policy.ts';

/** PUT /api/nine/access-policy; the form shows its own failures. */
export function useUpdateAccessPolicy() {
  return useInvalidatingMutation(
    (body: AccessPolicyBody) => quietApi.put<AccessPolicyBody>('nine/access-policy', { json: body }),
    [accessPolicyQueryKey],
  );
}
