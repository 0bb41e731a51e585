import { Box, List, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId } from 'react';
import {
  brokenPasswordRules,
  passwordRules,
  type PasswordPolicy,
  type PasswordRule,
} from '@nine/shared/password-policy';
import { useAppTranslation } from '../../../lib/i18n.ts';

/** The rules the policy turns on, in the order the server checks them. */
export function activeRules(policy: PasswordPolicy): PasswordRule[] {
  return passwordRules.filter((rule) => {
    switch (rule) {
      case 'min_length':
      case 'max_length':
        return true;
      case 'capital':
        return policy.require_capital;
      case 'number':
        return policy.require_number;
      case 'special':
        return policy.require_special;
    }
  });
}

/** The password policy as a checklist that ticks off live while the new password is typed. */
export function PasswordRules({
  policy,
  password,
  id,
}: {
  policy: PasswordPolicy;
  password: string;
  id?: string;
}) {
  const { t } = useAppTranslation();
  const headingId = useId();
  const broken = new Set(brokenPasswordRules(password, policy));
  const label = (rule: PasswordRule): string => {
    switch (rule) {
      case 'min_length':
        return t('auth:password_rules.min_length', { value: policy.min_length });
      case 'max_length':
        return t('auth:password_rules.max_length', { value: policy.max_length });
      case 'capital':
        return t('auth:password_rules.capital');
      case 'number':
        return t('auth:password_rules.number');
      case 'special':
        return t('auth:password_rules.special');
    }
  };

  return (
    <Box id={id} fontSize="sm">
      <Text id={headingId} fontWeight="medium" mb="1">
        {t('auth:password_rules.heading')}
      </Text>
      <List.Root aria-labelledby={headingId} gap="1" listStyleType="none" ms="0">
        {activeRules(policy).map((rule) => {
          const met = password !== '' && !broken.has(rule);
          return (
            <List.Item
              key={rule}
              display="flex"
              gap="2"
              alignItems="center"
              color={met ? 'green.fg' : 'fg.muted'}
            >
              <Box as="span" aria-hidden fontWeight="bold" width="4" textAlign="center">
                {met ? '✓' : '•'}
              </Box>
              <span>{label(rule)}</span>
              <VisuallyHidden>
                {met ? t('auth:password_rules.met') : t('auth:password_rules.unmet')}
              </VisuallyHidden>
            </List.Item>
          );
        })}
      </List.Root>
    </Box>
  );
}
