import { Box, Link as ChakraLink, Kbd, Stack, Text, chakra } from '@chakra-ui/react';
import { Link } from 'wouter';
import { useAppTranslation } from '../../lib/i18n.ts';
import type { VisibleMenuItem } from '../menu.ts';
import { prefetchPage } from '../route-pages.tsx';
import type { RouteDef } from '../route-table.ts';

function MenuLink({
  route,
  label,
  current,
  nested,
  shortcut,
}: {
  route: RouteDef;
  label: string;
  current: boolean;
  nested?: boolean;
  shortcut?: string;
}) {
  const { t } = useAppTranslation();
  // Pointing at or tabbing to an entry starts fetching its page, so the click rarely waits for code.
  const prefetch = () => prefetchPage(route.name);
  return (
    <ChakraLink
      asChild
      display="block"
      px="3"
      py="1.5"
      ps={nested ? '6' : '3'}
      borderRadius="l2"
      fontSize="sm"
      fontWeight={current ? 'semibold' : 'normal'}
      bg={current ? 'bg.emphasized' : undefined}
      color="fg"
      textDecoration="none"
      _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
    >
      <Link
        href={route.path}
        aria-current={current ? 'page' : undefined}
        aria-keyshortcuts={shortcut}
        onMouseEnter={prefetch}
        onFocus={prefetch}
        title={shortcut ? t('common:with_shortcut', { label, keys: shortcut }) : undefined}
      >
        {label}
        {shortcut && (
          // Seen by sighted clerks; aria-keyshortcuts tells the rest, so the link's name stays its label.
          <Kbd aria-hidden="true" size="sm" ms="2">
            {shortcut}
          </Kbd>
        )}
      </Link>
    </ChakraLink>
  );
}

/** Renders the already filtered side menu; which entries show is decided in menu.ts. */
export function SideMenu({
  items,
  currentRoute,
}: {
  items: readonly VisibleMenuItem[];
  currentRoute: RouteDef;
}) {
  const { t } = useAppTranslation();
  return (
    <Box as="nav" aria-label={t('menu:label')} px="2" py="2">
      <Stack as="ul" gap="0.5" listStyleType="none" m="0" p="0">
        {items.map((item) => {
          const label = t(`menu:items.${item.label}`);
          return (
            <li key={item.label}>
              {item.route ? (
                <MenuLink route={item.route} label={label} current={item.route.name === currentRoute.name} />
              ) : (
                <Text
                  px="3"
                  pt="3"
                  pb="1"
                  fontSize="xs"
                  fontWeight="semibold"
                  textTransform="uppercase"
                  color="fg.muted"
                >
                  {label}
                </Text>
              )}
              {item.children.length > 0 && (
                <chakra.ul listStyleType="none" m="0" p="0">
                  {item.children.map((child) =>
                    child.route ? (
                      <li key={child.label}>
                        <MenuLink
                          route={child.route}
                          label={t(`menu:items.${child.label}`)}
                          current={child.route.name === currentRoute.name}
                          nested
                          shortcut={child.shortcut}
                        />
                      </li>
                    ) : null,
                  )}
                </chakra.ul>
              )}
            </li>
          );
        })}
      </Stack>
    </Box>
  );
}
