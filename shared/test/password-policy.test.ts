import { describe, expect, it } from 'vitest';
import { brokenPasswordRules, type PasswordPolicy } from '../src/password-policy.ts';
import { changeExpiredPasswordForm, resetPasswordForm } from '../src/schemas/auth.ts';

const strict: PasswordPolicy = {
  min_length: 8,
  max_length: 12,
  require_capital: true,
  require_number: true,
  require_special: true,
};

describe('brokenPasswordRules', () => {
  it('accepts a password meeting every rule', () => {
    expect(brokenPasswordRules('Kayak-2026', strict)).toEqual([]);
  });
  it('lists each broken rule', () => {
    expect(brokenPasswordRules('kayak', strict)).toEqual(['min_length', 'capital', 'number', 'special']);
    expect(brokenPasswordRules('Kayak-2026-extra-long', strict)).toEqual(['max_length']);
  });
  it('counts accented capitals and characters, not bytes', () => {
    expect(brokenPasswordRules('Élan-2026', strict)).toEqual([]);
    expect(brokenPasswordRules('ÉÉÉÉÉÉÉ1-', { ...strict, max_length: 10 })).toEqual([]);
  });
  it('skips rules the policy does not require', () => {
    expect(
      brokenPasswordRules('kayaking', {
        ...strict,
        require_capital: false,
        require_number: false,
        require_special: false,
      }),
    ).toEqual([]);
  });
});

describe('the new-password form schemas', () => {
  const issuesOf = (result: {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  }) => (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}:${issue.message}`);

  it('hold the password to the policy once it is known, and read it on each check', () => {
    const loaded: { policy?: PasswordPolicy } = {};
    const schema = resetPasswordForm(() => loaded.policy);
    expect(schema.safeParse({ password: 'kayak', confirm: 'kayak' }).success).toBe(true);
    loaded.policy = strict;
    expect(issuesOf(schema.safeParse({ password: 'kayak', confirm: 'kayak' }))).toEqual(['password:rules']);
    expect(schema.safeParse({ password: 'Kayak-2026', confirm: 'Kayak-2026' }).success).toBe(true);
  });

  it('tell a mismatch only once the new password itself is fine', () => {
    const schema = resetPasswordForm(() => strict);
    expect(issuesOf(schema.safeParse({ password: 'kayak', confirm: 'other' }))).toEqual(['password:rules']);
    expect(issuesOf(schema.safeParse({ password: 'Kayak-2026', confirm: 'Kayak-2025' }))).toEqual([
      'confirm:mismatch',
    ]);
  });

  it('check the address and current password of an expired sign-in beside the mismatch', () => {
    const schema = changeExpiredPasswordForm(() => strict);
    const result = schema.safeParse({
      email: ' ',
      current_password: '',
      password: 'Kayak-2026',
      confirm: 'Kayak-2025',
    });
    expect(issuesOf(result).map((issue) => issue.split(':')[0])).toEqual([
      'email',
      'current_password',
      'confirm',
    ]);
    expect(
      schema.parse({
        email: ' Ines@Nine.Test ',
        current_password: 'old',
        password: 'Kayak-2026',
        confirm: 'Kayak-2026',
      }).email,
    ).toBe('ines@nine.test');
  });
});
