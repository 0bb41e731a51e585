import { json } from '../../../testing/fake-fetch.ts';
import type { CatalogueMatch } from '../api/lookup-catalogue.ts';

// What the create and quick-sale lookups find in their tests: a customer, an item and a sale product.

export const adaPick = {
  id: 7,
  name: 'Ada Lovelace',
  phone: null,
  email: null,
  postal_code: null,
  is_anonymous: false,
};

export const kayakMatch: CatalogueMatch = {
  kind: 'item',
  product_id: 10,
  product_sku: 'KAYAK',
  product_name: 'Sea kayak',
  product_category: 'Kayaks',
  price_minor: 4000,
  deposit_minor: 10000,
  item_id: 501,
  item_sku: 'KAY-01',
  barcode: '290000000501',
  item_status: 'available',
  stock_quantity: null,
};

/** A bulk sale product the counter scans by its barcode. */
export const waxMatch: CatalogueMatch = {
  kind: 'product',
  product_id: 1,
  product_sku: 'WAX',
  product_name: 'Surf wax',
  product_category: null,
  price_minor: 450,
  deposit_minor: 0,
  item_id: null,
  item_sku: null,
  barcode: '400001',
  item_status: null,
  stock_quantity: 30,
};

/** The catalogue lookup's answer at the counter: the wax for its barcode 400001, nothing for any other code. */
export const waxLookupAnswer = (url: URL) =>
  json(200, { data: { matches: url.searchParams.get('code') === '400001' ? [waxMatch] : [] } });
