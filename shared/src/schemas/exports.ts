import { z } from 'zod';

// Answers of the download center (server/src/modules/exports/export-routes.ts).

export const exportStatuses = ['in_progress', 'ready', 'failed'] as const;
export type ExportStatus = (typeof exportStatuses)[number];

export const exportRow = z.object({
  id: z.number(),
  list: z.string(),
  format: z.enum(['csv', 'xlsx']),
  description: z.string(),
  status: z.enum(exportStatuses),
  /** Known once the export is ready. */
  row_count: z.number().int().nullable(),
  byte_count: z.number().int().nullable(),
  failed: z.boolean(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ExportRow = z.infer<typeof exportRow>;

/** GET /api/nine/exports: the user's exports, newest first (counted exactly, no `total_capped`). */
export const exportPage = z.object({
  rows: z.array(exportRow),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type ExportPage = z.infer<typeof exportPage>;

/** POST /api/nine/exports: the list (a source key of the server's export-sources.ts) with its filters. */
export const exportCreate = z.object({
  list: z.string(),
  format: z.enum(['csv', 'xlsx']).default('csv'),
  description: z.string().trim().min(1).max(200),
  filters: z.record(z.string(), z.unknown()).default({}),
});
export type ExportCreate = z.infer<typeof exportCreate>;
/** The export dialog's fields; the list and its filters come from the screen. */
export const exportForm = exportCreate.pick({ description: true, format: true });

/** POST /api/nine/exports: the export queued; the list shows it in progress until the job finishes. */
export const exportCreated = exportRow.pick({ id: true, status: true, created_at: true });
export type ExportCreated = z.infer<typeof exportCreated>;
