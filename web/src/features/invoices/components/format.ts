// The invoice screens' names for the one app-wide date format (lib/format.ts), kept because the invoice
// view, print and receipt, changed elsewhere, import them from here.
export { formatDate, formatDateTime, formatDay as formatIsoDay } from '../../../lib/format.ts';
