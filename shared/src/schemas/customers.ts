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

const customerFields = z.object({
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().max(100),
  email: optional(z.string().trim().toLowerCase().email().max(254)),
  phone: optional(phone),
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
export const customerHistoryQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
});
export type CustomerHistoryQuery = z.infer<typeof customerHistoryQuery>;

export interface CustomerBalance {
  /** Totals of the customer's orders that are not cancelled. */
  ordered_minor: number;
  /** Payments on those orders less their refunds. */
  paid_minor: number;
  /** ordered - paid: what the customer still owes (negative: paid ahead). */
  balance_minor: number;
  /** Posted invoices less credit notes. */
  invoiced_minor: number;
}

export interface CustomerNoteRow {
  id: number;
  body: string;
  created_by_name: string | null;
  created_at: string;
}

export interface ParticipantRow {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  birth_date: string | null;
  created_at: string;
}

export interface SignatureRow {
  id: number;
  signer_name: string;
  participant_id: number | null;
  document: string;
  image: string | null;
  signed_at: string;
}

export interface CustomerDetail extends CustomerRow {
  notes: string | null;
  balance: CustomerBalance;
  note_log: CustomerNoteRow[];
  participants: ParticipantRow[];
  signatures: SignatureRow[];
}

export interface CustomerOrderRow {
  id: number;
  number: number;
  type: 'rent' | 'sale';
  status: string;
  location_name: string;
  planned_start: string | null;
  planned_finish: string | null;
  total_minor: number;
  paid_minor: number;
  created_at: string;
}

export interface CustomerInvoiceRow {
  id: number;
  number: number;
  type: string;
  status: 'in_progress' | 'posted';
  order_number: number | null;
  total_minor: number;
  created_at: string;
  posted_at: string | null;
}

export interface CustomerPaymentRow {
  id: number;
  order_number: number | null;
  method: string;
  amount_minor: number;
  refunded_minor: number;
  created_at: string;
}

export interface CustomerMessageRow {
  id: number;
  channel: 'sms' | 'email';
  recipient: string;
  body: string;
  status: 'sent' | 'failed';
  sent_by_name: string | null;
  created_at: string;
}

export const customerNoteInput = z.object({ body: z.string().trim().min(1).max(2000) });

export const participantInput = z.object({
  name: z.string().trim().min(1).max(200),
  email: optional(z.string().trim().toLowerCase().email().max(254)),
  phone: optional(phone),
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
export interface ImportRefusedRow {
  line: number;
  issues: { field: string; message: string }[];
}

export interface ImportResult {
  imported: number;
}
