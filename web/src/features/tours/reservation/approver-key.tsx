import { useRef, useState } from 'react';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { errorCatalogue } from '@nine/shared/errors';
import { TextField } from '../../../components/form/fields.tsx';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';

/** The server wants an approver's access key for the refund: missing, wrong, or above a refund level. */
export const asksForKey = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  (error.respCode === errorCatalogue.accessKeyRequired.code ||
    error.respCode === errorCatalogue.confirmationRequired.code);

/**
 * The approver's key of a change that may refund (cancel, move): `keyAsked` once the server asked for one, and
 * one Idempotency-Key per attempt, kept while `fingerprint` (what the attempt sends) stays the same, so a retry
 * with the key refunds once, and new when it changes.
 */
export function useApproverKey(newKey: () => string) {
  const [keyAsked, setKeyAsked] = useState(false);
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  return {
    keyAsked,
    /** On opening: no key asked for, no attempt made. */
    reset() {
      setKeyAsked(false);
      attempt.current = null;
    },
    keyFor(fingerprint: string): string {
      if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newKey() };
      return attempt.current.key;
    },
    /** Whether the error asks for a key; the field then shows, emptied by `clear`. */
    asked(error: unknown, clear: () => void): boolean {
      if (!asksForKey(error)) return false;
      setKeyAsked(true);
      clear();
      return true;
    },
  };
}

export interface ApproverKeyFieldProps<T extends FieldValues> {
  // The control's other type parameters differ from form to form (see fieldsOf).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  control: Control<T, any, any>;
  /** Asked for up front, or since the server asked. */
  shown: boolean;
  keyAsked: boolean;
  /** The mutation's error: the server's words after a missing or wrong key. */
  error: unknown;
}

/** The approver's access key field of a cancel or a move, and why it is asked for again. */
export function ApproverKeyField<T extends FieldValues>({
  control,
  shown,
  keyAsked,
  error,
}: ApproverKeyFieldProps<T>) {
  const { t } = useAppTranslation();
  return (
    <>
      {shown && (
        <TextField
          control={control}
          name={'access_key' as FieldPathByValue<T, string | null | undefined>}
          label={t('tours:reservation.cancel.access_key')}
          required
          type="password"
          autoComplete="off"
          maxLength={64}
          helperText={t('tours:reservation.cancel.access_key_help')}
        />
      )}
      {keyAsked && asksForKey(error) && <MessageAlert status="warning">{error.message}</MessageAlert>}
    </>
  );
}
