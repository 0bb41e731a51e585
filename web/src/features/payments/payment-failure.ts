import { errorCatalogue } from '@nine/shared/errors';
import { ApiError } from '../../lib/api-client.ts';
import type { AppT } from '../../lib/i18n.ts';

/** Refusals the money routes explain with a code in `data`; each has its own sentence. */
const ISSUE_CODES = [
  'exceeds_balance',
  'exceeds_credit',
  'exceeds_refundable',
  'exceeds_deposit_held',
  'exceeds_drawer',
  'unknown_register',
  'order_cancelled',
  'nothing_to_invoice',
] as const;
const REASONS = [
  'card_entry_disabled',
  'external_payments_disabled',
  'external_refunds_disabled',
  'register_already_open',
  'register_closed',
] as const;

type IssueCode = (typeof ISSUE_CODES)[number];
type Reason = (typeof REASONS)[number];

const isIssue = (code: unknown): code is IssueCode => ISSUE_CODES.includes(code as IssueCode);
const isReason = (code: unknown): code is Reason => REASONS.includes(code as Reason);

export interface MoneyFailure {
  message: string;
  /** An approver's access key is missing or wrong (1206): the form asks for it. */
  needsAccessKey: boolean;
  /** Cash needs an open register (1256): the one that is closed, so the form can offer to open it. */
  closedRegister: ClosedRegister | null;
}

export interface ClosedRegister {
  id: number | null;
  name: string;
}

/**
 * registerClosed (1256, `data: { register_id, register_name }`, both null when no register could be chosen):
 * the closed register a refusal names, or null when it is another refusal.
 */
export function closedRegisterOf(error: unknown): ClosedRegister | null {
  if (!(error instanceof ApiError) || error.respCode !== errorCatalogue.registerClosed.code) return null;
  const data = (error.data ?? {}) as { register_id?: unknown; register_name?: unknown };
  return {
    id: typeof data.register_id === 'number' ? data.register_id : null,
    name: typeof data.register_name === 'string' ? data.register_name : '',
  };
}

/**
 * A failed money request in words: catalogue messages come translated by the server; the refusals that
 * carry an issue code (above the balance, above what was paid) get a sentence naming the limit.
 */
export function moneyFailure(error: unknown, t: AppT, money: (minor: number) => string): MoneyFailure {
  if (!(error instanceof ApiError))
    return { message: t('errors:internal'), needsAccessKey: false, closedRegister: null };
  const closedRegister = closedRegisterOf(error);
  if (closedRegister !== null)
    return {
      message:
        closedRegister.name !== ''
          ? t('money:registers.closed_named', { name: closedRegister.name })
          : t('money:registers.closed_unnamed'),
      needsAccessKey: false,
      closedRegister,
    };
  const data = (error.data ?? {}) as {
    issues?: { code?: unknown; [limit: string]: unknown }[];
    reason?: unknown;
  };
  const issue = data.issues?.[0];
  if (issue && isIssue(issue.code)) {
    const limit = Object.entries(issue).find(([key]) => key.endsWith('_minor'))?.[1];
    return {
      message: t(`money:payments.errors.${issue.code}`, {
        amount: typeof limit === 'number' ? money(limit) : '',
      }),
      needsAccessKey: false,
      closedRegister: null,
    };
  }
  if (isReason(data.reason))
    return {
      message: t(`money:payments.errors.${data.reason}`),
      needsAccessKey: false,
      closedRegister: null,
    };
  return {
    message: error.message,
    needsAccessKey: error.respCode === errorCatalogue.accessKeyRequired.code,
    closedRegister: null,
  };
}
