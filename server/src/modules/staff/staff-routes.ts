import type { FastifyInstance } from 'fastify';
import { containsPattern } from '../../lib/paging.ts';
import type pg from 'pg';
import type { z } from 'zod';
import { AppError } from '@nine/shared/errors';
import { grants, type Permission } from '@nine/shared/permissions';
import type { UserRoleGrant } from '@nine/shared/schemas/staff';
import {
  accessKeySet,
  accessPolicyUpdate,
  roleInput,
  staffListQuery,
  userCreate,
  userUpdate,
} from '@nine/shared/schemas/staff';
import type { Db } from '../../db/pool.ts';
import { exec, one, rows, type Queryable } from '../../db/sql.ts';
import type { Tables, UserStatus } from '../../db/tables.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { hashPassword } from '../auth/password-hashing.ts';
import {
  isBusinessWide,
  locationsGranting,
  outOfReach,
  permissionsEverywhere,
  roleLocations,
  type PermissionsByLocation,
} from './staff-scope.ts';
import { actorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { idParams } from '../../lib/id-param.ts';
import { accessTo } from '../../plugins/access.ts';

const { view: STAFF, change: STAFF_CHANGE } = accessTo('staff');
const { view: ROLES, change: ROLES_CHANGE } = accessTo('role_and_permission');

/** A user as USER_COLUMNS reads it. */
type UserRow = Pick<
  Tables['users'],
  | 'id'
  | 'name'
  | 'email'
  | 'last_login_at'
  | 'password_expired_at'
  | 'created_at'
  | 'expires_at'
  | 'only_login_by_sso'
> & {
  // Read as text, but always one of the enum's labels.
  status: UserStatus;
  has_access_key: boolean;
  roles: UserRoleGrant[];
};

type RoleAssignment = Pick<Tables['user_roles'], 'role_id' | 'location_id'>;

/**
 * Users, roles and the access policy (spec: users / roles screens, permissions staff and
 * role_and_permission). Nobody can grant what they do not hold: a role's permissions, and the roles
 * given to a user in a location, must all be held by the actor in that location.
 *
 * Reach across locations (issue #14 item 8). Roles are held per location, so an administrator of one
 * location must not act on people, roles or rules that also serve other locations:
 * - A business-wide administrator holds staff:manage at every location (every row of `locations`).
 * - A user is managed (PATCH, roles, activate, deactivate) only by someone holding staff:change at every
 *   location where that user holds a role; a user with no role, by anyone with staff:change at the
 *   request's location. A business-wide administrator is managed only by another one.
 * - A role assignment is given or taken only at a location where the actor holds staff:change.
 * - Access keys approve in their owner's name: set or reset only by their owner or a business-wide
 *   administrator.
 * - Roles are shared by every location: a role is edited only by someone holding
 *   role_and_permission:change at every location where it is assigned, and a permission added to it must
 *   be held at each of them. A new role is assigned nowhere, so the route's permission suffices.
 * - The access policy binds every location: only a business-wide administrator changes it.
 * - The user list shows users holding a role at a location where the actor holds staff:view, and users
 *   holding none.
 * A refusal is 403 `forbidden` with `data.reason` and changes nothing, even for a user the list does not
 * show; 404 means the id does not exist.
 */
export function registerStaffRoutes(app: FastifyInstance, deps: { db: Db; auth: AuthService }): void {
  const { db } = deps;

  async function assertCanGrant(
    client: pg.PoolClient,
    actorId: number,
    permissions: Permission[],
    locationId: number,
  ): Promise<void> {
    const held = (await deps.auth.permissionsAt(actorId, locationId, client)) ?? [];
    // Granting `any` (every action) needs `any`; other actions follow the usual implications.
    const missing = permissions.filter((p) =>
      p.action === 'any'
        ? !held.some((h) => h.resource === p.resource && h.action === 'any')
        : !grants(held, p),
    );
    if (missing.length)
      throw new AppError('forbidden', { data: { reason: 'privilege_escalation', permissions: missing } });
  }

  async function rolePermissions(client: Queryable, roleId: number): Promise<Permission[]> {
    // Stored permissions are the ones roleInput let in.
    return rows<Permission>(client, 'SELECT resource, action FROM role_permissions WHERE role_id = $1', [
      roleId,
    ]);
  }

  async function assignRoles(
    client: pg.PoolClient,
    actorId: number,
    actor: PermissionsByLocation,
    userId: number,
    roles: RoleAssignment[],
  ) {
    const current = await rows<RoleAssignment>(
      client,
      'SELECT role_id, location_id FROM user_roles WHERE user_id = $1',
      [userId],
    );
    const key = (r: RoleAssignment) => `${r.role_id}:${r.location_id}`;
    const held = new Set(current.map(key));
    const wanted = new Set(roles.map(key));
    // Giving or taking an assignment is managing staff at its location.
    const reach = locationsGranting(actor, STAFF_CHANGE);
    const changed = [
      ...roles.filter((r) => !held.has(key(r))),
      ...current.filter((r) => !wanted.has(key(r))),
    ];
    const outside = changed.find((r) => !reach.has(r.location_id));
    if (outside) throw outOfReach('other_location', { location_id: outside.location_id });
    // Only what is newly given is a grant; keeping or removing an assignment is not.
    for (const r of roles) {
      if (held.has(key(r))) continue;
      const exists = await exec(client, 'SELECT 1 FROM roles WHERE id = $1', [r.role_id]);
      if (!exists) throw new AppError('notFound', { data: { role_id: r.role_id } });
      await assertCanGrant(client, actorId, await rolePermissions(client, r.role_id), r.location_id);
    }
    await exec(client, 'DELETE FROM user_roles WHERE user_id = $1', [userId]);
    for (const r of roles) {
      await exec(
        client,
        'INSERT INTO user_roles (user_id, role_id, location_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [userId, r.role_id, r.location_id],
      );
    }
  }

  /**
   * Locks the target user and refuses an actor who lacks staff:change at any of the target's locations,
   * or who would manage a business-wide administrator without being one. Returns the actor's permissions.
   */
  async function assertCanManage(
    client: pg.PoolClient,
    actorId: number,
    targetId: number,
  ): Promise<PermissionsByLocation> {
    const found = await exec(client, 'SELECT id FROM users WHERE id = $1 FOR UPDATE', [targetId]);
    if (!found) throw new AppError('notFound');
    const actor = await permissionsEverywhere(client, actorId);
    const target = await permissionsEverywhere(client, targetId);
    if (isBusinessWide(target) && !isBusinessWide(actor)) throw outOfReach('business_wide_admin');
    const reach = locationsGranting(actor, STAFF_CHANGE);
    const outside = roleLocations(target).find((id) => !reach.has(id));
    if (outside !== undefined) throw outOfReach('other_location', { location_id: outside });
    return actor;
  }

  /** Access keys approve in their owner's name: only the owner or a business-wide administrator sets one. */
  async function assertCanSetKey(client: pg.PoolClient, actorId: number, targetId: number): Promise<void> {
    const found = await exec(client, 'SELECT id FROM users WHERE id = $1 FOR UPDATE', [targetId]);
    if (!found) throw new AppError('notFound');
    if (targetId !== actorId && !isBusinessWide(await permissionsEverywhere(client, actorId)))
      throw outOfReach('access_key_owner');
  }

  // A user past their expiry date shows as expired, whatever was stored.
  const USER_COLUMNS = `u.id, u.name, u.email::text,
    CASE WHEN u.status = 'active' AND u.expires_at <= now() THEN 'expired' ELSE u.status::text END AS status, u.last_login_at, u.password_expired_at, u.created_at, u.expires_at, u.only_login_by_sso,
    (u.access_key_hash IS NOT NULL) AS has_access_key,
    coalesce((SELECT json_agg(json_build_object('role_id', r.id, 'title', r.title, 'location_id', ur.location_id, 'location', l.name) ORDER BY l.name, r.title)
      FROM user_roles ur JOIN roles r ON r.id = ur.role_id JOIN locations l ON l.id = ur.location_id WHERE ur.user_id = u.id), '[]') AS roles`;

  app.get('/api/nine/users', { config: { access: STAFF } }, async (request) => {
    const q = parse(staffListQuery, request.query);
    const params: unknown[] = [];
    const where = ['true'];
    const actor = await permissionsEverywhere(db.pool, actorOf(request).userId);
    const visible = locationsGranting(actor, STAFF);
    // Someone viewing staff everywhere sees everyone; others, their locations' users and those with no role.
    if (visible.size < actor.size)
      where.push(
        `(NOT EXISTS (SELECT 1 FROM user_roles x WHERE x.user_id = u.id)
          OR EXISTS (SELECT 1 FROM user_roles x WHERE x.user_id = u.id AND x.location_id = ANY($${params.push([...visible])}::int[])))`,
      );
    if (q.status === 'active')
      where.push(`u.status = 'active' AND (u.expires_at IS NULL OR u.expires_at > now())`);
    if (q.status === 'inactive') where.push(`u.status = 'inactive'`);
    if (q.status === 'expired')
      where.push(`(u.status = 'expired' OR (u.status = 'active' AND u.expires_at <= now()))`);
    if (q.search)
      where.push(
        `(lower(u.name) LIKE $${params.push(containsPattern(q.search))} OR u.email::text LIKE $${params.length})`,
      );
    const [users, count] = await Promise.all([
      rows<UserRow>(
        db.pool,
        `SELECT ${USER_COLUMNS} FROM users u WHERE ${where.join(' AND ')} ORDER BY u.name, u.id LIMIT ${q.page_size} OFFSET ${(q.page - 1) * q.page_size}`,
        params,
      ),
      one<{ n: number }>(
        db.pool,
        `SELECT count(*)::int AS n FROM users u WHERE ${where.join(' AND ')}`,
        params,
      ),
    ]);
    return { data: { rows: users, total: count.n, page: q.page, page_size: q.page_size } };
  });

  app.post('/api/nine/users', { config: { access: STAFF_CHANGE } }, async (request, reply) => {
    const input = parse(userCreate, request.body);
    const { userId, locationId } = actorOf(request);
    const result = await transaction(db, async (client) => {
      const exists = await exec(client, 'SELECT 1 FROM users WHERE email = $1', [input.email]);
      if (exists) throw new AppError('conflict', { data: { reason: 'email_taken' } });
      const { id } = await one<Pick<Tables['users'], 'id'>>(
        client,
        `INSERT INTO users (name, email, password_hash, only_login_by_sso, expires_at, password_expired_at) VALUES ($1, $2, $3, $4, $5, now()) RETURNING id`,
        [
          input.name,
          input.email,
          input.password ? await hashPassword(input.password) : null,
          input.only_login_by_sso,
          input.expires_at ?? null,
        ],
      );
      await assignRoles(client, userId, await permissionsEverywhere(client, userId), id, input.roles);
      await audit(
        client,
        { userId, locationId },
        {
          entity: 'user',
          entityId: id,
          action: 'created',
          data: {
            email: input.email,
            roles: input.roles,
          },
        },
      );
      const created = await one<UserRow>(client, `SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [id]);
      return { status: 201, body: created };
    });
    return reply.code(201).send({ data: result.body });
  });

  app.patch('/api/nine/users/:id', { config: { access: STAFF_CHANGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const input = parse(userUpdate, request.body);
    const { userId, locationId } = actorOf(request);
    const result = await transaction(db, async (client) => {
      const actor = await assertCanManage(client, userId, id);
      const { roles, ...fields } = input;
      const set = Object.entries(fields).filter(([, v]) => v !== undefined);
      if (set.length) {
        await exec(
          client,
          `UPDATE users SET ${set.map(([k], i) => `${k} = $${i + 2}`).join(', ')}, updated_at = now() WHERE id = $1`,
          [id, ...set.map(([, v]) => v)],
        );
      }
      if (roles) await assignRoles(client, userId, actor, id, roles);
      // An expiry date in the past ends the user's sessions at once, like deactivation.
      if (fields.expires_at && new Date(fields.expires_at) <= new Date())
        await exec(
          client,
          'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL',
          [id],
        );
      await audit(
        client,
        { userId, locationId },
        { entity: 'user', entityId: id, action: 'updated', data: input },
      );
      return {
        status: 200,
        body: await one<UserRow>(client, `SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [id]),
      };
    });
    return { data: result.body };
  });

  for (const [path, status] of [
    ['activate', 'active'],
    ['deactivate', 'inactive'],
  ] as const) {
    app.post(`/api/nine/users/:id/${path}`, { config: { access: STAFF_CHANGE } }, async (request) => {
      const { id } = parse(idParams, request.params);
      const { userId, locationId } = actorOf(request);
      if (id === userId && status === 'inactive')
        throw new AppError('validation', { data: { reason: 'cannot_deactivate_self' } });
      const result = await transaction(db, async (client) => {
        await assertCanManage(client, userId, id);
        await exec(client, `UPDATE users SET status = $2, updated_at = now() WHERE id = $1`, [id, status]);
        // A deactivated user's open sessions end at once.
        if (status === 'inactive')
          await exec(
            client,
            'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL',
            [id],
          );
        await audit(client, { userId, locationId }, { entity: 'user', entityId: id, action: path, data: {} });
        return {
          status: 200,
          body: await one<UserRow>(client, `SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [id]),
        };
      });
      return { data: result.body };
    });
  }

  /** Sets (a hash) or resets (null) a user's access key, audited as access_key_set / access_key_reset. */
  const storeAccessKey = (actor: { userId: number; locationId: number }, id: number, hash: string | null) =>
    transaction(db, async (client) => {
      await assertCanSetKey(client, actor.userId, id);
      await exec(client, 'UPDATE users SET access_key_hash = $2, updated_at = now() WHERE id = $1', [
        id,
        hash,
      ]);
      await audit(client, actor, {
        entity: 'user',
        entityId: id,
        action: hash ? 'access_key_set' : 'access_key_reset',
        data: {},
      });
      return { status: 200, body: null };
    });

  app.put('/api/nine/users/:id/access-key', { config: { access: STAFF_CHANGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const { access_key } = parse(accessKeySet, request.body);
    const { userId, locationId } = actorOf(request);
    await storeAccessKey({ userId, locationId }, id, await hashPassword(access_key));
    return { data: { ok: true } };
  });

  app.delete('/api/nine/users/:id/access-key', { config: { access: STAFF_CHANGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    await storeAccessKey(actorOf(request), id, null);
    return { data: { ok: true } };
  });

  app.get('/api/nine/roles', { config: { access: ROLES } }, async () => {
    const roles = await rows<
      Pick<Tables['roles'], 'id' | 'title'> & { permissions: Permission[]; users: number }
    >(
      db.pool,
      `SELECT r.id, r.title, coalesce((SELECT json_agg(json_build_object('resource', rp.resource, 'action', rp.action) ORDER BY rp.resource, rp.action)
         FROM role_permissions rp WHERE rp.role_id = r.id), '[]') AS permissions,
         (SELECT count(DISTINCT ur.user_id) FROM user_roles ur WHERE ur.role_id = r.id)::int AS users
       FROM roles r ORDER BY r.title`,
    );
    return { data: roles };
  });

  const saveRole = async (
    client: pg.PoolClient,
    actorId: number,
    locationId: number,
    roleId: number,
    input: z.infer<typeof roleInput>,
    assignedAt: readonly number[] = [],
  ) => {
    const before = await rolePermissions(client, roleId);
    const kept = new Set(before.map((p) => `${p.resource}:${p.action}`));
    // Only added permissions are grants: removing one, or keeping one the actor lacks, is allowed.
    // Every holder of the role gains them, so they must be held wherever it is assigned.
    const added = input.permissions.filter((p) => !kept.has(`${p.resource}:${p.action}`));
    for (const at of new Set([locationId, ...assignedAt])) await assertCanGrant(client, actorId, added, at);
    await exec(client, 'DELETE FROM role_permissions WHERE role_id = $1', [roleId]);
    for (const p of input.permissions) {
      await exec(
        client,
        'INSERT INTO role_permissions (role_id, resource, action) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [roleId, p.resource, p.action],
      );
    }
    await audit(
      client,
      { userId: actorId, locationId: locationId },
      { entity: 'role', entityId: roleId, action: 'saved', data: input },
    );
  };

  app.post('/api/nine/roles', { config: { access: ROLES_CHANGE } }, async (request, reply) => {
    const input = parse(roleInput, request.body);
    const { userId, locationId } = actorOf(request);
    const result = await transaction(db, async (client) => {
      const taken = await exec(client, 'SELECT 1 FROM roles WHERE title = $1', [input.title]);
      if (taken) throw new AppError('conflict', { data: { reason: 'title_taken' } });
      const { id } = await one<Pick<Tables['roles'], 'id'>>(
        client,
        'INSERT INTO roles (title) VALUES ($1) RETURNING id',
        [input.title],
      );
      await saveRole(client, userId, locationId!, id, input);
      return { status: 201, body: { id, ...input } };
    });
    return reply.code(201).send({ data: result.body });
  });

  app.put('/api/nine/roles/:id', { config: { access: ROLES_CHANGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const input = parse(roleInput, request.body);
    const { userId, locationId } = actorOf(request);
    await transaction(db, async (client) => {
      // FOR UPDATE also waits for assignments of this role being given right now (their key-share lock).
      const found = await exec(client, 'SELECT id FROM roles WHERE id = $1 FOR UPDATE', [id]);
      if (!found) throw new AppError('notFound');
      const assigned = await rows<Pick<Tables['user_roles'], 'location_id'>>(
        client,
        'SELECT DISTINCT location_id FROM user_roles WHERE role_id = $1',
        [id],
      );
      const reach = locationsGranting(await permissionsEverywhere(client, userId), ROLES_CHANGE);
      const outside = assigned.find((a) => !reach.has(a.location_id));
      if (outside) throw outOfReach('other_location', { location_id: outside.location_id });
      await exec(client, 'UPDATE roles SET title = $2, updated_at = now() WHERE id = $1', [id, input.title]);
      await saveRole(
        client,
        userId,
        locationId!,
        id,
        input,
        assigned.map((a) => a.location_id),
      );
      return { status: 200, body: null };
    });
    return { data: { id, ...input } };
  });

  app.get('/api/nine/access-policy', { config: { access: STAFF } }, async () => {
    const policy = await one<Omit<Tables['access_policy'], 'id'>>(
      db.pool,
      `SELECT auto_logout_minutes, wrong_access_key_threshold, wrong_access_key_ttl_minutes, wrong_password_threshold, wrong_password_ttl_minutes,
              password_expiry_days, password_reuse_limit, password_min_length, password_max_length, password_require_capital,
              password_require_number, password_require_special, refund_level1_minor, refund_level2_minor, updated_at
       FROM access_policy WHERE id = 1`,
    );
    return { data: policy };
  });

  app.put(
    '/api/nine/access-policy',
    { config: { access: { resource: 'staff', action: 'manage' } } },
    async (request) => {
      const input = parse(accessPolicyUpdate, request.body);
      const { userId, locationId } = actorOf(request);
      await transaction(db, async (client) => {
        if (!isBusinessWide(await permissionsEverywhere(client, userId)))
          throw outOfReach('business_wide_only');
        const keys = Object.keys(input) as (keyof typeof input)[];
        await exec(
          client,
          `UPDATE access_policy SET ${keys.map((k, i) => `${k} = $${i + 1}`).join(', ')}, updated_at = now() WHERE id = 1`,
          keys.map((k) => input[k]),
        );
        await audit(
          client,
          { userId, locationId },
          { entity: 'access_policy', entityId: 1, action: 'updated', data: input },
        );
        return { status: 200, body: null };
      });
      return { data: input };
    },
  );
}
