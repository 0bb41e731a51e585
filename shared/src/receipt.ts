import { z } from 'zod';

/**
 * The receipt document model: one description of a receipt that the agent renders to ESC/POS bytes and the
 * web app renders to HTML when no agent is paired. Amounts are integer minor units; both renderers format
 * them with `formatReceiptMoney` so the paper and the browser agree.
 */

const minor = z.int();
const label = z.string().max(48);

export const receiptCode = z.object({
  kind: z.enum(['qr', 'code128']),
  data: z.string().min(1).max(512),
  caption: z.string().max(64).optional(),
});
export type ReceiptCode = z.infer<typeof receiptCode>;

/** Longest logo data URL accepted (about 500 KB of PNG); a websocket frame carries at most 1 MB. */
export const RECEIPT_LOGO_MAX_DATA_URL = 700_000;
/** Largest logo side in pixels: bigger images are refused before they are decoded. */
export const RECEIPT_LOGO_MAX_SIDE = 2048;

const logoSide = z.int().min(1).max(RECEIPT_LOGO_MAX_SIDE);
/**
 * Fraction of the printable width the logo spans (0.5 = half the head). Default: the image's own width in
 * dots, shrunk to fit the head; never wider than the head.
 */
const logoWidthRatio = z.number().gt(0).max(1).optional();

/** Bytes of a base64 string, from its length (shared runs in browsers too, no Buffer here). */
function base64ByteLength(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}

/**
 * A logo printed at the top of the receipt. The agent scales it to the printer's head and dithers it to
 * 1 bit (Floyd–Steinberg); browsers show the PNG as is.
 * - `png`: a `data:image/png;base64,...` URL.
 * - `bitmap`: raw 1-bit rows, most significant bit first, 1 = black, each row padded to a whole byte
 *   (`ceil(width / 8) * height` bytes, base64).
 */
export const receiptLogo = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('png'),
    dataUrl: z
      .string()
      .max(RECEIPT_LOGO_MAX_DATA_URL)
      .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, 'a base64 PNG data URL'),
    widthRatio: logoWidthRatio,
    alt: z.string().max(64).optional(),
  }),
  z
    .object({
      kind: z.literal('bitmap'),
      width: logoSide,
      height: logoSide,
      data: z
        .string()
        .max(RECEIPT_LOGO_MAX_DATA_URL)
        .regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, 'base64'),
      widthRatio: logoWidthRatio,
      alt: z.string().max(64).optional(),
    })
    .refine((logo) => base64ByteLength(logo.data) === Math.ceil(logo.width / 8) * logo.height, {
      message: 'data must hold ceil(width / 8) * height bytes',
      path: ['data'],
    }),
]);
export type ReceiptLogo = z.infer<typeof receiptLogo>;

export const receiptLine = z.object({
  description: z.string().min(1).max(128),
  quantity: z.number().positive().max(1_000_000),
  unitPrice: minor,
  /** The line total as charged (discounts included), not recomputed by renderers. */
  amount: minor,
  /** A second, smaller line: rental period, serial number, discount note. */
  detail: z.string().max(128).optional(),
});
export type ReceiptLine = z.infer<typeof receiptLine>;

export const receiptDocument = z.object({
  locale: z.string().min(2).max(35).default('en-US'),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'an ISO 4217 code')
    .default('USD'),
  /** Printed above the header. */
  logo: receiptLogo.optional(),
  header: z.object({
    /** The business name, printed large and centred. */
    title: z.string().min(1).max(64),
    /** Address, tax id, phone. */
    lines: z.array(z.string().max(64)).max(10).default([]),
  }),
  /** Order number, date, cashier, customer: label/value pairs. */
  meta: z
    .array(z.object({ label, value: z.string().max(64) }))
    .max(20)
    .default([]),
  lines: z.array(receiptLine).max(500),
  totals: z
    .array(z.object({ label, amount: minor, emphasis: z.boolean().default(false) }))
    .max(20)
    .default([]),
  taxes: z
    .array(z.object({ label, rate: z.number().min(0).max(100), base: minor, amount: minor }))
    .max(10)
    .default([]),
  payments: z
    .array(z.object({ method: label, amount: minor, detail: z.string().max(64).optional() }))
    .max(10)
    .default([]),
  codes: z.array(receiptCode).max(4).default([]),
  footer: z.array(z.string().max(128)).max(10).default([]),
});
/** A validated receipt (defaults applied). */
export type ReceiptDocument = z.output<typeof receiptDocument>;
/** What a caller may send (defaults optional). */
export type ReceiptDocumentInput = z.input<typeof receiptDocument>;

// Building an Intl.NumberFormat (and reading its options) costs far more than formatting with one: keep
// one per locale and currency.
const moneyFormats = new Map<string, { format: Intl.NumberFormat; divisor: number }>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** Formats minor units in the receipt's locale and currency, e.g. `12,50 €` for fr-FR/EUR. */
export function formatReceiptMoney(amount: number, currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let entry = moneyFormats.get(key);
  if (entry === undefined) {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    // Minor units follow the currency (2 for EUR, 0 for JPY), not a fixed 100.
    entry = { format, divisor: 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2) };
    moneyFormats.set(key, entry);
  }
  return entry.format.format(amount / entry.divisor);
}

/** Formats a quantity or a rate without trailing zeros, in the receipt's locale. */
export function formatReceiptNumber(value: number, locale: string): string {
  let format = numberFormats.get(locale);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
    numberFormats.set(locale, format);
  }
  return format.format(value);
}
