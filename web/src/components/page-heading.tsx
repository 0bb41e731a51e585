import { Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface PageHeadingProps {
  title: ReactNode;
  /** A line under the title saying what the screen is for. */
  intro?: ReactNode;
  /** The screen's own buttons, at the right of the title (under it on a narrow screen). */
  actions?: ReactNode;
  /** For a landmark named by the title (aria-labelledby). */
  id?: string;
}

/** A screen's title: its one h1, in the same size on every screen, with an optional intro and actions. */
export function PageHeading({ title, intro, actions, id }: PageHeadingProps) {
  const heading = (
    <Heading as="h1" size="2xl" id={id}>
      {title}
    </Heading>
  );
  const titled =
    intro === undefined ? (
      heading
    ) : (
      <Stack gap="1">
        {heading}
        <Text color="fg.muted">{intro}</Text>
      </Stack>
    );
  if (actions === undefined) return titled;
  return (
    <HStack justify="space-between" gap="3" wrap="wrap">
      {titled}
      {actions}
    </HStack>
  );
}
