import { AppError } from '@nine/shared/errors';
import { brokenPasswordRules } from '@nine/shared/password-policy';
import type { Db } from '../../db/pool.ts';
import { exec, maybeOne, rows } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import type { MailTransport } from '../../lib/mail.ts';
import type { Translate } from '../../lib/translator.ts';
import type { Language } from '@nine/shared/constants';
import { loadAccessPolicy } from './access-policy.ts';
import { hashPassword, verifyPassword } from './password-hashing.ts';
import { hashToken, newToken } from './tokens.ts';
import { audit } from '../../lib/audit.ts';
import { transaction } from '../../lib/transaction.ts';

const RESET_TTL_MINUTES = 30;

export interface PasswordServiceDeps {
  db: Db;
  mail: MailTransport;
  translate: Translate;
  publicUrl: string;
  now: () => Date;
}

export type PasswordService = ReturnType<typeof createPasswordService>;

export function createPasswordService({ db, mail, translate, publicUrl, now }: PasswordServiceDeps) {
  /**
   * Sets a new password under the policy: its rules, then the reuse limit against the stored
   * history. Ends the user's other sessions, as anyone changing a password would expect.
   */
  async function setPassword(userId: number, password: string, reason: string): Promise<void> {
    const policy = await loadAccessPolicy(db);
    const broken = brokenPasswordRules(password, policy.password);
    if (broken.length)
      throw new AppError('passwordPolicy', { data: { rules: broken, policy: policy.password } });
    const limit = Math.max(policy.password_reuse_limit, 0);
    if (limit > 0) {
      // The current password and the last `limit` ones are all off limits.
      // Not null: both sides keep only set passwords.
      const used = await rows<{ password_hash: string }>(
        db.pool,
        `SELECT password_hash FROM users WHERE id = $1 AND password_hash IS NOT NULL
         UNION SELECT password_hash FROM (SELECT password_hash FROM password_history WHERE user_id = $1
                                          ORDER BY created_at DESC, id DESC LIMIT $2) h`,
        [userId, limit],
      );
      for (const r of used)
        if (await verifyPassword(password, r.password_hash))
          throw new AppError('passwordReused', { data: { reuse_limit: limit } });
    }
    const hash = await hashPassword(password);
    await transaction(db, async (client) => {
      await exec(
        client,
        'UPDATE users SET password_hash = $1, password_changed_at = $2, password_expired_at = NULL, updated_at = $2 WHERE id = $3',
        [hash, now(), userId],
      );
      await exec(
        client,
        'INSERT INTO password_history (user_id, password_hash, created_at) VALUES ($1, $2, $3)',
        [userId, hash, now()],
      );
      await exec(client, 'UPDATE sessions SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL', [
        now(),
        userId,
      ]);
      await audit(
        client,
        { userId, locationId: null },
        { entity: 'user', entityId: userId, action: 'password_changed', data: { reason } },
      );
    });
  }

  /** Sends a single-use link; answers the same whether or not the address exists. */
  async function requestReset(email: string, lang: Language): Promise<void> {
    const user = await maybeOne<Pick<Tables['users'], 'id' | 'name' | 'status'>>(
      db.pool,
      'SELECT id, name, status FROM users WHERE email = $1',
      [email],
    );
    if (!user || user.status !== 'active') return;
    const { token, hash } = newToken();
    const expires = new Date(now().getTime() + RESET_TTL_MINUTES * 60_000);
    await exec(
      db.pool,
      'INSERT INTO password_reset_tokens (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
      [hash, user.id, now(), expires],
    );
    const link = `${publicUrl}/nine/auth/reset-password?token=${encodeURIComponent(token)}`;
    const t = (key: string) =>
      translate(lang, `mail:${key}`, { name: user.name, link, minutes: RESET_TTL_MINUTES });
    await mail.send({ to: email, subject: t('resetSubject'), text: t('resetText') });
  }

  async function resetPassword(token: string, password: string): Promise<void> {
    const hash = hashToken(token);
    // Claim the token first, atomically, so two concurrent uses cannot both succeed.
    const claimed = await maybeOne<Pick<Tables['password_reset_tokens'], 'user_id'>>(
      db.pool,
      `UPDATE password_reset_tokens SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id`,
      [hash, now()],
    );
    const userId = claimed?.user_id;
    if (!userId) throw new AppError('resetTokenInvalid');
    try {
      await setPassword(userId, password, 'reset');
    } catch (err) {
      // A refused password leaves the link usable for a better one.
      await exec(db.pool, 'UPDATE password_reset_tokens SET used_at = NULL WHERE token_hash = $1', [hash]);
      throw err;
    }
  }

  return { setPassword, requestReset, resetPassword };
}
