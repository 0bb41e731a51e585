import { z } from 'zod';
import { customerPhone } from './customers.ts';
import { orderSignatureInput } from './orders.ts';

/*
 * The kiosk interface (issue #18): the short list of products a location rents on its self-service kiosks,
 * the customer a kiosk rents to (found by phone or created, never shown), and leaving kiosk mode.
 */

/** A kiosk screen holds a short list: more would not fit as large touch targets. */
export const KIOSK_PRODUCTS_MAX = 24;
/** The rental lengths a kiosk offers, in days from now. */
export const KIOSK_RENTAL_DAYS = [1, 2, 3, 7] as const;

export const kioskProduct = z.object({
  product_id: z.number(),
  name: z.string(),
  option: z.string().nullable(),
  /** The rent price per day, in minor units. */
  price_minor: z.number(),
  deposit_minor: z.number(),
  sort: z.number(),
});
export type KioskProduct = z.infer<typeof kioskProduct>;

export const kioskProductList = z.object({ products: z.array(kioskProduct) });
export type KioskProductList = z.infer<typeof kioskProductList>;

/**
 * The whole list, in the order the kiosk shows it; an empty list takes the kiosk's rentals away. The list
 * the screen showed comes along: when it is no longer the saved one, someone else changed it meanwhile.
 */
export const kioskProductsUpdate = z.object({
  product_ids: z
    .array(z.number().int().positive())
    .max(KIOSK_PRODUCTS_MAX)
    .refine((ids) => new Set(ids).size === ids.length, 'duplicate_product'),
  shown_product_ids: z.array(z.number().int().positive()).max(KIOSK_PRODUCTS_MAX),
});
export type KioskProductsUpdate = z.infer<typeof kioskProductsUpdate>;

/** Who rents at the kiosk: a customer with this phone, or a new one with this name. */
export const kioskCustomerRequest = z.object({
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().max(100).default(''),
  phone: customerPhone,
});
export type KioskCustomerRequest = z.infer<typeof kioskCustomerRequest>;

/** Only the id: the kiosk never shows what is on file about a customer. */
export const kioskCustomerAnswer = z.object({ customer_id: z.number() });

export const kioskExitRequest = z.object({ access_key: z.string().min(1).max(100) });
export type KioskExitRequest = z.infer<typeof kioskExitRequest>;

export const kioskExitAnswer = z.object({ approved_by: z.number() });

/** Fewer digits than a local number would match too many customers to prove anything. */
export const KIOSK_PHONE_MIN_DIGITS = 7;

/**
 * "Find my order": its number and the phone or e-mail on it. Either proves the customer knows the order;
 * a wrong pair answers the same as no such order, so nothing is learnt by trying.
 */
export const kioskOrderLookup = z.object({
  number: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  contact: z
    .string()
    .trim()
    .min(1)
    .max(254)
    .refine(
      (value) => value.includes('@') || value.replace(/\D/g, '').length >= KIOSK_PHONE_MIN_DIGITS,
      'phone_or_email',
    ),
});
export type KioskOrderLookup = z.infer<typeof kioskOrderLookup>;

/** What the kiosk shows of a found order: what is rented or bought and when, never who else is on it. */
export const kioskOrderSummary = z.object({
  order_id: z.number(),
  number: z.number(),
  status: z.string(),
  planned_start: z.string().nullable(),
  planned_finish: z.string().nullable(),
  total_minor: z.number(),
  lines: z.array(z.object({ name: z.string(), quantity: z.number() })),
  signed_at: z.string().nullable(),
  /** Closed, returned and cancelled orders are not signed at a kiosk. */
  signable: z.boolean(),
});
export type KioskOrderSummary = z.infer<typeof kioskOrderSummary>;

/** Signing a found order: the lookup again (the server checks it again) and the signature. */
export const kioskOrderSignRequest = z.object({
  lookup: kioskOrderLookup,
  signature: orderSignatureInput,
});
export type KioskOrderSignRequest = z.infer<typeof kioskOrderSignRequest>;
