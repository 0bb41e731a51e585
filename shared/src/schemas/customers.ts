import { z } from 'zod';
import { pageQuery } from './page.ts';

export const customerListQuery = pageQuery({
  sort: { fields: ['name', 'email', 'created_at', 'id'], default: 'name' },
}).extend({
  search: z.string().trim().max(100).optional(),
});
export type CustomerListQuery = z.infer<typeof customerListQuery>;

export const customerRow = z.object({
  id: z.number(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  postal_code: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  is_anonymous: z.boolean(),
  created_at: z.string(),
  version: z.number(),
});
export type CustomerRow = z.infer<typeof customerRow>;

/** Phone numbers: digits with optional +, spaces, dots, dashes and brackets; 6 to 20 digits. */
export const customerPhone = z
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

const customerFields = z.object({
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().max(100),
  email: optional(z.string().trim().toLowerCase().email().max(254)),
  phone: optional(customerPhone),
  address: optional(z.string().trim().max(300)),
  postal_code: optional(postalCode),
  city: optional(z.string().trim().max(100)),
  country: optional(z.string().trim().max(100)),
  notes: optional(z.string().trim().max(2000)),
});

export const customerInput = customerFields.extend({ last_name: z.string().trim().max(100).default('') });
export type CustomerInput = z.infer<typeof customerInput>;

// No defaults here: a field left out of an edit stays as it is.
export const customerUpdate = customerFields.partial().extend({ version: z.number().int().positive() });

/** A page of one of the customer detail's lists (orders, invoices, payments, messages). */
export const customerHistoryQuery = pageQuery({ size: { default: 10, max: 100 } });
export type CustomerHistoryQuery = z.infer<typeof customerHistoryQuery>;

export const customerBalance = z.object({
  /** Totals of the customer's orders that are not cancelled. */
  ordered_minor: z.number(),
  /** Payments on those orders less their refunds. */
  paid_minor: z.number(),
  /** ordered - paid: what the customer still owes (negative: paid ahead). */
  balance_minor: z.number(),
  /** Posted invoices less credit notes. */
  invoiced_minor: z.number(),
});
export type CustomerBalance = z.infer<typeof customerBalance>;

export const customerNoteRow = z.object({
  id: z.number(),
  body: z.string(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type CustomerNoteRow = z.infer<typeof customerNoteRow>;

export const participantRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  birth_date: z.string().nullable(),
  created_at: z.string(),
});
export type ParticipantRow = z.infer<typeof participantRow>;

export const signatureRow = z.object({
  id: z.number(),
  signer_name: z.string(),
  participant_id: z.number().nullable(),
  document: z.string(),
  image: z.string().nullable(),
  signed_at: z.string(),
});
export type SignatureRow = z.infer<typeof signatureRow>;

export const customerDetail = customerRow.extend({
  notes: z.string().nullable(),
  balance: customerBalance,
  note_log: z.array(customerNoteRow),
  participants: z.array(participantRow),
  signatures: z.array(signatureRow),
});
export type CustomerDetail = z.infer<typeof customerDetail>;

export const customerOrderRow = z.object({
  id: z.number(),
  number: z.number(),
  /** A tour reservation opens in its own view (/tours/reservations/:id), every other non-sale order in the rent view. */
  type: z.enum(['rent', 'sale', 'tour']),
  status: z.string(),
  location_name: z.string(),
  planned_start: z.string().nullable(),
  planned_finish: z.string().nullable(),
  total_minor: z.number(),
  paid_minor: z.number(),
  created_at: z.string(),
});
export type CustomerOrderRow = z.infer<typeof customerOrderRow>;

export const customerInvoiceRow = z.object({
  id: z.number(),
  number: z.number(),
  type: z.string(),
  status: z.enum(['in_progress', 'posted']),
  order_number: z.number().nullable(),
  total_minor: z.number(),
  created_at: z.string(),
  posted_at: z.string().nullable(),
});
export type CustomerInvoiceRow = z.infer<typeof customerInvoiceRow>;

export const customerPaymentRow = z.object({
  id: z.number(),
  order_number: z.number().nullable(),
  method: z.string(),
  amount_minor: z.number(),
  refunded_minor: z.number(),
  created_at: z.string(),
});
export type CustomerPaymentRow = z.infer<typeof customerPaymentRow>;

export const customerMessageRow = z.object({
  id: z.number(),
  channel: z.enum(['sms', 'email']),
  recipient: z.string(),
  body: z.string(),
  status: z.enum(['sent', 'failed']),
  sent_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type CustomerMessageRow = z.infer<typeof customerMessageRow>;

export const customerNoteInput = z.object({ body: z.string().trim().min(1).max(2000) });

export const participantInput = z.object({
  name: z.string().trim().min(1).max(200),
  email: optional(z.string().trim().toLowerCase().email().max(254)),
  phone: optional(customerPhone),
  birth_date: optional(z.iso.date()),
});
export type ParticipantInput = z.infer<typeof participantInput>;

/** An SMS is at most four concatenated segments. */
export const SMS_MAX_LENGTH = 612;

export const sendSmsInput = z.object({ text: z.string().trim().min(1).max(SMS_MAX_LENGTH) });

/** Placeholders an SMS template may use, filled in from the customer on the server. */
export const SMS_PLACEHOLDERS = ['first_name', 'last_name', 'name'] as const;

export function renderSmsTemplate(
  text: string,
  customer: Pick<CustomerRow, 'first_name' | 'last_name'>,
): string {
  const values: Record<(typeof SMS_PLACEHOLDERS)[number], string> = {
    first_name: customer.first_name,
    last_name: customer.last_name,
    name: `${customer.first_name} ${customer.last_name}`.trim(),
  };
  return text.replace(
    /\{\{\s*(first_name|last_name|name)\s*\}\}/g,
    (_, key: keyof typeof values) => values[key],
  );
}

/** CSV import (spec section 5): .csv only, at most 10 MB. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Columns a customer CSV may carry; first_name is required, the others optional, in any order. */
export const IMPORT_COLUMNS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'address',
  'postal_code',
  'city',
  'country',
  'notes',
] as const;

export const customerImportRequest = z.object({
  filename: z.string().trim().min(1).max(255),
  /** The file's text, read by the browser. */
  content: z.string(),
});

/** A refused CSV row: its line in the file and the fields at fault. */
export const importRefusedRow = z.object({
  line: z.number(),
  issues: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type ImportRefusedRow = z.infer<typeof importRefusedRow>;

export const importResult = z.object({
  imported: z.number(),
});
export type ImportResult = z.infer<typeof importResult>;
