import type pg from 'pg';
import { AppError } from '@nine/shared/errors';
import { grants, type Requirement } from '@nine/shared/permissions';
import type { AuthService } from '../modules/auth/auth-service.ts';
import type { Actor } from './actor.ts';

type Permissions = Pick<AuthService, 'permissionsAt'>;

/**
 * Whether the actor may act at `locationId`: its own location always (the access check passed there),
 * another only with a role there that grants `need` (any role when `need` is null). Pass the transaction's
 * `client` inside one.
 */
export async function mayActAt(
  auth: Permissions,
  actor: Pick<Actor, 'userId'> & { locationId: number | null },
  locationId: number,
  need: Requirement | null,
  client?: pg.PoolClient,
): Promise<boolean> {
  if (locationId === actor.locationId) return true;
  const held = await auth.permissionsAt(actor.userId, locationId, client);
  return held !== null && (need === null || grants(held, need));
}

/** As mayActAt, refusing with `locationForbidden` (403): a location's data needs a role there. */
export async function assertLocationAccess(
  auth: Permissions,
  actor: Pick<Actor, 'userId'> & { locationId: number | null },
  locationId: number,
  need: Requirement | null,
  client?: pg.PoolClient,
): Promise<void> {
  if (!(await mayActAt(auth, actor, locationId, need, client))) throw new AppError('locationForbidden');
}
