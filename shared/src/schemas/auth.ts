import { z } from 'zod';
import { brokenPasswordRules, type PasswordPolicy } from '../password-policy.ts';
import { actions, resources } from '../permissions.ts';

export const loginRequest = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  password: z.string().min(1).max(256),
  location_id: z.number().int().positive().optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** An approver's access key as a request carries it (spec section 5); the server checks it against the hash. */
export const approverAccessKey = z.string().min(1).max(64);
/** The access-key prompt's one field. */
export const accessKeyPrompt = z.object({ access_key: approverAccessKey });

export const locationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /**
   * The location's IANA time zone: the web shows instants in it. Optional only for sessions a browser
   * saved before the server sent it (shown in the browser's zone until the next sign-in).
   */
  time_zone: z.string().optional(),
});
export type Location = z.infer<typeof locationSchema>;

export const permissionRecord = z.object({
  resource: z.enum(resources),
  action: z.enum(actions),
});

export const sessionUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResponse = z.object({
  token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds the token stays valid from now; the client stores login time + expires_in. */
  expires_in: z.number().int().positive(),
  user: sessionUser,
  /** Locations the user may work in; the client asks which one when there are several. */
  locations: z.array(locationSchema),
  location_id: z.number().int().nullable(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const logoutRequest = z.object({ token: z.string().optional() }).optional();

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponse>;

const newPassword = z.string().min(1).max(256);

export const resetPasswordLinkRequest = z.object({ email: z.string().trim().toLowerCase().email().max(254) });

export const resetPasswordRequest = z.object({
  token: z.string().min(10).max(200),
  password: newPassword,
});

/** Changing an expired password signs the user in, like a login. */
export const changeExpiredPasswordRequest = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  password: z.string().min(1).max(256),
  new_password: newPassword,
  location_id: z.number().int().positive().optional(),
});

/**
 * The forms that choose a new password: typed twice, and held to the policy when it is known (`policy` is
 * read on each check, because the screen loads it from the server after the form exists). Issues:
 * `rules` on `password`, `mismatch` on `confirm`.
 */
function newPasswordFields(policy: () => PasswordPolicy | undefined) {
  return {
    password: newPassword.refine(
      (password) => {
        const known = policy();
        return known === undefined || brokenPasswordRules(password, known).length === 0;
      },
      { message: 'rules' },
    ),
    confirm: z.string(),
  };
}

const confirmMatches = (value: { password: string; confirm: string }) => value.password === value.confirm;

// The mismatch is told once the new password itself is fine, whatever the other fields hold.
const mismatchCheck = {
  path: ['confirm'],
  message: 'mismatch',
  when: ({ issues }: z.core.ParsePayload) => !issues.some((issue) => issue.path?.[0] === 'password'),
};

/** The reset-password form; its `password` is sent with the link's token as resetPasswordRequest. */
export const resetPasswordForm = (policy: () => PasswordPolicy | undefined) =>
  z.object(newPasswordFields(policy)).refine(confirmMatches, mismatchCheck);

/** The password-expired form; sent as changeExpiredPasswordRequest (`password` becomes `new_password`). */
export const changeExpiredPasswordForm = (policy: () => PasswordPolicy | undefined) =>
  z
    .object({
      email: changeExpiredPasswordRequest.shape.email,
      current_password: changeExpiredPasswordRequest.shape.password,
      ...newPasswordFields(policy),
    })
    .refine(confirmMatches, mismatchCheck);

export const passwordPolicySchema = z.object({
  min_length: z.number().int(),
  max_length: z.number().int(),
  require_capital: z.boolean(),
  require_number: z.boolean(),
  require_special: z.boolean(),
});

export const ssoCheckResponse = z.object({
  sso_enabled: z.boolean(),
  /** The user may only sign in through single sign-on. */
  required: z.boolean(),
  provider: z.string().nullable(),
});
export type SsoCheckResponse = z.infer<typeof ssoCheckResponse>;

export const ssoLoginRequest = z.object({
  provider: z.string().min(1).max(64),
  email: z.string().trim().toLowerCase().email().max(254).optional(),
  location_id: z.number().int().positive().optional(),
});

export const ssoCompleteRequest = z.object({ code: z.string().min(10).max(200) });
