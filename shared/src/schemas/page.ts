import { z } from 'zod';

/** The one page-size rule: 25 rows a page unless asked, at most 200. A list that differs says so. */
export const PAGE_SIZE = { default: 25, max: 200 } as const;

/** The envelope of every paged list's answer. `total_capped`: the count stopped at 10,000 ("10,000+"). */
export interface Page<T> {
  rows: T[];
  total: number;
  total_capped?: boolean;
  page: number;
  page_size: number;
}

/**
 * A list's paging (and sorting) query: `page`, `page_size` and, with `sort`, the sort field and its
 * direction (`sort_type`, or the key named by `dirKey`). Filters are added with `.extend({...})`:
 * `pageQuery({ sort: { fields: ['name', 'created_at'], default: 'name' } }).extend({ search })`.
 */
interface PageOptions {
  size?: { default: number; max: number };
  /** The highest page asked for (a deep OFFSET costs a scan of every row before it). */
  maxPage?: number;
}

interface SortOptions<F extends readonly [string, ...string[]], D extends string> {
  fields: F;
  default: F[number];
  dir?: 'asc' | 'desc';
  dirKey?: D;
}

export function pageQuery<
  const F extends readonly [string, ...string[]],
  const D extends string = 'sort_type',
>(options: PageOptions & { sort: SortOptions<F, D> }): z.ZodObject<Paging & Sorting<F, D>>;
export function pageQuery(options?: PageOptions): z.ZodObject<Paging>;
export function pageQuery(
  options: PageOptions & { sort?: SortOptions<readonly [string, ...string[]], string> } = {},
): z.ZodObject {
  const size = options.size ?? PAGE_SIZE;
  const page = z.coerce
    .number()
    .int()
    .min(1)
    .max(options.maxPage ?? Number.MAX_SAFE_INTEGER)
    .default(1);
  const paging = z.object({
    page,
    page_size: z.coerce.number().int().min(1).max(size.max).default(size.default),
  });
  const sort = options.sort;
  if (!sort) return paging;
  return paging.extend({
    sort: z.enum(sort.fields).default(sort.default),
    [sort.dirKey ?? 'sort_type']: z.enum(['asc', 'desc']).default(sort.dir ?? 'asc'),
  });
}

type Paging = {
  page: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
  page_size: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
};
type Sorting<F extends readonly [string, ...string[]], D extends string> = {
  sort: z.ZodDefault<z.ZodEnum<{ [K in F[number]]: K }>>;
} & { [K in D]: z.ZodDefault<z.ZodEnum<{ asc: 'asc'; desc: 'desc' }>> };
