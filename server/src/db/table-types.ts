import { rows, type Queryable } from './sql.ts';

/**
 * Writes the TypeScript row type of every table and view from the migrated database, as pg hands the
 * values to us (int8 as a number through pool.ts's parser, numeric as a string, enums as their labels).
 * The result is checked in as tables.ts; test/db-table-types.test.ts fails when it drifts from the
 * migrations, and `pnpm --filter @nine/server db:types` writes it again.
 */

const SCALARS: Record<string, string> = {
  int2: 'number',
  int4: 'number',
  int8: 'number',
  float4: 'number',
  float8: 'number',
  oid: 'number',
  numeric: 'string',
  money: 'string',
  bool: 'boolean',
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  citext: 'string',
  uuid: 'string',
  inet: 'string',
  time: 'string',
  timetz: 'string',
  tsvector: 'string',
  // Ranges have no parser in pg: they come as their text form, e.g. '["2026-01-01 10:00:00+00","...")'.
  tstzrange: 'string',
  daterange: 'string',
  date: 'Date',
  timestamp: 'Date',
  timestamptz: 'Date',
  json: 'unknown',
  jsonb: 'unknown',
  bytea: 'Buffer',
  interval: 'PostgresInterval',
};
// pg parses arrays of int8 and numeric as strings: only int8 itself has a number parser.
const ARRAY_ELEMENTS: Record<string, string> = { int8: 'string', numeric: 'string' };

interface ColumnRow {
  table_name: string;
  column_name: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
}

function pascal(name: string): string {
  return name.replace(/(^|_)([a-z0-9])/g, (_m, _u, c: string) => c.toUpperCase());
}

export async function generateTableTypes(on: Queryable): Promise<string> {
  const enums = await rows<{ name: string; labels: string[] }>(
    on,
    `SELECT t.typname AS name, array_agg(e.enumlabel ORDER BY e.enumsortorder)::text[] AS labels
       FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
       JOIN pg_namespace n ON n.oid = t.typnamespace AND n.nspname = 'public'
      GROUP BY t.typname ORDER BY t.typname`,
  );
  const columns = await rows<ColumnRow>(
    on,
    `SELECT c.table_name, c.column_name, c.udt_name, c.is_nullable
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_name <> 'schema_migrations'
      ORDER BY c.table_name, c.ordinal_position`,
  );
  const enumNames = new Set(enums.map((e) => e.name));
  const tsType = (udt: string): string => {
    if (udt.startsWith('_')) {
      const element = udt.slice(1);
      const inner = ARRAY_ELEMENTS[element] ?? (enumNames.has(element) ? pascal(element) : tsType(element));
      return `${inner.includes(' ') ? `(${inner})` : inner}[]`;
    }
    if (enumNames.has(udt)) return pascal(udt);
    const scalar = SCALARS[udt];
    if (!scalar) throw new Error(`no TypeScript type for the PostgreSQL type ${udt}: add it to SCALARS`);
    return scalar;
  };

  const out: string[] = [
    '// Generated from the migrated database by `pnpm --filter @nine/server db:types`. Do not edit.',
  ];
  if (columns.some((c) => c.udt_name.replace(/^_/, '') === 'interval')) {
    // How pg (postgres-interval) hands over an interval: only the parts that are not zero are set.
    out.push(
      'export interface PostgresInterval {',
      '  years?: number; months?: number; days?: number; hours?: number; minutes?: number;',
      '  seconds?: number; milliseconds?: number;',
      '}',
    );
  }
  out.push('');
  for (const e of enums) {
    out.push(`export type ${pascal(e.name)} = ${e.labels.map((l) => `'${l}'`).join(' | ')};`);
  }
  out.push('', 'export interface Tables {');
  let current = '';
  for (const c of columns) {
    if (c.table_name !== current) {
      if (current) out.push('  };');
      current = c.table_name;
      out.push(`  ${c.table_name}: {`);
    }
    out.push(`    ${c.column_name}: ${tsType(c.udt_name)}${c.is_nullable === 'YES' ? ' | null' : ''};`);
  }
  if (current) out.push('  };');
  out.push('}', '');
  return out.join('\n');
}
