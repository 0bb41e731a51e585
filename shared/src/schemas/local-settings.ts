import { z } from 'zod';
import { LANGUAGES } from '../constants.ts';

/*
 * Spec section 3 "Local device settings" and "Paging setting": kept in the browser of one device, never on
 * the server. Here because the web app reads them with zod, which it reaches through `shared`.
 */

export const PRINT_WIDTHS = ['full', '80mm', '55mm'] as const;
export const PRINT_MODES = ['browser', 'receipt'] as const;
export const ITEMS_PER_PAGE = [10, 25, 50, 100] as const;

/** Each field falls back to its default alone: an unknown value stored by another version loses only itself. */
export const localSettings = z.object({
  /** Width orders print at: a full page, or an 80 mm or 55 mm receipt. */
  orderPrintWidth: z.enum(PRINT_WIDTHS).catch('full'),
  kioskMode: z.boolean().catch(false),
  newTourInterface: z.boolean().catch(false),
  /** The browser's print dialog, or silent printing on the counter's receipt printer. */
  printMode: z.enum(PRINT_MODES).catch('browser'),
  itemsPerPage: z.literal(ITEMS_PER_PAGE).catch(25),
});
export type LocalSettings = z.infer<typeof localSettings>;

/** The settings screen's form: the device's settings and its language; the page size comes from a select. */
export const localSettingsForm = localSettings.extend({
  language: z.enum(LANGUAGES),
  // A select's value is a string: typed so, the form's field takes it as one.
  itemsPerPage: z.coerce.number<string>().pipe(localSettings.shape.itemsPerPage),
});
