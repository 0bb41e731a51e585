import { Button, Fieldset, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  BUSINESS_CALENDAR_MAX_DAYS,
  businessHoursForm,
  specialDayForm,
} from '@nine/shared/schemas/business-calendar';
import { DataTable, type DataTableColumn } from '../../../../components/data-table/data-table.tsx';
import { FormDialog } from '../../../../components/form-dialog.tsx';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import { applyServerIssues, useSchemaForm } from '../../../../components/form/use-schema-form.ts';
import { MessageAlert } from '../../../../components/message-alert.tsx';
import { QueryError } from '../../../../components/query-error.tsx';
import { SectionCard } from '../../../../components/section-card.tsx';
import { formatDay, todayAtLocation } from '../../../../lib/format.ts';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { saveFailureText } from '../../../../lib/save-failure.ts';
import { useNotify } from '../../../../lib/toast.tsx';
import { useDeleteSpecialDay } from '../../api/delete-special-day.ts';
import {
  useBusinessCalendar,
  type BusinessCalendar,
  type SpecialDay,
} from '../../api/get-business-calendar.ts';
import { useSaveSpecialDay, type SpecialDayValues } from '../../api/save-special-day.ts';
import { useUpdateBusinessHours } from '../../api/update-business-hours.ts';
import { useSettingsList } from '../../../../components/settings-list/list-section.tsx';
import { useSettingsRowForm } from '../../../../components/settings-list/row-form.ts';
import { addDays } from '@nine/shared/business-hours';

type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;
type WeekValues = { days: BusinessCalendar['hours'] };

const timeMessages = {
  closes_before_opens: 'settings:calendar.errors.closes_before_opens',
  '*': 'settings:calendar.errors.time',
} as const;

/**
 * The Business calendar of a location (Location settings): opening hours per weekday, saved as one week,
 * and the special days (holidays, other hours) from today on. Read-only without location_setting change.
 */
export function BusinessCalendarSection({ locationId, canEdit }: { locationId: number; canEdit: boolean }) {
  const { t } = useAppTranslation();
  // From yesterday at the location worked at: the location on this page may be a day behind it.
  const [from] = useState(() => addDays(todayAtLocation(), -1));
  const query = useBusinessCalendar({
    location_id: locationId,
    from,
    to: addDays(from, BUSINESS_CALENDAR_MAX_DAYS),
  });
  return (
    <SectionCard title={t('settings:calendar.title')}>
      <Stack gap="6">
        <Text color="fg.muted">{t('settings:calendar.intro')}</Text>
        {query.isError ? (
          <QueryError error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data === undefined ? (
          <HStack role="status">
            <Spinner size="sm" />
            <Text>{t('settings:calendar.loading')}</Text>
          </HStack>
        ) : (
          <>
            {/* Keyed by the saved versions: a save (here or elsewhere) starts the draft afresh. */}
            <WeekForm
              key={query.data.hours.map((h) => `${h.version}${h.saved ? 's' : ''}`).join('.')}
              locationId={locationId}
              hours={query.data.hours}
              canEdit={canEdit}
            />
            <SpecialDays locationId={locationId} days={query.data.special_days} canEdit={canEdit} />
          </>
        )}
      </Stack>
    </SectionCard>
  );
}

function WeekForm({
  locationId,
  hours,
  canEdit,
}: {
  locationId: number;
  hours: BusinessCalendar['hours'];
  canEdit: boolean;
}) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const update = useUpdateBusinessHours();
  const form = useSchemaForm(businessHoursForm, {
    defaultValues: { days: hours } satisfies WeekValues,
    messages: { 'days.*.opens': timeMessages, 'days.*.closes': timeMessages },
  });
  const { CheckboxField, DateTimeField } = fieldsOf(form.control);
  const closed = useWatch({ control: form.control, name: 'days' }).map((d) => d.closed);
  const submit = form.handleSubmit((values) => {
    if (!canEdit || update.isPending) return;
    update.mutate(
      { location_id: locationId, days: values.days },
      {
        onSuccess: () => notify({ type: 'success', title: t('settings:calendar.hours_saved') }),
        onError: (error) => {
          if (applyServerIssues(form, error)) update.reset();
        },
      },
    );
  });
  const failure = saveFailureText(update.error, t('settings:calendar.conflict'));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('settings:calendar.hours_title')}>
      <Stack gap="4">
        <Text fontWeight="semibold">{t('settings:calendar.hours_title')}</Text>
        {hours.every((h) => !h.saved) && <Text color="fg.muted">{t('settings:calendar.hours_default')}</Text>}
        <Stack gap="3">
          {hours.map((h, i) => (
            <Fieldset.Root key={h.weekday} disabled={!canEdit}>
              <SimpleGrid columns={{ base: 1, md: 4 }} gap="3" alignItems="end">
                <Fieldset.Legend fontWeight="medium">
                  {t(`settings:calendar.weekdays.${h.weekday as Weekday}`)}
                </Fieldset.Legend>
                <CheckboxField
                  name={`days.${i}.closed`}
                  label={t('settings:calendar.closed')}
                  disabled={!canEdit}
                />
                <DateTimeField
                  type="time"
                  name={`days.${i}.opens`}
                  label={t('settings:calendar.opens')}
                  disabled={!canEdit || closed[i]}
                />
                <DateTimeField
                  type="time"
                  name={`days.${i}.closes`}
                  label={t('settings:calendar.closes')}
                  disabled={!canEdit || closed[i]}
                />
              </SimpleGrid>
            </Fieldset.Root>
          ))}
        </Stack>
        {failure !== null && <MessageAlert status="error">{failure}</MessageAlert>}
        {canEdit && (
          <Button type="submit" colorPalette="blue" alignSelf="start" loading={update.isPending}>
            {t('settings:calendar.save_hours')}
          </Button>
        )}
      </Stack>
    </form>
  );
}

function SpecialDays({
  locationId,
  days,
  canEdit,
}: {
  locationId: number;
  days: SpecialDay[];
  canEdit: boolean;
}) {
  const { t } = useAppTranslation();
  const remove = useDeleteSpecialDay();
  const columns: DataTableColumn<SpecialDay>[] = [
    { id: 'day', title: t('settings:calendar.day'), rowHeader: true, cell: (d) => formatDay(d.day) },
    {
      id: 'hours',
      title: t('settings:calendar.hours'),
      cell: (d) =>
        d.closed
          ? t('settings:calendar.closed')
          : t('settings:calendar.hours_range', { opens: d.opens ?? '', closes: d.closes ?? '' }),
    },
    { id: 'note', title: t('settings:calendar.note'), cell: (d) => d.note },
  ];
  const list = useSettingsList<SpecialDay>({
    rows: days,
    columns,
    canEdit,
    editLabel: t('settings:calendar.edit'),
    editNamed: (d) => t('settings:calendar.edit_named', { day: formatDay(d.day) }),
    remove: {
      mutation: remove,
      label: t('settings:calendar.delete'),
      named: (d) => t('settings:calendar.delete_named', { day: formatDay(d.day) }),
      title: t('settings:calendar.delete_title'),
      message: (d) => t('settings:calendar.delete_confirm', { day: formatDay(d.day) }),
      done: t('settings:calendar.deleted'),
    },
    renderDialog: ({ open, onClose, row }) => (
      <SpecialDayDialog open={open} onClose={onClose} locationId={locationId} day={row} />
    ),
  });
  return (
    <Stack gap="3">
      <HStack justify="space-between">
        <Text fontWeight="semibold">{t('settings:calendar.special_title')}</Text>
        {canEdit && (
          <Button size="sm" colorPalette="blue" onClick={list.add}>
            {t('settings:calendar.add')}
          </Button>
        )}
      </HStack>
      <DataTable<SpecialDay>
        columns={list.columns}
        rows={days}
        rowId={(d) => d.id}
        caption={t('settings:calendar.special_caption')}
        emptyNote={t('settings:calendar.special_empty')}
      />
      {list.dialogs}
    </Stack>
  );
}

function valuesOf(day: SpecialDay | undefined): SpecialDayValues {
  return day
    ? { day: day.day, closed: day.closed, opens: day.opens, closes: day.closes, note: day.note }
    : { day: '', closed: true, opens: null, closes: null, note: '' };
}

function SpecialDayDialog({
  open,
  onClose,
  locationId,
  day,
}: {
  open: boolean;
  onClose(): void;
  locationId: number;
  day: SpecialDay | undefined;
}) {
  const { t } = useAppTranslation();
  const { form, dialog } = useSettingsRowForm(specialDayForm, {
    open,
    onClose,
    row: day,
    newTarget: { locationId },
    save: useSaveSpecialDay(),
    values: valuesOf,
    saved: t('settings:calendar.saved'),
    conflict: t('settings:calendar.conflict'),
    messages: {
      day: 'settings:calendar.errors.day',
      opens: timeMessages,
      closes: timeMessages,
    },
  });
  const closed = useWatch({ control: form.control, name: 'closed' });
  const { CheckboxField, DateTimeField, TextField } = fieldsOf(form.control);
  return (
    <FormDialog
      {...dialog}
      title={day ? t('settings:calendar.edit_title') : t('settings:calendar.add_title')}
    >
      <DateTimeField name="day" type="date" label={t('settings:calendar.day')} required />
      <CheckboxField
        name="closed"
        label={t('settings:calendar.closed_all_day')}
        helperText={t('settings:calendar.closed_help')}
      />
      {!closed && (
        <SimpleGrid columns={2} gap="3">
          <DateTimeField name="opens" type="time" label={t('settings:calendar.opens')} required />
          <DateTimeField name="closes" type="time" label={t('settings:calendar.closes')} required />
        </SimpleGrid>
      )}
      <TextField name="note" label={t('settings:calendar.note')} maxLength={200} />
    </FormDialog>
  );
}
