import { AppError } from '@nine/shared/errors';
import { grants, isAction, isResource, type Permission, type Requirement } from '@nine/shared/permissions';
import { rows, type Queryable } from '../../db/sql.ts';

/** What makes a business-wide administrator: this permission at every location. */
export const BUSINESS_WIDE: Requirement = { resource: 'staff', action: 'manage' };

/**
 * A user's permissions at every location of the business: `null` where they hold no role, so
 * "holds a role without permissions" and "holds no role" stay apart.
 */
export type PermissionsByLocation = Map<number, Permission[] | null>;

export async function permissionsEverywhere(q: Queryable, userId: number): Promise<PermissionsByLocation> {
  // Every column but location_id comes through a LEFT JOIN, so each may be null.
  const held = await rows<{
    location_id: number;
    role_id: number | null;
    resource: string | null;
    action: string | null;
  }>(
    q,
    `SELECT l.id AS location_id, ur.role_id, rp.resource, rp.action
     FROM locations l
     LEFT JOIN user_roles ur ON ur.location_id = l.id AND ur.user_id = $1
     LEFT JOIN role_permissions rp ON rp.role_id = ur.role_id`,
    [userId],
  );
  const byLocation: PermissionsByLocation = new Map();
  for (const row of held) {
    if (!byLocation.has(row.location_id)) byLocation.set(row.location_id, row.role_id === null ? null : []);
    const held = byLocation.get(row.location_id);
    if (held && row.resource && row.action && isResource(row.resource) && isAction(row.action))
      held.push({ resource: row.resource, action: row.action });
  }
  return byLocation;
}

/** The locations where `need` is granted, with the same implications as every route check. */
export function locationsGranting(byLocation: PermissionsByLocation, need: Requirement): Set<number> {
  return new Set([...byLocation].filter(([, held]) => held && grants(held, need)).map(([id]) => id));
}

/** The locations where the user holds a role at all. */
export function roleLocations(byLocation: PermissionsByLocation): number[] {
  return [...byLocation].filter(([, held]) => held !== null).map(([id]) => id);
}

export function isBusinessWide(byLocation: PermissionsByLocation): boolean {
  return byLocation.size > 0 && locationsGranting(byLocation, BUSINESS_WIDE).size === byLocation.size;
}

/** 403 with a reason the web app and the logs can tell apart; nothing is changed. */
export function outOfReach(
  reason: 'other_location' | 'business_wide_admin' | 'business_wide_only' | 'access_key_owner',
  data: object = {},
): AppError {
  return new AppError('forbidden', { data: { reason, ...data } });
}
