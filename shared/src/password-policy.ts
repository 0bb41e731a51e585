/** The password policy of the access policies (spec section 6), checked the same way on both sides. */
export interface PasswordPolicy {
  min_length: number;
  max_length: number;
  require_capital: boolean;
  require_number: boolean;
  require_special: boolean;
}

export const passwordRules = ['min_length', 'max_length', 'capital', 'number', 'special'] as const;
export type PasswordRule = (typeof passwordRules)[number];

/** The rules a password breaks; empty when it satisfies the policy. */
export function brokenPasswordRules(password: string, policy: PasswordPolicy): PasswordRule[] {
  const broken: PasswordRule[] = [];
  const length = [...password].length;
  if (length < policy.min_length) broken.push('min_length');
  if (length > policy.max_length) broken.push('max_length');
  if (policy.require_capital && !/\p{Lu}/u.test(password)) broken.push('capital');
  if (policy.require_number && !/\p{Nd}/u.test(password)) broken.push('number');
  if (policy.require_special && !/[^\p{L}\p{Nd}\s]/u.test(password)) broken.push('special');
  return broken;
}
