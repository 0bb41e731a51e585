import { Button, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Link } from 'wouter';
import { TextField, type BoundFieldProps } from '../../../components/form/fields.tsx';
import type { IssueMessages } from '../../../components/form/issue-messages.ts';
import { SubmitForm } from '../../../components/form/submit-form.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { PageHeading } from '../../../components/page-heading.tsx';

/** The sign-in address's input hints, so browsers and password managers fill it in. */
const SIGN_IN_EMAIL_INPUT = { type: 'email', autoComplete: 'username', inputMode: 'email' } as const;

/** An empty address fails the e-mail format too; it reads as missing. */
export const emailIssueMessage = (email: string): IssueMessages[string] =>
  email.trim() === '' ? 'auth:login.email_required' : {};

/** An auth screen's form, named by its heading; the fields check themselves (noValidate). */
export function AuthForm({
  title,
  intro,
  onSubmit,
  children,
}: {
  title: string;
  intro?: string;
  /** Called with the default already prevented. */
  onSubmit(): Promise<void> | void;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <SubmitForm aria-labelledby={headingId} onSubmit={onSubmit}>
      <Stack gap="5">
        <PageHeading id={headingId} title={title} intro={intro} />
        {children}
      </Stack>
    </SubmitForm>
  );
}

/** The small link under an auth form, back to the sign-in page or on to another step. */
export function AuthLink({
  href,
  small = true,
  children,
}: {
  href: string;
  small?: boolean;
  children: ReactNode;
}) {
  return (
    <ChakraLink
      asChild
      colorPalette="blue"
      variant="underline"
      alignSelf="flex-start"
      fontSize={small ? 'sm' : undefined}
    >
      <Link href={href}>{children}</Link>
    </ChakraLink>
  );
}

export function BackToLoginLink({ href }: { href: string }) {
  const { t } = useAppTranslation();
  return <AuthLink href={href}>{t('auth:back_to_login')}</AuthLink>;
}

/** The sign-in address field ("Email") of the auth forms. */
export function SignInEmailField<T extends FieldValues>(
  props: Omit<BoundFieldProps<T, string | null | undefined>, 'label'> & {
    autoFocus?: boolean;
    readOnly?: boolean;
  },
) {
  const { t } = useAppTranslation();
  return <TextField {...props} label={t('auth:login.email')} {...SIGN_IN_EMAIL_INPUT} />;
}

/** An auth form's main button, showing `pendingLabel` while its request runs. */
export function AuthSubmit({
  pending,
  pendingLabel,
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" colorPalette="blue" loading={pending} loadingText={pendingLabel}>
      {children}
    </Button>
  );
}
