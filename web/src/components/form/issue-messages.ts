import type { ParseKeys } from 'i18next';
import type { AppT } from '../../lib/i18n.ts';
import type { appNamespaces } from '../../lib/locale-namespaces.ts';

export type MessageKey = ParseKeys<typeof appNamespaces>;

/**
 * A form's own wording per field path (`rates.*.rate_bp` matches every row): one key for every issue of
 * the field, or a key per issue token (`required`, `email`, a schema's own `invalid_code`…; `*` for the
 * rest). Fields without an entry use `common:form.<token>`.
 */
export type IssueMessages = Partial<Record<string, MessageKey | Partial<Record<string, MessageKey>>>>;

/** The tokens `common:form` words; any other token falls back to `invalid`. */
const COMMON_TOKENS = new Set([
  'required',
  'too_long',
  'too_short',
  'too_large',
  'too_small',
  'invalid',
  'email',
  'number',
]);

interface RawIssue {
  code: string;
  input?: unknown;
  origin?: string;
  format?: string;
  minimum?: unknown;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The token of a zod issue that carries no message of its own, used as zod's per-parse error map: the
 * schema's own messages (`'invalid_code'`) win over it, so both arrive as tokens.
 */
export function tokenOfIssue(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (isEmpty(issue.input)) return 'required';
      return Number.isNaN(issue.input) ? 'number' : 'invalid';
    case 'too_small':
      if (isEmpty(issue.input)) return 'required';
      if (issue.origin === 'string') return issue.minimum === 1 ? 'required' : 'too_short';
      return issue.origin === 'array' ? 'too_short' : 'too_small';
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array' ? 'too_long' : 'too_large';
    case 'invalid_format':
      return issue.format === 'email' ? 'email' : 'invalid';
    default:
      return 'invalid';
  }
}

const TOKEN = /^[a-z][a-z0-9_]*$/;

/**
 * The token of an issue the server answered (`{ path, code, message }`): the schema's own message when it
 * is one (`invalid_phone`), else one read from zod's code, as on the client.
 */
export function tokenOfServerIssue(issue: { code?: unknown; message?: unknown }): string {
  const message = typeof issue.message === 'string' ? issue.message : '';
  if (TOKEN.test(message)) return message;
  const code = typeof issue.code === 'string' ? issue.code : '';
  if (code === 'invalid_format' && /e-?mail/i.test(message)) return 'email';
  if (code === 'too_small') return /string|character/i.test(message) ? 'required' : 'too_small';
  return tokenOfIssue({ code, input: 'x', origin: /string|character/i.test(message) ? 'string' : '' });
}

/** The translated message for a token on a field. */
export function issueMessage(t: AppT, path: string, token: string, messages: IssueMessages = {}): string {
  const own = messages[path] ?? messages[path.replace(/\.\d+(?=\.|$)/g, '.*')];
  const key = typeof own === 'string' ? own : (own?.[token] ?? own?.['*']);
  if (key !== undefined) return t(key);
  return COMMON_TOKENS.has(token) ? t(`common:form.${token}` as MessageKey) : t('common:form.invalid');
}
