// The order screens' names for the one app-wide date format (lib/format.ts), kept because screens being
// changed elsewhere import them from here.
export { formatDate, formatDateTime, formatDay as formatIsoDay } from '../../../lib/format.ts';
