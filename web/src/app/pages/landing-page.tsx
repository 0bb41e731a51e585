import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { MessageAlert } from '../../components/message-alert.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { usePublicLanding } from '../../features/participant/api/get-public-landing.ts';
import { LandingDepartures } from '../../features/participant/landing/landing-departures.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useAppTranslation } from '../../lib/i18n.ts';
import { pathTo } from '../route-table.ts';

/**
 * The base path for a visitor who is not signed in: the business's public page with its next departures and
 * the way into easy-sign. Signed-in staff never see it (the route sends them to the dashboard).
 */
export function LandingPage() {
  const { t } = useAppTranslation();
  const landing = usePublicLanding();
  const siteTitle = landing.data?.business.site_title;
  const title = siteTitle || t('common:app_name');
  useEffect(() => {
    if (!siteTitle) return;
    // After the route frame's own title (its effect runs after this page's in the same commit).
    const timer = setTimeout(() => {
      document.title = siteTitle;
    });
    return () => clearTimeout(timer);
  }, [siteTitle]);
  // While the data loads the intro speaks of tours, the common case; a business without them rents.
  const toursOff = landing.data?.tours_enabled === false;
  return (
    <Stack gap="8">
      <Stack gap="3">
        <Heading as="h1" size="3xl">
          {t('participant:landing.welcome', { name: title })}
        </Heading>
        <Text fontSize="lg" color="fg.muted">
          {toursOff ? t('participant:landing.intro_rent') : t('participant:landing.intro')}
        </Text>
        <Button asChild size="xl" alignSelf="flex-start">
          <Link href={pathTo('easySign')}>{t('participant:landing.easy_sign')}</Link>
        </Button>
      </Stack>
      {landing.isPending ? (
        <PageSpinner />
      ) : landing.isError ? (
        <MessageAlert status="error">
          {landing.error instanceof ApiError && landing.error.status === 429
            ? t('participant:sign.too_many')
            : t('participant:landing.load_failed')}
        </MessageAlert>
      ) : (
        landing.data.tours_enabled && (
          <Stack as="section" gap="4" aria-labelledby="departures-heading">
            <Heading as="h2" size="xl" id="departures-heading">
              {t('participant:landing.departures_title')}
            </Heading>
            <LandingDepartures departures={landing.data.departures} />
          </Stack>
        )
      )}
    </Stack>
  );
}
