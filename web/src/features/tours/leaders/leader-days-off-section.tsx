import { Button, HStack, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { errorCatalogue } from '@nine/shared/errors';
import {
  daysOffWarning,
  leaderDaysOffForm,
  type DaysOffWarning,
  type LeaderDaysOff,
} from '@nine/shared/schemas/tours/leaders';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { RowActionButton } from '../../../components/data-table/row-action-button.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import {
  applyServerIssues,
  useResetOnOpen,
  useSchemaForm,
} from '../../../components/form/use-schema-form.ts';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime, formatDay } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { saveFailureText } from '../../../lib/save-failure.ts';
import { useAddLeaderDaysOff } from '../api/leaders/add-leader-days-off.ts';
import { useDeleteLeaderDaysOff } from '../api/leaders/delete-leader-days-off.ts';

const EMPTY = { first_day: '', last_day: '', reason: '' };

/** A 1205 answer's warning, when days off cover departures the leader is assigned to. */
export function assignedEventsOf(error: unknown): DaysOffWarning | null {
  if (!(error instanceof ApiError) || error.respCode !== errorCatalogue.confirmationRequired.code)
    return null;
  const parsed = daysOffWarning.safeParse(error.data);
  return parsed.success ? parsed.data : null;
}

function DaysOffDialog({ leaderId, open, onClose }: { leaderId: number; open: boolean; onClose(): void }) {
  const { t } = useAppTranslation();
  const add = useAddLeaderDaysOff();
  const form = useSchemaForm(leaderDaysOffForm, {
    defaultValues: EMPTY,
    messages: { last_day: { ends_before_starts: 'tours:leaders.days_off.ends_before_starts' } },
  });
  // The days the warning was given for: it (and "Save anyway") holds for those days only.
  const [warned, setWarned] = useState<{ first_day: string; last_day: string } | null>(null);
  useResetOnOpen(form, {
    open,
    record: null,
    values: () => EMPTY,
    onOpen: () => {
      add.reset();
      setWarned(null);
    },
  });
  const [firstDay, lastDay] = useWatch({ control: form.control, name: ['first_day', 'last_day'] });
  const warning = assignedEventsOf(add.error);
  const clashes =
    warning !== null && warned?.first_day === firstDay && warned.last_day === lastDay ? warning : null;
  // Sent again with `acknowledge` once the person has seen the departures these very days cover.
  const submit = form.handleSubmit((values) =>
    add.mutate(
      { leaderId, body: { ...values, acknowledge: clashes !== null } },
      {
        onSuccess: onClose,
        onError: (error) => {
          setWarned({ first_day: values.first_day, last_day: values.last_day });
          if (applyServerIssues(form, error)) add.reset();
        },
      },
    ),
  );
  const { DateTimeField, TextField } = fieldsOf(form.control);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('tours:leaders.days_off.add_title')}
      onSubmit={() => void submit()}
      saving={add.isPending}
      submitLabel={clashes === null ? undefined : t('tours:leaders.days_off.save_anyway')}
      error={warning === null ? saveFailureText(add.error, '') : null}
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <DateTimeField name="first_day" label={t('tours:leaders.days_off.first_day')} required />
          <DateTimeField name="last_day" label={t('tours:leaders.days_off.last_day')} required />
        </SimpleGrid>
        <TextField name="reason" label={t('tours:leaders.days_off.reason')} />
        {clashes !== null && (
          <MessageAlert status="warning">
            <Stack gap="2">
              {clashes.total > 0 && (
                <>
                  <Text>{t('tours:leaders.days_off.assigned_warning', { count: clashes.total })}</Text>
                  <List.Root ps="4">
                    {clashes.events.map((event) => (
                      <List.Item key={event.event_id}>
                        {formatDateTime(event.starts_at)} · {event.definition_name}
                      </List.Item>
                    ))}
                  </List.Root>
                  {clashes.total > clashes.events.length && (
                    <Text>
                      {t('tours:leaders.days_off.more', { count: clashes.total - clashes.events.length })}
                    </Text>
                  )}
                </>
              )}
              {clashes.other_locations > 0 && (
                <Text>{t('tours:leaders.days_off.other_locations', { count: clashes.other_locations })}</Text>
              )}
            </Stack>
          </MessageAlert>
        )}
      </Stack>
    </FormDialog>
  );
}

/** The leader's days off (both days included); adding over assigned departures asks first. */
export function LeaderDaysOffSection({
  leaderId,
  daysOff,
  canManage,
}: {
  leaderId: number;
  daysOff: LeaderDaysOff[];
  canManage: boolean;
}) {
  const { t } = useAppTranslation();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<LeaderDaysOff | null>(null);
  const remove = useDeleteLeaderDaysOff();
  const range = (row: LeaderDaysOff) =>
    row.first_day === row.last_day
      ? formatDay(row.first_day)
      : t('tours:leaders.days_off.range', { from: formatDay(row.first_day), to: formatDay(row.last_day) });

  const columns: DataTableColumn<LeaderDaysOff>[] = [
    { id: 'days', title: t('tours:leaders.days_off.days'), rowHeader: true, cell: range },
    { id: 'reason', title: t('tours:leaders.days_off.reason'), cell: (row) => row.reason },
    ...(canManage
      ? [
          {
            id: 'actions',
            title: t('tours:leaders.actions'),
            titleHidden: true,
            cell: (row: LeaderDaysOff) => (
              <RowActionButton
                label={t('tours:leaders.remove')}
                name={t('tours:leaders.days_off.remove_named', { days: range(row) })}
                onClick={() => {
                  remove.reset();
                  setRemoving(row);
                }}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Stack gap="3">
      <DataTable<LeaderDaysOff>
        columns={columns}
        rows={daysOff}
        rowId={(row) => row.id}
        caption={t('tours:leaders.days_off.caption')}
        emptyNote={t('tours:leaders.days_off.empty')}
        size="sm"
      />
      {canManage && (
        <HStack>
          <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
            {t('tours:leaders.days_off.add')}
          </Button>
        </HStack>
      )}
      <DaysOffDialog leaderId={leaderId} open={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={removing !== null}
        title={t('tours:leaders.days_off.remove_title')}
        message={t('tours:leaders.days_off.remove_message', { days: removing ? range(removing) : '' })}
        confirmLabel={t('tours:leaders.remove')}
        danger
        pending={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing !== null &&
          remove.mutate({ leaderId, dayId: removing.id }, { onSuccess: () => setRemoving(null) })
        }
      />
      {remove.isError && <MessageAlert status="error">{saveFailureText(remove.error, '')}</MessageAlert>}
    </Stack>
  );
}
