import { Alert, Link as ChakraLink, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import { PageHeading } from '../../components/page-heading.tsx';
import {
  useSessionActor,
  useSessionSelector,
  useSessionStatus,
} from '../../features/session/session-context.tsx';
import { useAppTranslation, type AppT } from '../../lib/i18n.ts';
import { pathTo } from '../route-table.ts';
import { useReturnAfterSignIn } from '../use-return-after-sign-in.ts';

/** The server's reasons for refusing a single sign-on, in words a person can act on. */
function reasonText(reason: string, t: AppT): string {
  if (reason === 'no_matching_user') return t('auth:sso.reasons.no_matching_user');
  if (reason === 'email_not_verified') return t('auth:sso.reasons.email_not_verified');
  if (reason === 'unknown_or_expired_state' || reason === 'state_already_used')
    return t('auth:sso.reasons.expired');
  if (reason.startsWith('provider_error')) return t('auth:sso.reasons.provider_refused');
  return t('errors:ssoFailed');
}

/** Where the identity provider's round trip ends: the form is hidden, progress shows, then the app. */
export function SsoSignInPage() {
  const { t } = useAppTranslation();
  const headingId = useId();
  const actor = useSessionActor();
  const status = useSessionStatus();
  const error = useSessionSelector((s) => s.context.error);
  const params = new URLSearchParams(useSearch());
  const code = params.get('code');
  const refused = params.get('error');
  const sentFor = useRef<string | null>(null);
  const signedIn = useReturnAfterSignIn();

  useEffect(() => {
    // A code works once: send it once, even when effects run twice.
    if (code === null || refused !== null || sentFor.current === code || status !== 'signedOut') return;
    sentFor.current = code;
    actor.send({ type: 'SSO_COMPLETE', code });
  }, [code, refused, status, actor]);

  if (signedIn) return null;

  const failure =
    refused !== null
      ? reasonText(refused, t)
      : code === null
        ? t('auth:sso.missing_code')
        : status === 'signedOut' && sentFor.current === code && error !== null
          ? error.message
          : null;

  return (
    <Stack gap="5" aria-labelledby={headingId} as="section">
      <PageHeading id={headingId} title={t('auth:sso.heading')} />
      {failure === null ? (
        <Stack direction="row" align="center" gap="3" role="status">
          <Spinner size="sm" aria-hidden />
          <Text>{t('auth:sso.progress')}</Text>
        </Stack>
      ) : (
        <>
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
          <ChakraLink asChild colorPalette="blue" variant="underline" alignSelf="flex-start">
            <Link href={pathTo('Login')}>{t('auth:back_to_login')}</Link>
          </ChakraLink>
        </>
      )}
    </Stack>
  );
}
