import { Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  tourEventCreate,
  type TourEventCreate,
  type TourEventDetail,
} from '@nine/shared/schemas/tours/events';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import type { IssueMessages } from '../../../components/form/issue-messages.ts';
import {
  applyServerIssues,
  useResetOnOpen,
  useSchemaForm,
  type FormSchema,
} from '../../../components/form/use-schema-form.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { saveFailureText } from '../../../lib/save-failure.ts';
import { useCreateTourEvent } from '../api/events/create-tour-event.ts';
import { IdSelectField } from '../definitions/editor/id-select-field.tsx';
import { EquipmentShortNotice } from './equipment-short.tsx';
import { OptionalWholeField } from './optional-whole-field.tsx';
import { useMeetingPointChoices, useTourChoices } from './use-event-choices.ts';

export const eventFormMessages: IssueMessages = {
  definition_id: 'tours:events.form.tour_required',
  min_participants: { above_capacity: 'tours:events.form.above_capacity' },
};

/** The form holds the tour as its select's text and the meeting point as an id; the schema coerces both. */
type EventFormValues = Omit<TourEventCreate, 'definition_id' | 'meeting_point_id'> & {
  definition_id: string;
  meeting_point_id?: number | null;
};
const eventForm = tourEventCreate as FormSchema<EventFormValues, (typeof tourEventCreate)['_zod']['output']>;

const emptyValues = (): EventFormValues => ({
  definition_id: '',
  starts_at: '',
  capacity: undefined,
  min_participants: undefined,
  meeting_point_id: null,
  note: null,
});

export interface NewEventDialogProps {
  open: boolean;
  locationId: number | null;
  onClose(): void;
  /** The event was made and the person asked to open it. */
  onCreated?(id: number): void;
}

/**
 * One departure of an active tour: date and time on the location's clock; capacity and minimum left empty
 * take the tour's. Once made, the dialog says what equipment the event would be short of.
 */
export function NewEventDialog({ open, locationId, onClose, onCreated }: NewEventDialogProps) {
  const { t } = useAppTranslation();
  const tours = useTourChoices(locationId, 'active') ?? [];
  const meetingPoints = useMeetingPointChoices(locationId) ?? [];
  const create = useCreateTourEvent();
  const [created, setCreated] = useState<TourEventDetail | null>(null);
  const form = useSchemaForm(eventForm, { defaultValues: emptyValues(), messages: eventFormMessages });
  useResetOnOpen(form, {
    open,
    record: null,
    values: emptyValues,
    onOpen: () => {
      setCreated(null);
      create.reset();
    },
  });
  const chosen = useWatch({ control: form.control, name: 'definition_id' });
  const tour = tours.find((row) => String(row.id) === String(chosen));

  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: setCreated,
      onError: (error) => {
        if (applyServerIssues(form, error)) create.reset();
      },
    }),
  );
  const { InstantField, SelectField, TextareaField } = fieldsOf(form.control);

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('tours:events.form.new_event_title')}
      onSubmit={() => void submit()}
      saving={create.isPending}
      error={saveFailureText(create.error, t('tours:events.form.conflict'))}
      submitLabel={t('tours:events.form.create')}
      size="lg"
      closeButton
      footer={
        created !== null ? (
          <>
            {onCreated !== undefined && (
              <Button
                variant="outline"
                onClick={() => {
                  onClose();
                  onCreated(created.id);
                }}
              >
                {t('tours:events.form.open_created')}
              </Button>
            )}
            <Button colorPalette="blue" onClick={onClose}>
              {t('tours:events.form.done')}
            </Button>
          </>
        ) : undefined
      }
    >
      {created !== null ? (
        <Stack gap="3">
          <Text role="status">
            {t('tours:events.form.created', {
              name: created.definition_name,
              when: formatDateTime(created.starts_at),
            })}
          </Text>
          <EquipmentShortNotice lines={created.equipment_short} />
        </Stack>
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
          <InstantField name="starts_at" label={t('tours:events.form.starts_at')} required />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <OptionalWholeField
              control={form.control}
              name="capacity"
              label={t('tours:events.form.capacity')}
              helperText={
                tour?.capacity != null
                  ? t('tours:events.form.tour_default', { value: formatNumber(tour.capacity) })
                  : t('tours:events.form.default_hint')
              }
            />
            <OptionalWholeField
              control={form.control}
              name="min_participants"
              label={t('tours:events.form.min_participants')}
              helperText={t('tours:events.form.default_hint')}
            />
          </SimpleGrid>
          <IdSelectField
            control={form.control}
            name="meeting_point_id"
            label={t('tours:events.form.meeting_point')}
            emptyLabel={t('tours:events.form.tour_meeting_point')}
            options={meetingPoints.map((place) => ({ id: place.id, label: place.name }))}
          />
          <TextareaField name="note" label={t('tours:events.form.note')} maxLength={1000} />
        </>
      )}
    </FormDialog>
  );
}
