import { Heading, Stack } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

/** One part of a screen with several (a page's rules, its items, its logs): a section named by its h2. */
export function HeadedSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Stack as="section" aria-labelledby={titleId} gap="4">
      <Heading as="h2" size="lg" id={titleId}>
        {title}
      </Heading>
      {children}
    </Stack>
  );
}
