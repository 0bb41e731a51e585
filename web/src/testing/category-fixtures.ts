import type { CategoryRow } from '@nine/shared/schemas/inventory';

/** A category as GET categories lists it: no image, no products, no attributes. */
export const categoryRow = (
  id: number,
  parent_id: number | null,
  name: string,
  sort_order = 0,
): CategoryRow => ({
  id,
  parent_id,
  name,
  sort_order,
  image_url: null,
  product_count: 0,
  attribute_ids: [],
});
