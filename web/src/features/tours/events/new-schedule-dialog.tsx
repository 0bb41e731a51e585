import { Button, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  tourSeriesCreate,
  type TourSeriesCreate,
  type TourSeriesPreview,
  type TourSeriesResult,
} from '@nine/shared/schemas/tours/events';
import { useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import type { IssueMessages } from '../../../components/form/issue-messages.ts';
import {
  applyServerIssues,
  useResetOnOpen,
  useSchemaForm,
  type FormSchema,
} from '../../../components/form/use-schema-form.ts';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { formatDateTime, formatDay, todayAtLocation } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { saveFailureText } from '../../../lib/save-failure.ts';
import { useMutation } from '@tanstack/react-query';
import { useCreateTourSeries } from '../api/events/create-tour-series.ts';
import { previewTourSeries } from '../api/events/preview-tour-series.ts';
import { EquipmentShortTable } from './equipment-short.tsx';
import { OptionalWholeField } from './optional-whole-field.tsx';
import { ExceptionDays, RruleBuilder } from './rrule-builder.tsx';
import { useTourChoices } from './use-event-choices.ts';
import { buildRrule, defaultRepeatRule, type RepeatRule } from './rrule-rule.ts';

/** How many of the days a preview lists (the count says how many there are in all). */
export const PREVIEW_SHOWN = 12;

const messages: IssueMessages = {
  definition_id: 'tours:events.form.tour_required',
  rrule: 'tours:events.schedule.rule_incomplete',
  last_day: {
    before_first_day: 'tours:events.schedule.before_first_day',
    too_long: 'tours:events.schedule.too_long',
  },
  start_time: 'tours:events.schedule.time_required',
  min_participants: { above_capacity: 'tours:events.form.above_capacity' },
};

/** The form holds the tour as its select's text; the schema coerces it. */
type SeriesFormValues = Omit<TourSeriesCreate, 'definition_id'> & { definition_id: string };
const seriesForm = tourSeriesCreate as FormSchema<
  SeriesFormValues,
  (typeof tourSeriesCreate)['_zod']['output']
>;

const emptyValues = (): SeriesFormValues => ({
  definition_id: '',
  rrule: '',
  first_day: todayAtLocation(),
  last_day: '',
  start_time: '09:00',
  exdates: [],
  capacity: undefined,
  min_participants: undefined,
});

/**
 * A recurring schedule of an active tour: the repeat rule, first and last day, start time and days left
 * out. "Preview" asks the server which departures it makes (on the location's clock); "Create" makes them
 * and lists the days the equipment would be short.
 */
export function NewScheduleDialog({
  open,
  locationId,
  onClose,
}: {
  open: boolean;
  locationId: number | null;
  onClose(): void;
}) {
  const { t } = useAppTranslation();
  const tours = useTourChoices(locationId, 'active') ?? [];
  const [rule, setRule] = useState<RepeatRule>(defaultRepeatRule);
  const [result, setResult] = useState<TourSeriesResult | null>(null);
  const create = useCreateTourSeries();
  const preview = useMutation({ mutationFn: previewTourSeries });
  // The values the preview on screen was made for: a change makes it stale, so it is asked again.
  const [previewed, setPreviewed] = useState<string | null>(null);
  const form = useSchemaForm(seriesForm, { defaultValues: emptyValues(), messages });
  useResetOnOpen(form, {
    open,
    record: null,
    values: emptyValues,
    onOpen: () => {
      setRule(defaultRepeatRule);
      setResult(null);
      setPreviewed(null);
      preview.reset();
      create.reset();
    },
  });
  const rruleField = useController({ control: form.control, name: 'rrule' });
  const exdatesField = useController({ control: form.control, name: 'exdates' });
  const values = useWatch({ control: form.control });
  const firstDay = useWatch({ control: form.control, name: 'first_day' });
  const lastDay = useWatch({ control: form.control, name: 'last_day' });
  const current = JSON.stringify(values);
  const shown: TourSeriesPreview | undefined = previewed === current ? preview.data : undefined;

  const changeRule = (next: RepeatRule) => {
    setRule(next);
    rruleField.field.onChange(buildRrule(next) ?? '');
  };

  const submit = form.handleSubmit((checked) => {
    const onError = (error: Error) => {
      if (applyServerIssues(form, error)) {
        preview.reset();
        create.reset();
      }
    };
    if (shown === undefined) {
      create.reset();
      preview.mutate(checked, { onSuccess: () => setPreviewed(current), onError });
    } else {
      create.mutate(checked, { onSuccess: setResult, onError });
    }
  });

  const { DateTimeField, SelectField } = fieldsOf(form.control);
  const failure =
    saveFailureText(preview.error, t('tours:events.form.conflict')) ??
    saveFailureText(create.error, t('tours:events.form.conflict'));

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('tours:events.schedule.title')}
      onSubmit={() => void submit()}
      saving={preview.isPending || create.isPending}
      error={failure}
      submitLabel={
        shown === undefined
          ? t('tours:events.schedule.preview')
          : t('tours:events.schedule.create', { count: shown.count })
      }
      submitDisabled={shown !== undefined && shown.count === 0}
      size="xl"
      scrollInside
      closeButton
      footer={
        result !== null ? (
          <Button colorPalette="blue" onClick={onClose}>
            {t('tours:events.form.done')}
          </Button>
        ) : undefined
      }
    >
      {result !== null ? (
        <SeriesResult result={result} />
      ) : (
        <>
          <SelectField
            name="definition_id"
            label={t('tours:events.form.tour')}
            required
            placeholder={t('tours:events.form.choose_tour')}
            options={tours.map((row) => ({ value: String(row.id), label: row.name }))}
            helperText={tours.length === 0 ? t('tours:events.form.no_active_tours') : undefined}
          />
          <RruleBuilder rule={rule} onChange={changeRule} error={rruleField.fieldState.error?.message} />
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
            <DateTimeField name="first_day" label={t('tours:events.schedule.first_day')} required />
            <DateTimeField
              name="last_day"
              label={t('tours:events.schedule.last_day')}
              required
              min={firstDay || undefined}
            />
            <DateTimeField
              name="start_time"
              type="time"
              label={t('tours:events.schedule.start_time')}
              required
            />
          </SimpleGrid>
          <ExceptionDays
            days={exdatesField.field.value ?? []}
            onChange={exdatesField.field.onChange}
            min={firstDay || undefined}
            max={lastDay || undefined}
          />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <OptionalWholeField
              control={form.control}
              name="capacity"
              label={t('tours:events.form.capacity')}
              helperText={t('tours:events.form.default_hint')}
            />
            <OptionalWholeField
              control={form.control}
              name="min_participants"
              label={t('tours:events.form.min_participants')}
              helperText={t('tours:events.form.default_hint')}
            />
          </SimpleGrid>
          {shown !== undefined && <SeriesPreview preview={shown} />}
        </>
      )}
    </FormDialog>
  );
}

function SeriesPreview({ preview }: { preview: TourSeriesPreview }) {
  const { t } = useAppTranslation();
  if (preview.count === 0)
    return <MessageAlert status="warning">{t('tours:events.schedule.preview_none')}</MessageAlert>;
  const first = preview.occurrences.slice(0, PREVIEW_SHOWN);
  return (
    <Stack gap="2" as="section" aria-label={t('tours:events.schedule.preview_title')}>
      <Text fontWeight="medium" role="status">
        {t('tours:events.schedule.preview_count', { count: preview.count })}
      </Text>
      <List.Root ps="5">
        {first.map((occurrence) => (
          <List.Item key={occurrence.day}>{formatDateTime(occurrence.starts_at)}</List.Item>
        ))}
      </List.Root>
      {preview.count > first.length && (
        <Text fontSize="sm" color="fg.muted">
          {t('tours:events.schedule.preview_more', { count: preview.count - first.length })}
        </Text>
      )}
    </Stack>
  );
}

function SeriesResult({ result }: { result: TourSeriesResult }) {
  const { t } = useAppTranslation();
  return (
    <Stack gap="3">
      <MessageAlert status="success">
        {t('tours:events.schedule.created', { count: result.created })}
      </MessageAlert>
      {result.equipment_short.length === 0 ? (
        <Text>{t('tours:events.equipment.none_short')}</Text>
      ) : (
        <>
          <MessageAlert status="warning">
            {t('tours:events.schedule.short_days', { count: result.equipment_short.length })}
          </MessageAlert>
          {result.equipment_short.map((day) => (
            <Stack key={day.day} gap="1">
              <Text fontWeight="medium">{formatDay(day.day)}</Text>
              <EquipmentShortTable
                lines={day.lines}
                caption={t('tours:events.schedule.short_on', { day: formatDay(day.day) })}
              />
            </Stack>
          ))}
        </>
      )}
    </Stack>
  );
}
