import { Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useFieldArray } from 'react-hook-form';
import {
  END_OF_DAY,
  leaderHoursForm,
  type LeaderDetail,
  type WeeklyRangeInput,
} from '@nine/shared/schemas/tours/leaders';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import { applyServerIssues, useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { formatDayName } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { saveFailureText } from '../../../lib/save-failure.ts';
import { useSaveLeaderHours } from '../api/leaders/save-leader-hours.ts';
import { useLeaderFormSync } from './use-leader-form-sync.ts';

// Monday first; weekday 0 is Sunday as stored.
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;
// 1 January 2023 was a Sunday: weekday w is the (1 + w)th.
const weekdayName = (weekday: number) =>
  formatDayName({ year: 2023, month: 1, day: 1 + weekday }, 'weekday', 'long');

// A time input cannot hold 24:00: midnight ending the day shows as 00:00 (the form gives back 24:00).
const valuesOf = (leader: LeaderDetail) => ({
  hours: leader.hours.map((h) => ({ ...h, ends: h.ends === END_OF_DAY ? '00:00' : h.ends })),
});
/**
 * The leader's week: time ranges per weekday on the location's wall clock, saved whole against the leader's
 * version. No range at all means available any time (saving such a week asks first); ranges of one day may
 * not overlap; a range ending at 00:00 runs until midnight.
 */
export function LeaderHoursForm({ leader, canManage }: { leader: LeaderDetail; canManage: boolean }) {
  const { t } = useAppTranslation();
  const save = useSaveLeaderHours();
  const form = useSchemaForm(leaderHoursForm, {
    defaultValues: valuesOf(leader),
    messages: {
      'hours.*.starts': { overlap: 'tours:leaders.hours.overlap', '*': 'tours:leaders.hours.invalid_time' },
      'hours.*.ends': {
        ends_before_starts: 'tours:leaders.hours.ends_before_starts',
        '*': 'tours:leaders.hours.invalid_time',
      },
    },
  });
  const sync = useLeaderFormSync(form, leader, valuesOf);
  const ranges = useFieldArray({ control: form.control, name: 'hours' });
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  // Each day's Add button, which takes the focus when a range of that day is removed.
  const addButtons = useRef(new Map<number, HTMLButtonElement>());
  const send = (week: WeeklyRangeInput[]) =>
    save.mutate(
      { id: leader.id, body: { version: leader.version, hours: week } },
      {
        onSuccess: sync.saved,
        onError: (error) => {
          sync.failed(error);
          if (applyServerIssues(form, error)) save.reset();
        },
        onSettled: () => setConfirmEmpty(false),
      },
    );
  const submit = form.handleSubmit((values) =>
    values.hours.length === 0 ? setConfirmEmpty(true) : send(values.hours),
  );
  const removeRange = (index: number, weekday: number) => {
    // The row gone first: moving the focus while its fields are still there would blur them into the form.
    flushSync(() => ranges.remove(index));
    addButtons.current.get(weekday)?.focus();
  };
  const failure = saveFailureText(save.error, t('tours:leaders.conflict'));
  const { DateTimeField } = fieldsOf(form.control);

  return (
    <form noValidate onSubmit={(event) => (event.preventDefault(), void submit())}>
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          {t('tours:leaders.hours.intro')}
        </Text>
        <Table.Root size="sm">
          <Table.Caption srOnly>{t('tours:leaders.hours.caption')}</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('tours:leaders.hours.weekday')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('tours:leaders.hours.ranges')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {WEEK.map((weekday) => {
              const name = weekdayName(weekday);
              const ofDay = ranges.fields.flatMap((field, index) =>
                field.weekday === weekday ? [{ field, index }] : [],
              );
              return (
                <Table.Row key={weekday}>
                  <Table.Cell as="th" scope="row" fontWeight="medium" verticalAlign="top">
                    {name}
                  </Table.Cell>
                  <Table.Cell>
                    <Stack gap="2">
                      {ofDay.length === 0 && (
                        <Text color="fg.muted">
                          {ranges.fields.length === 0
                            ? t('tours:leaders.hours.any_time')
                            : t('tours:leaders.hours.none')}
                        </Text>
                      )}
                      {ofDay.map(({ field, index }, n) => {
                        const named = { day: name, n: n + 1 };
                        return (
                          <HStack key={field.id} gap="2" align="end" wrap="wrap">
                            <DateTimeField
                              type="time"
                              name={`hours.${index}.starts`}
                              label={t('tours:leaders.hours.starts_named', named)}
                              disabled={!canManage}
                            />
                            <DateTimeField
                              type="time"
                              name={`hours.${index}.ends`}
                              label={t('tours:leaders.hours.ends_named', named)}
                              disabled={!canManage}
                            />
                            {canManage && (
                              <Button
                                size="sm"
                                variant="outline"
                                aria-label={t('tours:leaders.hours.remove_named', named)}
                                onClick={() => removeRange(index, weekday)}
                              >
                                {t('tours:leaders.hours.remove')}
                              </Button>
                            )}
                          </HStack>
                        );
                      })}
                      {canManage && (
                        <Button
                          ref={(button) => {
                            if (button) addButtons.current.set(weekday, button);
                            else addButtons.current.delete(weekday);
                          }}
                          size="xs"
                          variant="ghost"
                          alignSelf="start"
                          aria-label={t('tours:leaders.hours.add_named', { day: name })}
                          onClick={() => ranges.append({ weekday, starts: '09:00', ends: '17:00' })}
                        >
                          {t('tours:leaders.hours.add')}
                        </Button>
                      )}
                    </Stack>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
        {failure !== null && <MessageAlert status="error">{failure}</MessageAlert>}
        {canManage && (
          <HStack>
            <Button type="submit" colorPalette="blue" loading={save.isPending}>
              {t('tours:leaders.hours.save')}
            </Button>
          </HStack>
        )}
      </Stack>
      <ConfirmDialog
        open={confirmEmpty}
        title={t('tours:leaders.hours.empty_title')}
        message={t('tours:leaders.hours.empty_message')}
        confirmLabel={t('tours:leaders.hours.empty_confirm')}
        pending={save.isPending}
        onClose={() => setConfirmEmpty(false)}
        onConfirm={() => send([])}
      />
    </form>
  );
}
