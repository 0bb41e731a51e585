import { json } from './fake-fetch.ts';

/**
 * A list endpoint's answer (the one `Page<T>` envelope) for the `page` and `page_size` the request's `url`
 * asks for, out of `total` rows: `row(n, i)` makes the n-th row of the list (from 1), the i-th of its page.
 */
export function listPageAnswer<Row>(
  url: URL,
  total: number,
  row: (n: number, indexOnPage: number) => Row,
  options: { capped?: boolean } = {},
): Response {
  const page = Number(url.searchParams.get('page') ?? 1);
  const size = Number(url.searchParams.get('page_size') ?? 25);
  const count = Math.max(0, Math.min(size, total - (page - 1) * size));
  const rows = Array.from({ length: count }, (_, i) => row((page - 1) * size + i + 1, i));
  return json(200, { data: { rows, total, total_capped: options.capped ?? false, page, page_size: size } });
}
