import { ApiError } from '../../lib/api-client.ts';

/** Field → issue code, from a zod result on the client or the server's 1001 `issues`. */
export type FieldErrors = Partial<Record<string, string>>;

interface Issue {
  path: string | (string | number | symbol)[];
  message: string;
  code?: string;
}

/** The first issue of each field; messages the schemas name (invalid_phone…) are kept, others become a code. */
export function fieldErrorsOf(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = Array.isArray(issue.path) ? String(issue.path[0] ?? '') : issue.path.split('.')[0]!;
    if (field === '' || errors[field] !== undefined) continue;
    errors[field] =
      issue.code === 'too_small' ? 'required' : issue.code === 'too_big' ? 'too_long' : 'invalid';
  }
  return errors;
}

/** The field issues of a 1001 answer, or null when the failure is something else. */
export function serverFieldErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || error.respCode !== 1001) return null;
  const issues = (error.data as { issues?: Issue[] } | undefined)?.issues;
  return Array.isArray(issues) ? fieldErrorsOf(issues) : null;
}
