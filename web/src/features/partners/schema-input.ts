/**
 * The input type of a shared zod schema, read through the Standard Schema interface every zod schema
 * carries, so the web app needs no direct zod dependency for types.
 */
export type SchemaInput<S extends { '~standard': { types?: { input: unknown } | undefined } }> = NonNullable<
  S['~standard']['types']
>['input'];
