import type { TaxRate } from '@nine/shared/tax';
import { one, rows, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';

export interface TaxSettings {
  is_tax_included: boolean;
  show_taxes_mode: string;
  /** The active taxes, whose rates the one tax rule sums. */
  taxes: TaxRate[];
}

/** What a price breakdown needs from the location's general settings and the business's taxes. */
export async function taxSettings(q: Queryable, locationId: number): Promise<TaxSettings> {
  // One after another: `q` may be a transaction's client, which runs one query at a time.
  const settings = await one<Pick<Tables['general_settings'], 'is_tax_included' | 'show_taxes_mode'>>(
    q,
    `SELECT coalesce((SELECT is_tax_included FROM general_settings WHERE location_id = $1), false) AS is_tax_included,
            coalesce((SELECT show_taxes_mode FROM general_settings WHERE location_id = $1), 'separate') AS show_taxes_mode`,
    [locationId],
  );
  const taxes = await rows<Pick<Tables['taxes'], 'name' | 'rate_bp'>>(
    q,
    'SELECT name, rate_bp FROM taxes WHERE is_active ORDER BY id',
  );
  return { ...settings, taxes };
}
