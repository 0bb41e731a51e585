import { describe, expect, it } from 'vitest';
import { brokenPasswordRules, type PasswordPolicy } from '../src/password-policy.ts';

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
