import type pg from 'pg';
import type { TaxRate } from '@nine/shared/tax';

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

export interface TaxSettings {
  is_tax_included: boolean;
  show_taxes_mode: string;
  /** The active taxes, whose rates the one tax rule sums. */
  taxes: TaxRate[];
}

/** What a price breakdown needs from the location's general settings and the business's taxes. */
export async function taxSettings(q: Queryable, locationId: number): Promise<TaxSettings> {
  // One after another: `q` may be a transaction's client, which runs one query at a time.
  const settings = await q.query<Omit<TaxSettings, 'taxes'>>(
    `SELECT coalesce((SELECT is_tax_included FROM general_settings WHERE location_id = $1), false) AS is_tax_included,
            coalesce((SELECT show_taxes_mode FROM general_settings WHERE location_id = $1), 'separate') AS show_taxes_mode`,
    [locationId],
  );
  const taxes = await q.query<TaxRate>('SELECT name, rate_bp FROM taxes WHERE is_active ORDER BY id');
  return { ...settings.rows[0]!, taxes: taxes.rows };
}
