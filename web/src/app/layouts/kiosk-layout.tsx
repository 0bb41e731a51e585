import { Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A device in kiosk mode: no menu, no header, nothing that leads to the back office; one full-screen column
 * the customer-facing page fills with large touch targets.
 */
export function KioskLayout({ children }: { children: ReactNode }) {
  return (
    <Flex as="main" minH="100dvh" direction="column" bg="bg.subtle" fontSize="xl">
      {children}
    </Flex>
  );
}
