import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quietApi } from '../../../lib/api-client.ts';
import { accessPolicyQueryKey, type AccessPolicyBody } from './get-access-policy.ts';

/** PUT /api/nine/access-policy; the form shows its own failures. */
export function useUpdateAccessPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccessPolicyBody) =>
      quietApi.put<AccessPolicyBody>('nine/access-policy', { json: body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accessPolicyQueryKey }),
  });
}
