/** The input type of a shared zod schema, through the Standard Schema interface (no zod dependency here). */
export type SchemaInput<S extends { '~standard': { types?: { input: unknown } | undefined } }> = NonNullable<
  S['~standard']['types']
>['input'];
