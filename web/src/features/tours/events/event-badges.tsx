import { Badge } from '@chakra-ui/react';
import type { TourEventStatus } from '@nine/shared/tour-event-status';
import { useAppTranslation } from '../../../lib/i18n.ts';

const statusPalette: Record<TourEventStatus, string> = {
  scheduled: 'blue',
  confirmed: 'green',
  cancelled: 'red',
  completed: 'gray',
};

/** A tour event's status as a translated badge. */
export function EventStatusBadge({ status }: { status: TourEventStatus }) {
  const { t } = useAppTranslation();
  return (
    <Badge colorPalette={statusPalette[status]} variant="subtle">
      {t(`tours:events.status.${status}`)}
    </Badge>
  );
}

/** A tour group's name in the group's own colour (a Chakra palette name kept by the settings). */
export function EventGroupBadge({ name, color }: { name: string | null; color: string | null }) {
  if (name === null) return null;
  return (
    <Badge colorPalette={color ?? 'gray'} variant="solid">
      {name}
    </Badge>
  );
}

/** Leaders assigned of those needed; short of them, an orange badge says so. */
export function LeadersBadge({ assigned, needed }: { assigned: number; needed: number }) {
  const { t } = useAppTranslation();
  const short = assigned < needed;
  return (
    <Badge colorPalette={short ? 'orange' : 'gray'} variant={short ? 'solid' : 'outline'}>
      {t(short ? 'tours:events.leaders_short' : 'tours:events.leaders_count', { assigned, needed })}
    </Badge>
  );
}
