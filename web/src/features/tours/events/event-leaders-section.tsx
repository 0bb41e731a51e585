import { Box, Button, Field, HStack, List, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { errorCatalogue } from '@nine/shared/errors';
import type { TourEventDetail } from '@nine/shared/schemas/tours/events';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime, formatDay, toLocalInput } from '../../../lib/format.ts';
import { useAppTranslation, type AppT } from '../../../lib/i18n.ts';
import { useAssignTourEventLeader } from '../api/events/assign-tour-event-leader.ts';
import { useRemoveTourEventLeader } from '../api/events/remove-tour-event-leader.ts';
import { useLeaderEvents } from '../api/leaders/get-leader-events.ts';
import { nextDay } from './event-list-state.ts';
import { useLeaderChoices } from './use-event-choices.ts';

const DAY_MS = 86_400_000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Skills past their expiry that a 1205 answer lists: `data.skills: [{ name, expires_on }]`. */
export function expiredSkillsOf(error: unknown): { name: string; expires_on: string }[] {
  if (!(error instanceof ApiError) || !isRecord(error.data) || !Array.isArray(error.data.skills)) return [];
  return error.data.skills.flatMap((skill) =>
    isRecord(skill) && typeof skill.name === 'string' && typeof skill.expires_on === 'string'
      ? [{ name: skill.name, expires_on: skill.expires_on }]
      : [],
  );
}

/**
 * What a refused assignment says: the catalogue's message, then what the answer names of it (the
 * departure the leader already leads, or why the leader is not available then).
 */
export function leaderRefusalLines(error: unknown, t: AppT): string[] {
  if (!(error instanceof ApiError)) return [];
  const lines = [error.message];
  const data = isRecord(error.data) ? error.data : {};
  if (error.respCode === errorCatalogue.leaderOverlap.code) {
    const name = [data.definition_name, data.name].find((v): v is string => typeof v === 'string');
    const startsAt = typeof data.starts_at === 'string' ? formatDateTime(data.starts_at) : null;
    if (name !== undefined && startsAt !== null)
      lines.push(t('tours:events.leaders.clash_named', { name, when: startsAt }));
    else if (startsAt !== null) lines.push(t('tours:events.leaders.clash_at', { when: startsAt }));
  }
  if (error.respCode === errorCatalogue.leaderUnavailable.code) {
    if (data.reason === 'hours') lines.push(t('tours:events.leaders.reason_hours'));
    if (data.reason === 'day_off') lines.push(t('tours:events.leaders.reason_day_off'));
  }
  return lines;
}

/**
 * The departure a refused leader already leads at that time, found among their events around this one
 * (the database refuses the overlap without naming it); nothing when it is at another location.
 */
function LeaderClash({
  event,
  leaderId,
  locationId,
}: {
  event: TourEventDetail;
  leaderId: number;
  locationId: number | null;
}) {
  const { t } = useAppTranslation();
  const from = toLocalInput(new Date(Date.parse(event.starts_at) - DAY_MS)).slice(0, 10);
  const to = nextDay(toLocalInput(event.ends_at).slice(0, 10));
  const events = useLeaderEvents(locationId, leaderId, { from, to, page_size: 50 }).data?.rows ?? [];
  const clash = events.find(
    (other) =>
      other.event_id !== event.id &&
      !other.released &&
      Date.parse(other.starts_at) < Date.parse(event.ends_at) &&
      Date.parse(other.ends_at) > Date.parse(event.starts_at),
  );
  if (clash === undefined) return null;
  return (
    <Text as="span" display="block">
      {t('tours:events.leaders.clash_named', {
        name: clash.definition_name,
        when: formatDateTime(clash.starts_at),
      })}
    </Text>
  );
}

/** The leaders on an event: each with a remove button, and "Assign leader" from the active leaders. */
export function EventLeadersSection({
  event,
  locationId,
  canChange,
}: {
  event: TourEventDetail;
  locationId: number | null;
  canChange: boolean;
}) {
  const { t } = useAppTranslation();
  const selectId = useId();
  const leaders = useLeaderChoices(canChange ? locationId : null) ?? [];
  const assign = useAssignTourEventLeader();
  const remove = useRemoveTourEventLeader();
  const [leaderId, setLeaderId] = useState('');
  const assigned = new Set(event.leader_list.map((leader) => leader.leader_id));
  const choices = leaders.filter((leader) => !assigned.has(leader.id));
  const expired = expiredSkillsOf(assign.error);
  const confirming =
    assign.error instanceof ApiError && assign.error.respCode === errorCatalogue.confirmationRequired.code;

  const send = (acknowledge: boolean) => {
    if (leaderId === '') return;
    assign.mutate(
      { id: event.id, body: { leader_id: Number(leaderId), ...(acknowledge ? { acknowledge: true } : {}) } },
      { onSuccess: () => setLeaderId('') },
    );
  };
  const refusal = confirming ? [] : leaderRefusalLines(assign.error, t);
  const overlapOf =
    assign.error instanceof ApiError && assign.error.respCode === errorCatalogue.leaderOverlap.code
      ? Number(assign.variables?.body.leader_id)
      : undefined;
  const removal = remove.error instanceof ApiError ? remove.error.message : null;

  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        {t('tours:events.leaders.needed', { assigned: event.leaders, needed: event.leaders_needed })}
      </Text>
      {event.leader_list.length === 0 ? (
        <Text>{t('tours:events.leaders.none')}</Text>
      ) : (
        <List.Root variant="plain" gap="2" aria-label={t('tours:events.leaders.assigned')}>
          {event.leader_list.map((leader) => (
            <List.Item key={leader.leader_id} alignItems="center" gap="2">
              <Box w="3" h="3" borderRadius="full" bg={`${leader.color}.500`} aria-hidden="true" />
              <Text flex="1">{leader.name}</Text>
              {canChange && (
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={t('tours:events.leaders.remove_named', { name: leader.name })}
                  loading={remove.isPending && remove.variables.leaderId === leader.leader_id}
                  onClick={() => remove.mutate({ id: event.id, leaderId: leader.leader_id })}
                >
                  {t('tours:events.leaders.remove')}
                </Button>
              )}
            </List.Item>
          ))}
        </List.Root>
      )}
      {removal !== null && <MessageAlert status="error">{removal}</MessageAlert>}
      {canChange && (
        <HStack
          as="form"
          aria-label={t('tours:events.leaders.assign')}
          gap="2"
          align="end"
          onSubmit={(e) => {
            e.preventDefault();
            send(false);
          }}
        >
          <Field.Root flex="1">
            <Field.Label htmlFor={selectId}>{t('tours:events.leaders.leader')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                id={selectId}
                value={leaderId}
                onChange={(e) => {
                  setLeaderId(e.currentTarget.value);
                  assign.reset();
                }}
              >
                <option value="">{t('tours:events.leaders.choose')}</option>
                {choices.map((leader) => (
                  <option key={leader.id} value={leader.id}>
                    {leader.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Button type="submit" colorPalette="blue" disabled={leaderId === ''} loading={assign.isPending}>
            {t('tours:events.leaders.assign')}
          </Button>
        </HStack>
      )}
      {refusal.length > 0 && (
        <MessageAlert status="error">
          {refusal.map((line) => (
            <Text as="span" display="block" key={line}>
              {line}
            </Text>
          ))}
          {overlapOf !== undefined && refusal.length === 1 && (
            <LeaderClash event={event} leaderId={overlapOf} locationId={locationId} />
          )}
        </MessageAlert>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('tours:events.leaders.confirm_title')}
        message={
          expired.length > 0
            ? t('tours:events.leaders.confirm_skills', {
                skills: expired
                  .map((skill) =>
                    t('tours:events.leaders.skill_expired', {
                      name: skill.name,
                      day: formatDay(skill.expires_on),
                    }),
                  )
                  .join(', '),
              })
            : t('tours:events.leaders.confirm_generic')
        }
        confirmLabel={t('tours:events.leaders.assign_anyway')}
        pending={assign.isPending}
        onConfirm={() => send(true)}
        onClose={() => assign.reset()}
      />
    </Stack>
  );
}
