import { Box, Button, Flex, Grid, Link as ChakraLink, Separator, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { Permission } from '@nine/shared/permissions';
import { DarkModeSwitch } from '../../components/dark-mode-switch.tsx';
import { LanguageSelect } from '../../components/language-select.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { useLocalSettings } from '../../lib/local-settings.ts';
import { LocationSwitcher } from '../../features/session/components/location-switcher.tsx';
import { AgentStatusBadge } from '../../features/agent/components/agent-status-badge.tsx';
import { useSession, useSessionActor } from '../../features/session/session-context.tsx';
import { NotifBar } from '../hosts/notif-bar.tsx';
import { sideMenu, visibleMenu } from '../menu.ts';
import { useNewRentOrderShortcut } from '../new-rent-order.tsx';
import { pathTo, type RouteDef } from '../route-table.ts';
import { useFeatures } from '../use-features.ts';
import { SideMenu } from './side-menu.tsx';

function UserPanel() {
  const { t } = useAppTranslation();
  const session = useSession();
  const actor = useSessionActor();
  const [, navigate] = useLocation();

  return (
    <Stack as="section" aria-label={t('menu:user_panel')} gap="3" px="4" py="4">
      <Box fontSize="sm">
        <Text fontWeight="semibold" truncate>
          {session?.login.user.name}
        </Text>
      </Box>
      <LocationSwitcher />
      <LanguageSelect size="xs" />
      <DarkModeSwitch />
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          actor.send({ type: 'LOGOUT' });
          navigate(pathTo('Login'), { replace: true });
        }}
      >
        {t('auth:logout')}
      </Button>
    </Stack>
  );
}

export interface DashboardLayoutProps {
  title: string;
  currentRoute: RouteDef;
  permissions: readonly Permission[];
  children: ReactNode;
}

/** The signed-in frame: side menu with the user panel below it, a header bar with the page title. */
export function DashboardLayout({ title, currentRoute, permissions, children }: DashboardLayoutProps) {
  const { t } = useAppTranslation();
  // Open for one route only: following a menu link closes the small-screen menu by itself.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === currentRoute.name;
  const features = useFeatures();
  const { newTourInterface } = useLocalSettings();
  const items = visibleMenu(sideMenu, { permissions, features, newTourInterface });
  useNewRentOrderShortcut(permissions);

  return (
    <Grid
      minH="100dvh"
      templateColumns={{ base: 'minmax(0, 1fr)', md: '16rem minmax(0, 1fr)' }}
      templateRows={{ base: 'auto auto 1fr', md: 'auto 1fr' }}
      templateAreas={{ base: '"header" "aside" "main"', md: '"aside header" "aside main"' }}
    >
      <ChakraLink
        href="#main-content"
        position="absolute"
        insetStart="-9999px"
        _focus={{ insetStart: '4', top: '4', zIndex: 'skipLink', bg: 'bg.panel', p: '2', borderRadius: 'l2' }}
      >
        {t('common:skip_to_content')}
      </ChakraLink>

      <Flex
        as="header"
        gridArea="header"
        align="center"
        gap="3"
        px={{ base: '4', md: '8' }}
        py="3"
        borderBottomWidth="1px"
      >
        <Button
          size="sm"
          variant="outline"
          display={{ base: 'inline-flex', md: 'none' }}
          aria-controls="side-panel"
          aria-expanded={menuOpen}
          onClick={() => setOpenOn(menuOpen ? null : currentRoute.name)}
        >
          {menuOpen ? t('menu:close') : t('menu:open')}
        </Button>
        <Text fontSize="lg" fontWeight="semibold" truncate>
          {title}
        </Text>
        <Box ms="auto" flexShrink={0}>
          <AgentStatusBadge />
        </Box>
      </Flex>

      <Flex
        as="aside"
        id="side-panel"
        gridArea="aside"
        direction="column"
        borderEndWidth={{ md: '1px' }}
        borderBottomWidth={{ base: '1px', md: '0' }}
        bg="bg.subtle"
        display={{ base: menuOpen ? 'flex' : 'none', md: 'flex' }}
        position={{ md: 'sticky' }}
        top="0"
        height={{ md: '100dvh' }}
      >
        <Text px="5" pt="4" pb="2" fontSize="xl" fontWeight="bold" letterSpacing="tight">
          {t('common:app_name')}
        </Text>
        <Box flex="1" overflowY="auto">
          <SideMenu items={items} currentRoute={currentRoute} />
        </Box>
        <Separator />
        <UserPanel />
      </Flex>

      <Box
        as="main"
        id="main-content"
        gridArea="main"
        tabIndex={-1}
        px={{ base: '4', md: '8' }}
        py="6"
        outline="none"
      >
        <NotifBar />
        {children}
      </Box>
    </Grid>
  );
}
