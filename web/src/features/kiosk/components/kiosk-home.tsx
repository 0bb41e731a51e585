import { Button, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useAppTranslation } from '../../../lib/i18n.ts';

export type KioskTask = 'rent' | 'find';

/** The kiosk's start: rent something, or find an order made earlier and sign for it. */
export function KioskHome({ onChoose }: { onChoose(task: KioskTask): void }) {
  const { t } = useAppTranslation();
  return (
    <Stack gap="6">
      <Heading as="h1" size="3xl">
        {t('settings:kiosk.home.title')}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {(['rent', 'find'] as const).map((task) => (
          <Button
            key={task}
            size="2xl"
            h="auto"
            py="8"
            variant="outline"
            bg="bg.panel"
            flexDirection="column"
            alignItems="flex-start"
            whiteSpace="normal"
            textAlign="start"
            onClick={() => onChoose(task)}
          >
            <Text as="span" fontSize="2xl" fontWeight="bold">
              {t(`settings:kiosk.home.${task}`)}
            </Text>
            <Text as="span" fontSize="lg" color="fg.muted">
              {t(`settings:kiosk.home.${task}_hint`)}
            </Text>
          </Button>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
