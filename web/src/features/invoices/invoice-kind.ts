/** The two invoice lists of spec section 2: invoices/rents and invoices/sale. */
export type InvoiceListKind = 'rents' | 'sale';

export const INVOICE_LIST_API_PATH: Record<InvoiceListKind, string> = {
  rents: 'nine/invoices/rents',
  sale: 'nine/invoices/sale',
};
