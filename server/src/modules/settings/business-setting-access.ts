import type { Requirement } from '@nine/shared/permissions';
import type { Queryable } from '../../db/sql.ts';
import { locationsGranting, outOfReach, permissionsEverywhere } from '../staff/staff-scope.ts';

/** What a business settings save needs, at every location of the business. */
export const BUSINESS_SETTING_CHANGE = { resource: 'business_setting', action: 'change' } as const;

/**
 * A business-wide setting changes every location, so the caller must hold the right at each of them, like
 * the access policy: otherwise 403 `business_wide_only` and nothing changes.
 */
export async function assertBusinessWide(
  q: Queryable,
  userId: number,
  need: Requirement = BUSINESS_SETTING_CHANGE,
): Promise<void> {
  const byLocation = await permissionsEverywhere(q, userId);
  if (byLocation.size === 0 || locationsGranting(byLocation, need).size !== byLocation.size)
    throw outOfReach('business_wide_only');
}
