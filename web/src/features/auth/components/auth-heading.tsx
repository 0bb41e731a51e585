import { Heading, Stack, Text } from '@chakra-ui/react';

/** The heading block every auth screen starts with. */
export function AuthHeading({ id, title, intro }: { id: string; title: string; intro?: string }) {
  return (
    <Stack gap="1">
      <Heading as="h1" size="2xl" id={id}>
        {title}
      </Heading>
      {intro !== undefined && <Text color="fg.muted">{intro}</Text>}
    </Stack>
  );
}
