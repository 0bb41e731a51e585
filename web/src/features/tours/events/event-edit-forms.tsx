import {
  Button,
  Field,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  chakra,
} from '@chakra-ui/react';
import { tourEventUpdate, type TourEventDetail } from '@nine/shared/schemas/tours/events';
import {
  canMoveTourEvent,
  nextTourEventStatuses,
  type TourEventStatus,
} from '@nine/shared/tour-event-status';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import {
  applyServerIssues,
  useResetOnOpen,
  useSchemaForm,
} from '../../../components/form/use-schema-form.ts';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { formatDateTime, fromLocalInput, toLocalInput } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { saveFailureText } from '../../../lib/save-failure.ts';
import { useChangeTourEventStatus } from '../api/events/change-tour-event-status.ts';
import { useUpdateTourEvent } from '../api/events/update-tour-event.ts';
import { useRescheduleEvent } from '../api/events/reschedule-event.ts';
import { eventFormMessages } from './new-event-dialog.tsx';
import { OptionalWholeField } from './optional-whole-field.tsx';

const editValues = (event: TourEventDetail) => ({
  capacity: event.capacity,
  min_participants: event.min_participants,
  note: event.note,
  version: event.version,
});

/**
 * Capacity, minimum and note of one event, sent with the version shown: someone else's save meanwhile
 * answers 409 and the dialog says so (the event is read again).
 */
export function EventEditForm({ event, onStale }: { event: TourEventDetail; onStale(): void }) {
  const { t } = useAppTranslation();
  const save = useUpdateTourEvent();
  const form = useSchemaForm(tourEventUpdate, {
    defaultValues: editValues(event),
    messages: eventFormMessages,
  });
  // A fresh read of the event (after any save, or another counter's) shows its values and version.
  useResetOnOpen(form, { open: true, record: event.version, values: () => editValues(event) });
  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: event.id, body: values },
      {
        onError: (error) => {
          if (applyServerIssues(form, error)) save.reset();
          else onStale();
        },
      },
    ),
  );
  const { TextareaField } = fieldsOf(form.control);
  const failure = saveFailureText(save.error, t('tours:events.detail.conflict'));
  return (
    <chakra.form
      display="flex"
      flexDirection="column"
      gap="3"
      noValidate
      aria-label={t('tours:events.detail.edit')}
      onSubmit={(e) => void submit(e)}
    >
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <OptionalWholeField
          control={form.control}
          name="capacity"
          label={t('tours:events.form.capacity')}
          required
        />
        <OptionalWholeField
          control={form.control}
          name="min_participants"
          label={t('tours:events.form.min_participants')}
          required
        />
      </SimpleGrid>
      <TextareaField name="note" label={t('tours:events.form.note')} maxLength={1000} />
      {failure !== null && <MessageAlert status="error">{failure}</MessageAlert>}
      {save.isSuccess && !form.formState.isDirty && (
        <MessageAlert status="success">{t('tours:events.detail.saved')}</MessageAlert>
      )}
      <HStack>
        <Button type="submit" colorPalette="blue" loading={save.isPending} disabled={!form.formState.isDirty}>
          {t('tours:events.detail.save')}
        </Button>
      </HStack>
    </chakra.form>
  );
}

/** The status moves the shared rules allow from here (completing only once started, reopening only ahead). */
export function allowedStatuses(
  event: Pick<TourEventDetail, 'status' | 'starts_at'>,
  now: Date,
): TourEventStatus[] {
  const ahead = Date.parse(event.starts_at) > now.getTime();
  return nextTourEventStatuses(event.status).filter((to) => canMoveTourEvent(event.status, to, ahead));
}

/** A move to another status with an optional reason (cancelling says why). */
export function EventStatusForm({ event, onStale }: { event: TourEventDetail; onStale(): void }) {
  const { t } = useAppTranslation();
  const selectId = useId();
  const reasonId = useId();
  const change = useChangeTourEventStatus();
  const [now] = useState(() => new Date());
  const options = allowedStatuses(event, now);
  const [status, setStatus] = useState('');
  const [reason, setReason] = useState('');
  if (options.length === 0) return <Text color="fg.muted">{t('tours:events.detail.no_moves')}</Text>;
  const failure = saveFailureText(change.error, t('tours:events.detail.conflict'));
  return (
    <Stack
      as="form"
      gap="3"
      aria-label={t('tours:events.detail.change_status')}
      onSubmit={(e) => {
        e.preventDefault();
        if (status === '') return;
        change.mutate(
          {
            id: event.id,
            body: {
              status: status as TourEventStatus,
              reason: reason.trim() || null,
              version: event.version,
            },
          },
          {
            onSuccess: () => {
              setStatus('');
              setReason('');
            },
            onError: onStale,
          },
        );
      }}
    >
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <Field.Root>
          <Field.Label htmlFor={selectId}>{t('tours:events.detail.new_status')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              id={selectId}
              value={status}
              onChange={(e) => setStatus(e.currentTarget.value)}
            >
              <option value="">{t('tours:events.detail.choose_status')}</option>
              {options.map((to) => (
                <option key={to} value={to}>
                  {t(`tours:events.status_action.${to}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label htmlFor={reasonId}>{t('tours:events.detail.reason')}</Field.Label>
          <Input
            id={reasonId}
            maxLength={300}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
        </Field.Root>
      </SimpleGrid>
      {failure !== null && <MessageAlert status="error">{failure}</MessageAlert>}
      <HStack>
        <Button
          type="submit"
          colorPalette={status === 'cancelled' ? 'red' : 'blue'}
          disabled={status === ''}
          loading={change.isPending}
        >
          {t('tours:events.detail.apply_status')}
        </Button>
      </HStack>
    </Stack>
  );
}

/**
 * The keyboard way to move an event (the calendar drags): a new start on the location's clock, confirmed
 * with the number of participants it moves.
 */
export function EventRescheduleForm({ event }: { event: TourEventDetail }) {
  const { t } = useAppTranslation();
  const id = useId();
  const reschedule = useRescheduleEvent();
  const [text, setText] = useState(() => toLocalInput(event.starts_at));
  const [asking, setAsking] = useState(false);
  const startsAt = fromLocalInput(text);
  const unchanged = startsAt !== null && Date.parse(startsAt) === Date.parse(event.starts_at);
  return (
    <>
      <HStack
        as="form"
        gap="2"
        align="end"
        aria-label={t('tours:events.detail.reschedule')}
        onSubmit={(e) => {
          e.preventDefault();
          if (startsAt !== null && !unchanged) setAsking(true);
        }}
      >
        <Field.Root flex="1">
          <Field.Label htmlFor={id}>{t('tours:events.detail.new_start')}</Field.Label>
          <Input
            id={id}
            type="datetime-local"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
        </Field.Root>
        <Button
          type="submit"
          variant="outline"
          disabled={startsAt === null || unchanged}
          loading={reschedule.isPending}
        >
          {t('tours:events.detail.reschedule')}
        </Button>
      </HStack>
      <ConfirmDialog
        open={asking}
        title={t('tours:events.detail.reschedule_title')}
        message={t('tours:events.detail.reschedule_confirm', {
          name: event.definition_name,
          when: formatDateTime(startsAt),
          count: event.seats_taken,
        })}
        confirmLabel={t('tours:events.detail.reschedule')}
        pending={reschedule.isPending}
        onConfirm={() => {
          if (startsAt === null) return;
          reschedule.mutate(
            { id: event.id, starts_at: startsAt, version: event.version },
            { onSettled: () => setAsking(false) },
          );
        }}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
