import { Box, Flex, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LanguageSelect } from '../../components/language-select.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';

/** Pages before sign-in: the product name, the language switch and one centred column. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useAppTranslation();
  return (
    <Flex minH="100dvh" direction="column">
      <Flex as="header" align="flex-end" justify="space-between" gap="4" px={{ base: '4', md: '8' }} py="4">
        <Text fontSize="xl" fontWeight="bold" letterSpacing="tight">
          {t('common:app_name')}
        </Text>
        <LanguageSelect />
      </Flex>
      {/* Anchored at the top, not centred: a centred card moves its buttons when the form grows under
          them (the single sign-on option appears when the address is checked), and a press as it moves
          ends beside the button, so no click happens. */}
      <Flex
        as="main"
        flex="1"
        align="flex-start"
        justify="center"
        px="4"
        pt={{ base: '4', md: '12vh' }}
        pb="16"
      >
        <Box
          width="full"
          maxW="sm"
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="l3"
          p={{ base: '6', md: '8' }}
          shadow="sm"
        >
          {children}
        </Box>
      </Flex>
    </Flex>
  );
}
