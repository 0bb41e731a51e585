import type { FastifyInstance } from 'fastify';
import { CsvError, parse as parseCsv } from 'csv-parse/sync';
import { AppError } from '@nine/shared/errors';
import {
  customerImportRequest,
  customerInput,
  IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  type CustomerInput,
  type ImportRefusedRow,
} from '@nine/shared/schemas/customers';
import type { Db } from '../../db/pool.ts';
import { exec } from '../../db/sql.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';

import { actorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';

const CHUNK = 5000;
/** Issue codes the web app translates; the field names are the CSV's column names. */
type IssueCode = 'required' | 'too_long' | 'invalid' | 'columns';

function issueCode(zodCode: string): IssueCode {
  if (zodCode === 'too_small') return 'required';
  if (zodCode === 'too_big') return 'too_long';
  return 'invalid';
}

/** Reads and checks every row; answers the customers to insert or the refused rows, never a mix. */
export function readCustomerCsv(content: string): { rows: CustomerInput[]; refused: ImportRefusedRow[] } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parseCsv(content, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    if (err instanceof CsvError) {
      const line = (err as CsvError & { lines?: number }).lines ?? 0;
      return { rows: [], refused: [{ line, issues: [{ field: '', message: 'invalid' }] }] };
    }
    throw err;
  }
  const [header, ...body] = records;
  const columns = (header?.record ?? []).map((c) => c.toLowerCase());
  const unknown = columns.filter((c) => !(IMPORT_COLUMNS as readonly string[]).includes(c));
  if (!columns.includes('first_name') || unknown.length > 0 || new Set(columns).size !== columns.length)
    throw new AppError('customerImportHeader', { params: { columns: unknown.join(', ') || '-' } });
  if (body.length === 0) throw new AppError('customerImportEmpty');

  const rows: CustomerInput[] = [];
  const refused: ImportRefusedRow[] = [];
  for (const { record, info } of body) {
    if (record.length !== columns.length) {
      refused.push({ line: info.lines, issues: [{ field: '', message: 'columns' }] });
      continue;
    }
    const parsed = customerInput.safeParse(Object.fromEntries(columns.map((c, i) => [c, record[i]])));
    if (parsed.success) rows.push(parsed.data);
    else
      refused.push({
        line: info.lines,
        issues: parsed.error.issues.map((i) => ({
          field: String(i.path[0] ?? ''),
          message: issueCode(i.code),
        })),
      });
  }
  return { rows, refused };
}

/**
 * POST /customers/import: a CSV (.csv, at most 10 MB) read by the browser and sent as text. Every row is
 * checked first; one refused row refuses the file with a row-by-row report, and nothing is imported.
 * The rows go in through unnest() in chunks, all in one transaction.
 */
export function registerImportCustomers(app: FastifyInstance, deps: { db: Db }): void {
  app.post(
    '/api/nine/customers/import',
    {
      config: { access: { resource: 'customer', action: 'change' } },
      // JSON escaping can double a CSV's size; the 10 MB rule is checked on the text itself.
      bodyLimit: 3 * IMPORT_MAX_BYTES,
    },
    async (request, reply) => {
      const { filename, content } = parse(customerImportRequest, request.body);
      if (!/\.csv$/i.test(filename)) throw new AppError('customerImportFileType');
      if (Buffer.byteLength(content, 'utf8') > IMPORT_MAX_BYTES) throw new AppError('customerImportTooLarge');
      const { rows, refused } = readCustomerCsv(content);
      if (refused.length > 0)
        throw new AppError('customerImportRefused', {
          data: { rows: refused.slice(0, 500), refused: refused.length, accepted: rows.length },
          params: { count: refused.length },
        });
      const { userId, locationId } = actorOf(request);
      await transaction(deps.db, async (client) => {
        for (let start = 0; start < rows.length; start += CHUNK) {
          const chunk = rows.slice(start, start + CHUNK);
          const col = (k: keyof CustomerInput) => chunk.map((r) => r[k] ?? null);
          await exec(
            client,
            `INSERT INTO customers (first_name, last_name, email, phone, address, postal_code, city, country, notes, home_location_id)
             SELECT f, l, e, p, a, z, c, n, t, $10 FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
               $6::text[], $7::text[], $8::text[], $9::text[]) AS u(f, l, e, p, a, z, c, n, t)`,
            [
              col('first_name'),
              col('last_name'),
              col('email'),
              col('phone'),
              col('address'),
              col('postal_code'),
              col('city'),
              col('country'),
              col('notes'),
              locationId,
            ],
          );
        }
        await audit(
          client,
          { userId, locationId },
          {
            entity: 'customer_import',
            entityId: 0,
            action: 'imported',
            data: { filename, count: rows.length },
          },
        );
        return { status: 201, body: null };
      });
      return reply.code(201).send({ data: { imported: rows.length } });
    },
  );
}
