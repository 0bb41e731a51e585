import { z } from 'zod';

// Square terminal credentials of one location (Location settings, section "Square"). The access token is
// write-only: stored encrypted, never answered; the answer says whether one is stored and its last 4
// characters, so a person can tell which one it is.

export const SQUARE_ENVIRONMENTS = ['sandbox', 'production'] as const;
export type SquareEnvironment = (typeof SQUARE_ENVIRONMENTS)[number];

const positiveId = z.number().int().positive();
/** Square ids are ASCII without spaces (sq0idp-…, L…, device:…); an empty field clears it. */
const squareId = z
  .union([
    z.literal('').transform(() => null),
    z
      .string()
      .trim()
      .max(100)
      .regex(/^[A-Za-z0-9:_.-]+$/, 'invalid_square_id'),
    z.null(),
  ])
  .optional();

export const squareSettings = z.object({
  location_id: z.number(),
  environment: z.enum(SQUARE_ENVIRONMENTS),
  application_id: z.string().nullable(),
  square_location_id: z.string().nullable(),
  /** The default terminal's device id (Square Terminal API). */
  device_id: z.string().nullable(),
  has_access_token: z.boolean(),
  /** The stored token's last 4 characters, or null. */
  access_token_last4: z.string().nullable(),
  /** 1 with the defaults while the location has no saved row. */
  version: z.number(),
});
export type SquareSettings = z.infer<typeof squareSettings>;

/** The Square section's form; an empty token field keeps the stored token. */
export const squareSettingsForm = z.object({
  environment: z.enum(SQUARE_ENVIRONMENTS),
  application_id: squareId,
  square_location_id: squareId,
  device_id: squareId,
  access_token: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .min(16)
        .max(200)
        .regex(/^[\x21-\x7e]+$/, 'invalid_token'),
    ])
    .optional(),
  /** Removes the stored token (the form's "Remove the stored token"). */
  clear_access_token: z.boolean().optional(),
});
export type SquareSettingsForm = z.input<typeof squareSettingsForm>;

/**
 * PUT /api/nine/square-settings: the fields that change. `access_token` omitted or empty keeps the stored
 * one; `clear_access_token` removes it.
 */
export const squareSettingsUpdate = squareSettingsForm.partial().extend({
  location_id: positiveId.optional(),
  version: positiveId,
});
export type SquareSettingsUpdate = z.input<typeof squareSettingsUpdate>;
