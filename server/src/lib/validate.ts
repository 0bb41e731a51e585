import type { z } from 'zod';

/** Validates input with a shared schema; a ZodError becomes a 400 `validation` envelope. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  return schema.parse(value);
}
