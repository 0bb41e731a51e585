import { z } from 'zod';
import { pageQuery } from './page.ts';
import { amountMinor } from '../money.ts';
import { actions, resources } from '../permissions.ts';

export const staffListQuery = pageQuery().extend({
  search: z.string().trim().max(100).optional(),
  status: z.enum(['active', 'inactive', 'expired']).optional(),
});

export const roleAssignment = z.object({
  role_id: z.number().int().positive(),
  location_id: z.number().int().positive(),
});

export const userCreate = z.object({
  name: z.string().trim().min(1).max(100),
  email: z.string().trim().toLowerCase().email().max(254),
  password: z.string().min(1).max(256).optional(),
  only_login_by_sso: z.boolean().default(false),
  expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
  roles: z.array(roleAssignment).max(200).default([]),
});

export const userUpdate = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  only_login_by_sso: z.boolean().optional(),
  expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
  password_expired_at: z.iso.datetime({ offset: true }).nullable().optional(),
  roles: z.array(roleAssignment).max(200).optional(),
});

/**
 * The user form: the expiry as a datetime-local value and the role ticks as "role:location" keys, which the
 * dialog turns into a userCreate or userUpdate body. Editing leaves the e-mail as it is.
 */
export const userEditForm = z.object({
  name: userCreate.shape.name,
  email: z.string(),
  password: z.string().max(256),
  only_login_by_sso: z.boolean(),
  expires_at: z.string().nullable(),
  must_change_password: z.boolean(),
  roles: z.array(z.string()).max(200),
});
export const userCreateForm = userEditForm.extend({ email: userCreate.shape.email });

export const accessKeySet = z.object({ access_key: z.string().regex(/^\d{4,12}$/, 'digits_4_to_12') });

export const permissionGrant = z.object({ resource: z.enum(resources), action: z.enum(actions) });
export const roleInput = z.object({
  title: z.string().trim().min(1).max(100),
  permissions: z.array(permissionGrant).max(resources.length * actions.length),
});

const accessPolicyFields = z.object({
  auto_logout_minutes: z
    .number()
    .int()
    .min(0)
    .max(24 * 60),
  wrong_access_key_threshold: z.number().int().min(1).max(100),
  wrong_access_key_ttl_minutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  wrong_password_threshold: z.number().int().min(1).max(100),
  wrong_password_ttl_minutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  password_expiry_days: z.number().int().min(0).max(3650),
  password_reuse_limit: z.number().int().min(0).max(50),
  password_min_length: z.number().int().min(4).max(128),
  password_max_length: z.number().int().min(4).max(256),
  password_require_capital: z.boolean(),
  password_require_number: z.boolean(),
  password_require_special: z.boolean(),
  refund_level1_minor: amountMinor,
  refund_level2_minor: amountMinor,
});

const ordered = (low: number, high: number) => high >= low;

export const accessPolicyUpdate = accessPolicyFields
  .refine((p) => ordered(p.password_min_length, p.password_max_length), {
    path: ['password_max_length'],
    message: 'below the minimum',
  })
  .refine((p) => ordered(p.refund_level1_minor, p.refund_level2_minor), {
    path: ['refund_level2_minor'],
    message: 'below level 1',
  });
export type AccessPolicyUpdate = z.infer<typeof accessPolicyUpdate>;

const isWhole = (value: unknown): value is number => Number.isInteger(value);

/**
 * The access policy form: the same rules, but the order of a pair is checked whenever both of its fields
 * are whole numbers, so the form shows it beside the other fields' issues rather than after them.
 */
export const accessPolicyForm = accessPolicyFields
  .refine((p) => ordered(p.password_min_length, p.password_max_length), {
    path: ['password_max_length'],
    message: 'below the minimum',
    when: ({ value: p }) =>
      isWhole((p as Record<string, unknown>).password_min_length) &&
      isWhole((p as Record<string, unknown>).password_max_length),
  })
  .refine((p) => ordered(p.refund_level1_minor, p.refund_level2_minor), {
    path: ['refund_level2_minor'],
    message: 'below level 1',
    when: ({ value: p }) =>
      isWhole((p as Record<string, unknown>).refund_level1_minor) &&
      isWhole((p as Record<string, unknown>).refund_level2_minor),
  });

// Answers of the staff routes (server/src/modules/staff/staff-routes.ts).

/** A user past their expiry date shows as expired, whatever was stored. */
export const userStatuses = ['active', 'inactive', 'expired'] as const;
export type UserStatus = (typeof userStatuses)[number];

export const userRoleGrant = z.object({
  role_id: z.number(),
  title: z.string(),
  location_id: z.number(),
  location: z.string(),
});
export type UserRoleGrant = z.infer<typeof userRoleGrant>;

export const staffUser = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  status: z.enum(userStatuses),
  last_login_at: z.string().nullable(),
  password_expired_at: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  only_login_by_sso: z.boolean(),
  has_access_key: z.boolean(),
  roles: z.array(userRoleGrant),
});
export type StaffUser = z.infer<typeof staffUser>;

/** GET /api/nine/users: a page of users (counted exactly, no `total_capped`). */
export const userPage = z.object({
  rows: z.array(staffUser),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type UserPage = z.infer<typeof userPage>;

export const roleView = z.object({
  id: z.number(),
  title: z.string(),
  permissions: z.array(permissionGrant),
  /** How many users hold the role in some location. */
  users: z.number().int(),
});
export type Role = z.infer<typeof roleView>;
/** What creating or updating a role answers: the role as saved, without its user count. */
export const roleSaved = roleView.omit({ users: true });

export const accessPolicyView = accessPolicyFields.extend({ updated_at: z.string() });
export type AccessPolicy = z.infer<typeof accessPolicyView>;
