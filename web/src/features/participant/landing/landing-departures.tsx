import { Badge, Box, Card, Heading, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { LandingDeparture } from '@nine/shared/schemas/tours/public';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { eventWhen } from '../event-when.ts';

/** One upcoming departure: its picture, when it leaves, and how many seats are left (or that it is full). */
function DepartureCard({ departure }: { departure: LandingDeparture }) {
  const { t } = useAppTranslation();
  const full = departure.seats_left <= 0;
  return (
    <Card.Root as="li" overflow="hidden" size="sm">
      {departure.cover_url && (
        <Image src={departure.cover_url} alt="" aspectRatio={16 / 9} objectFit="cover" loading="lazy" />
      )}
      <Card.Body>
        <Stack gap="1">
          <Heading as="h3" size="md">
            {departure.name}
          </Heading>
          <Text>
            {t(
              'participant:landing.when',
              eventWhen(departure.starts_at, departure.ends_at, departure.time_zone),
            )}
          </Text>
          {departure.meeting_point && (
            <Text fontSize="sm" color="fg.muted">
              {departure.meeting_point}
            </Text>
          )}
          <Box pt="1">
            {full ? (
              <Badge colorPalette="red" size="lg">
                {t('participant:landing.full')}
              </Badge>
            ) : (
              <Badge colorPalette="green" size="lg">
                {t('participant:landing.seats_left', { count: departure.seats_left })}
              </Badge>
            )}
          </Box>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The next bookable departures as cards, soonest first (as the server lists them). */
export function LandingDepartures({ departures }: { departures: readonly LandingDeparture[] }) {
  const { t } = useAppTranslation();
  if (departures.length === 0) return <Text color="fg.muted">{t('participant:landing.no_departures')}</Text>;
  return (
    <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
      {departures.map((departure) => (
        <DepartureCard key={departure.event_id} departure={departure} />
      ))}
    </SimpleGrid>
  );
}
