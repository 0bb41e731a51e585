import { Badge, HStack, Link as ChakraLink, List, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { PageHeading } from '../../../components/page-heading.tsx';
import { RecordLoadFailed, RecordLoading } from '../../../components/record-load-state.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useLeader } from '../api/leaders/get-leader.ts';
import { LeaderDaysOffSection } from './leader-days-off-section.tsx';
import { LeaderEventsSection } from './leader-events-section.tsx';
import { LeaderHoursForm } from './leader-hours-form.tsx';
import { LeaderHoursPerMonth } from './leader-hours-per-month.tsx';
import { LeaderProfileForm } from './leader-profile-form.tsx';
import { LeaderSkillsSection } from './leader-skills-section.tsx';

export interface LeaderDetailProps {
  locationId: number | null;
  leaderId: number;
  /** May edit the profile, week, skills and days off (tour manage). */
  canManage: boolean;
  listHref: string;
}

/** A tour leader's screen: profile, skills, week, days off, departures and hours led per month. */
export function LeaderDetail({ locationId, leaderId, canManage, listHref }: LeaderDetailProps) {
  const { t } = useAppTranslation();
  const query = useLeader(locationId, leaderId);
  if (query.error) {
    return (
      <RecordLoadFailed
        error={query.error}
        notFound={t('tours:leaders.not_found')}
        failed={t('tours:leaders.load_failed')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const leader = query.data;
  if (leader === undefined) return <RecordLoading />;

  return (
    <Stack gap="5">
      <ChakraLink asChild colorPalette="blue" variant="underline" fontSize="sm">
        <Link href={listHref}>{t('tours:leaders.back')}</Link>
      </ChakraLink>
      <PageHeading
        title={
          <HStack gap="3" wrap="wrap">
            <span>{leader.name}</span>
            <Badge colorPalette={leader.active ? leader.color : 'gray'}>
              {t(leader.active ? 'tours:leaders.status.active' : 'tours:leaders.status.inactive')}
            </Badge>
          </HStack>
        }
        intro={leader.email}
      />
      <SectionCard title={t('tours:leaders.sections.profile')}>
        <LeaderProfileForm leader={leader} canManage={canManage} />
      </SectionCard>
      <SectionCard title={t('tours:leaders.sections.skills')}>
        <LeaderSkillsSection leaderId={leader.id} skills={leader.skills} canManage={canManage} />
      </SectionCard>
      <SectionCard title={t('tours:leaders.sections.hours')}>
        <LeaderHoursForm leader={leader} canManage={canManage} />
      </SectionCard>
      <SectionCard title={t('tours:leaders.sections.days_off')}>
        <LeaderDaysOffSection leaderId={leader.id} daysOff={leader.days_off} canManage={canManage} />
      </SectionCard>
      <SectionCard title={t('tours:leaders.sections.next_events')}>
        {leader.next_events.length === 0 ? (
          <Text color="fg.muted">{t('tours:leaders.events.none_next')}</Text>
        ) : (
          <List.Root ps="4">
            {leader.next_events.map((event) => (
              <List.Item key={event.event_id}>
                {formatDateTime(event.starts_at)} · {event.definition_name}
              </List.Item>
            ))}
          </List.Root>
        )}
      </SectionCard>
      <SectionCard title={t('tours:leaders.sections.events')}>
        <LeaderEventsSection locationId={locationId} leaderId={leader.id} />
      </SectionCard>
      <SectionCard title={t('tours:leaders.sections.months')}>
        <Stack gap="2">
          <Text fontSize="sm" color="fg.muted">
            {t('tours:leaders.months.intro', { zone: leader.time_zone })}
          </Text>
          <LeaderHoursPerMonth months={leader.hours_per_month} />
        </Stack>
      </SectionCard>
    </Stack>
  );
}
