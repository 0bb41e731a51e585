import { z } from 'zod';

export const customerListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(25),
  sort: z.enum(['name', 'email', 'created_at', 'id']).default('name'),
  sort_type: z.enum(['asc', 'desc']).default('asc'),
  search: z.string().trim().max(100).optional(),
});
export type CustomerListQuery = z.infer<typeof customerListQuery>;

export interface CustomerRow {
  id: number;
  name: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  country: string | null;
  is_anonymous: boolean;
  created_at: string;
  version: number;
}

/** Phone numbers: digits with optional +, spaces, dots, dashes and brackets; 6 to 20 digits. */
const phone = z
  .string()
  .trim()
  .max(32)
  .refine(
    (v) =>
      /^\+?[\d\s().-]+$/.test(v) && v.replace(/\D/g, '').length >= 6 && v.replace(/\D/g, '').length <= 20,
    'invalid_phone',
  );
/** Postal codes worldwide: letters, digits, spaces and dashes, 2 to 12 characters. */
const postalCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{0,10}[A-Za-z0-9]$/, 'invalid_postal_code');
const optional = <T extends z.ZodType>(s: T) =>
  z.union([s, z.literal('').transform(() => null), z.null()]).optional();

export const customerInput = z.object({
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().max(100).default(''),
  email: optional(z.string().trim().toLowerCase().email().max(254)),
  phone: optional(phone),
  address: optional(z.string().trim().max(300)),
  postal_code: optional(postalCode),
  city: optional(z.string().trim().max(100)),
  country: optional(z.string().trim().max(100)),
  notes: optional(z.string().trim().max(2000)),
});
export type CustomerInput = z.infer<typeof customerInput>;

export const customerUpdate = customerInput.partial().extend({ version: z.number().int().positive() });
