import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Language } from '@nine/shared/constants';
import type { Db } from '../../db/pool.ts';
import { cursor, exec, maybeOne } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import type { Translate } from '../../lib/translator.ts';
import { csvLine, safeText } from './csv.ts';
import { exportSources, type ExportColumn } from './export-sources.ts';

/** The claimed job; format is held to these by a CHECK, lang is the requester's, read from the filters. */
export type ExportRow = Pick<Tables['exports'], 'id' | 'location_id' | 'list' | 'filters'> & {
  format: 'csv' | 'xlsx';
  lang: Language | null;
};

export function exportFile(dir: string, id: number, format: string): string {
  return join(dir, `${id}.${format}`);
}

function cell(value: unknown, column: ExportColumn): unknown {
  if (value === null || value === undefined) return null;
  if (column.kind === 'money') return Number(value) / 100;
  if (column.kind === 'date') return value instanceof Date ? value.toISOString() : value;
  return value;
}

/**
 * Streams the list's rows from a database cursor into the file, a batch at a time, waiting for the
 * disk when it is slower: memory stays flat whether the list has a hundred rows or a million.
 */
export async function runExport(
  db: Db,
  deps: { dir: string; translate: Translate },
  exportId: number,
): Promise<void> {
  // The claim: of two runners given the same job, the second finds it started and leaves it.
  const job = await maybeOne<ExportRow>(
    db.pool,
    `UPDATE exports SET started_at = now(), attempts = attempts + 1
     WHERE id = $1 AND (status = 'failed' OR (status = 'in_progress' AND (started_at IS NULL OR started_at < now() - interval '15 minutes')))
     RETURNING id, location_id, list, format, filters, filters->>'_lang' AS lang`,
    [exportId],
  );
  if (!job) return;
  const source = exportSources[job.list];
  const file = exportFile(deps.dir, job.id, job.format);
  try {
    if (!source) throw new Error(`unknown export list ${job.list}`);
    const filters = source.filters.parse(job.filters);
    const { text, params } = source.sql(job.location_id, filters as never);
    const headers = source.columns.map((c) => deps.translate(job.lang ?? 'en-US', `export-columns:${c.key}`));
    await mkdir(deps.dir, { recursive: true });
    const client = await db.pool.connect();
    let count = 0;
    try {
      // A million rows stream for longer than a request may run.
      await exec(client, 'SET statement_timeout = 0');
      const stream = cursor<Record<string, unknown>>(client, text, params);
      if (job.format === 'csv') {
        const out = createWriteStream(file);
        out.write('\uFEFF' + csvLine(headers)); // BOM: spreadsheets then read UTF-8 accents right
        for await (const row of stream) {
          count++;
          if (!out.write(csvLine(source.columns.map((c) => cell(row[c.key], c))))) await once(out, 'drain');
        }
        out.end();
        await once(out, 'finish');
      } else {
        const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
          filename: file,
          useStyles: false,
          useSharedStrings: false,
        });
        const sheet = workbook.addWorksheet(job.list);
        sheet.addRow(headers).commit();
        for await (const row of stream) {
          count++;
          sheet.addRow(source.columns.map((c) => safeText(cell(row[c.key], c)))).commit();
        }
        sheet.commit();
        await workbook.commit();
      }
    } finally {
      await exec(client, 'RESET statement_timeout').catch(() => {});
      client.release();
    }
    const size = (await stat(file)).size;
    await exec(
      db.pool,
      `UPDATE exports SET status = 'ready', row_count = $2, byte_count = $3, finished_at = now() WHERE id = $1`,
      [job.id, count, size],
    );
  } catch (err) {
    await rm(file, { force: true });
    await exec(
      db.pool,
      `UPDATE exports SET status = 'failed', error = $2, finished_at = now() WHERE id = $1`,
      [job.id, (err as Error).message.slice(0, 500)],
    );
    throw err;
  }
}
