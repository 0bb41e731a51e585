import type pg from 'pg';
import { exec } from '../db/sql.ts';

/**
 * The accounts sections' demo values: the migration's accounts (the codes the books always posted to) plus
 * water sports revenue on an account of its own, so the category accounts show a real mapping. No random
 * numbers: the orders stay as they were. The seeded history stays on rental revenue, as posted then.
 */
export async function seedAccountSettings(client: pg.PoolClient): Promise<void> {
  await exec(
    client,
    `INSERT INTO gl_codes (code, description) VALUES ('4030', 'Water sports rental revenue') ON CONFLICT (code) DO NOTHING`,
  );
  await exec(
    client,
    `INSERT INTO gl_category_accounts (category_id, gl_code)
     SELECT c.id, '4030' FROM categories c WHERE c.name IN ('Water', 'Kayaks', 'SUP boards')
     ON CONFLICT (category_id) DO NOTHING`,
  );
}
