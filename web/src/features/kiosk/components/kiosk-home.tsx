import { Button, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useAppTranslation } from '../../../lib/i18n.ts';

export type KioskTask = 'rent' | 'find' | 'waiver';

/**
 * The kiosk's start: rent something, find an order made earlier and sign for it, or sign a waiver. `toursOn`
 * words the waiver task: easy-sign serves a rent order's riders too, so it stays when tours are off (whether
 * the location has rent terms is not known here; without them the page says nothing can be signed yet).
 */
export function KioskHome({
  onChoose,
  toursOn = true,
}: {
  onChoose(task: KioskTask): void;
  toursOn?: boolean;
}) {
  const { t } = useAppTranslation();
  const words = (task: KioskTask) => (task === 'waiver' && !toursOn ? 'waiver_rent' : task);
  return (
    <Stack gap="6">
      <Heading as="h1" size="3xl">
        {t('settings:kiosk.home.title')}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {(['rent', 'find', 'waiver'] as const).map((task) => (
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
              {t(`settings:kiosk.home.${words(task)}`)}
            </Text>
            <Text as="span" fontSize="lg" color="fg.muted">
              {t(`settings:kiosk.home.${words(task)}_hint`)}
            </Text>
          </Button>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
