import { Box, Container, Flex, HStack, Image, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { LanguageSelect } from '../../components/language-select.tsx';
import { usePublicLanding } from '../../features/participant/api/get-public-landing.ts';
import { useAppTranslation } from '../../lib/i18n.ts';
import { useLocalSettings } from '../../lib/local-settings.ts';
import { pathTo } from '../route-table.ts';

/**
 * The public pages (landing, participant page, easy-sign): the business's name and logo, the language switch,
 * one column sized for a phone, and the business's address and contact below. On a kiosk there is no way
 * out to the staff sign-in, only back to the kiosk's start.
 */
export function LandingLayout({ children }: { children: ReactNode }) {
  const { t } = useAppTranslation();
  const landing = usePublicLanding();
  const kioskMode = useLocalSettings().kioskMode;
  const business = landing.data?.business;
  const title = business?.site_title || t('common:app_name');
  const contact = [business?.address, business?.phone, business?.email].filter((v): v is string => !!v);
  return (
    <Flex minH="100dvh" direction="column" bg="bg.subtle">
      <Flex
        as="header"
        align="center"
        justify="space-between"
        gap="4"
        px={{ base: '4', md: '8' }}
        py="3"
        bg="bg.panel"
        borderBottomWidth="1px"
        wrap="wrap"
      >
        <ChakraLink asChild fontSize="xl" fontWeight="bold" letterSpacing="tight" color="fg" gap="3">
          <Link href={kioskMode ? pathTo('kiosk') : pathTo('Home')}>
            {business?.logo_url && (
              <Image src={business.logo_url} alt="" h="10" maxW="40" objectFit="contain" />
            )}
            {title}
          </Link>
        </ChakraLink>
        {/* A kiosk's next customer starts in the device's language again (restoreKioskLanguage). */}
        <LanguageSelect persist={!kioskMode} />
      </Flex>
      <Container as="main" flex="1" maxW="3xl" px={{ base: '4', md: '8' }} py={{ base: '4', md: '8' }}>
        {children}
      </Container>
      <Box as="footer" bg="bg.panel" borderTopWidth="1px" px={{ base: '4', md: '8' }} py="4">
        <Stack gap="1" maxW="3xl" mx="auto" fontSize="sm" color="fg.muted">
          <Text fontWeight="medium" color="fg">
            {title}
          </Text>
          {contact.length > 0 && <Text>{contact.join(' · ')}</Text>}
          {business?.website && (
            <ChakraLink href={business.website} rel="noopener noreferrer" target="_blank" width="fit-content">
              {business.website}
            </ChakraLink>
          )}
          <HStack gap="4" pt="1">
            <ChakraLink asChild>
              <Link href={kioskMode ? pathTo('kiosk') : pathTo('Login')}>
                {kioskMode ? t('participant:landing.back_to_kiosk') : t('participant:landing.staff_sign_in')}
              </Link>
            </ChakraLink>
          </HStack>
        </Stack>
      </Box>
    </Flex>
  );
}
