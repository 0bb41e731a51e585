import type { GlAccountKind, GlAccountSaved, GlAccountUpdate } from '@nine/shared/schemas/gl-accounts';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { glAccountsQueryKey } from './get-gl-accounts.ts';
import { glCodesQueryKey } from './get-gl-codes.ts';

export interface GlAccountSave {
  kind: GlAccountKind;
  key: string;
  body: GlAccountUpdate;
}

/** PUT /api/nine/gl-accounts/:kind/:key: the code one account posts to, with the version shown. */
export function saveGlAccount(save: GlAccountSave): Promise<GlAccountSaved> {
  return quietApi.put<GlAccountSaved>(`nine/gl-accounts/${save.kind}/${encodeURIComponent(save.key)}`, {
    json: save.body,
  });
}

/** The Codes section marks the codes accounts post to, so it refetches too. */
export function useSaveGlAccount() {
  return useInvalidatingMutation(saveGlAccount, [glAccountsQueryKey, glCodesQueryKey]);
}
