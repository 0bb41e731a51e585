import { Alert, Button, Fieldset, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { FieldValues } from 'react-hook-form';
import {
  BELOW_MINIMUM_ACTIONS,
  tourSettingsForm,
  type TourSettingsForm,
} from '@nine/shared/schemas/tours/settings';
import type { BoundFieldProps } from '../../../components/form/fields.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import { ParsedTextField } from '../../../components/form/parsed-text-field.tsx';
import { applyServerIssues, useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { QueryError } from '../../../components/query-error.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { saveFailureText } from '../../../lib/save-failure.ts';
import { useNotify } from '../../../lib/toast.tsx';
import { useTourSettings, type TourSettings } from '../api/settings/get-tour-settings.ts';
import { useUpdateTourSettings } from '../api/settings/update-tour-settings.ts';
import { ParticipantSettingsFields } from './participant-settings-fields.tsx';

/** A whole number that may be negative (a check-in that closes after the start): null when empty, NaN when not one. */
const signedOf = (text: string) => {
  const t = text.trim();
  if (t === '') return null;
  return /^[-\u2212]?\d{1,6}$/.test(t) ? Number(t.replace('\u2212', '-')) : Number.NaN;
};
const signedText = (value: unknown) =>
  typeof value === 'number' && !Number.isNaN(value) ? String(value) : '';

function SignedNumberField<T extends FieldValues>(props: BoundFieldProps<T, number | null | undefined>) {
  return <ParsedTextField {...props} toText={signedText} read={signedOf} input={{ inputMode: 'text' }} />;
}

function valuesOf(s: TourSettings): TourSettingsForm {
  return {
    booking_cutoff_minutes: s.booking_cutoff_minutes,
    default_capacity: s.default_capacity,
    default_min_participants: s.default_min_participants,
    below_minimum_action: s.below_minimum_action,
    below_minimum_hours: s.below_minimum_hours,
    checkin_opens_minutes: s.checkin_opens_minutes,
    checkin_closes_minutes: s.checkin_closes_minutes,
    gallery_max_mb: s.gallery_max_mb,
    participant_required_fields: s.participant_required_fields,
    rent_terms_id: s.rent_terms_id,
  };
}

/** The General tab: the location's tour settings (its time zone shown, changed on the Location screen). */
export function GeneralSettingsForm({ locationId, canEdit }: { locationId: number; canEdit: boolean }) {
  const { t } = useAppTranslation();
  const query = useTourSettings(locationId);
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data === undefined)
    return (
      <Text role="status" color="fg.muted">
        {t('common:loading')}
      </Text>
    );
  // Keyed by the saved version: a save here or elsewhere (the revision refetches it) resets the draft.
  return <GeneralEditor key={query.data.version} settings={query.data} canEdit={canEdit} />;
}

function GeneralEditor({ settings, canEdit }: { settings: TourSettings; canEdit: boolean }) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const update = useUpdateTourSettings();
  const form = useSchemaForm(tourSettingsForm, {
    defaultValues: valuesOf(settings),
    messages: {
      default_min_participants: { min_above_capacity: 'tours:settings.general.min_above_capacity' },
      checkin_closes_minutes: { closes_before_opens: 'tours:settings.general.closes_before_opens' },
    },
  });
  const { SelectField, WholeNumberField } = fieldsOf(form.control);
  const submit = form.handleSubmit((values) => {
    if (update.isPending || !canEdit) return;
    update.mutate(
      { ...values, version: settings.version },
      {
        onSuccess: () => notify({ type: 'success', title: t('tours:settings.general.saved') }),
        onError: (error) => {
          if (applyServerIssues(form, error)) update.reset();
        },
      },
    );
  });
  const failure = saveFailureText(update.error, t('tours:settings.conflict'));
  const minutes = t('tours:settings.general.units.minutes');
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="6" maxW="3xl">
        <Text>
          {t('tours:settings.general.time_zone', { zone: settings.time_zone })}{' '}
          <Text as="span" color="fg.muted">
            {t('tours:settings.general.time_zone_help')}
          </Text>
        </Text>
        <Fieldset.Root disabled={!canEdit}>
          <Fieldset.Legend>{t('tours:settings.general.sections.booking')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <WholeNumberField
              name="booking_cutoff_minutes"
              label={t('tours:settings.general.booking_cutoff_minutes')}
              helperText={t('tours:settings.general.booking_cutoff_help')}
              required
            />
            <WholeNumberField
              name="default_capacity"
              label={t('tours:settings.general.default_capacity')}
              required
            />
            <WholeNumberField
              name="default_min_participants"
              label={t('tours:settings.general.default_min_participants')}
              required
            />
          </SimpleGrid>
        </Fieldset.Root>
        <Fieldset.Root disabled={!canEdit}>
          <Fieldset.Legend>{t('tours:settings.general.sections.minimum')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <SelectField
              name="below_minimum_action"
              label={t('tours:settings.general.below_minimum_action')}
              options={BELOW_MINIMUM_ACTIONS.map((value) => ({
                value,
                label: t(`tours:settings.general.below_minimum.${value}`),
              }))}
              required
            />
            <WholeNumberField
              name="below_minimum_hours"
              label={t('tours:settings.general.below_minimum_hours')}
              helperText={t('tours:settings.general.units.hours_before')}
              required
            />
          </SimpleGrid>
        </Fieldset.Root>
        <Fieldset.Root disabled={!canEdit}>
          <Fieldset.Legend>{t('tours:settings.general.sections.checkin')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <WholeNumberField
              name="checkin_opens_minutes"
              label={t('tours:settings.general.checkin_opens_minutes')}
              helperText={minutes}
              required
            />
            <SignedNumberField
              control={form.control}
              name="checkin_closes_minutes"
              label={t('tours:settings.general.checkin_closes_minutes')}
              helperText={t('tours:settings.general.checkin_closes_help')}
              required
            />
          </SimpleGrid>
        </Fieldset.Root>
        <Fieldset.Root disabled={!canEdit}>
          <Fieldset.Legend>{t('tours:settings.general.sections.gallery')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <WholeNumberField
              name="gallery_max_mb"
              label={t('tours:settings.general.gallery_max_mb')}
              helperText={t('tours:settings.general.gallery_help')}
              required
            />
          </SimpleGrid>
        </Fieldset.Root>
        <ParticipantSettingsFields control={form.control} canEdit={canEdit} />
        {failure !== null && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        )}
        {canEdit && (
          <Button type="submit" colorPalette="blue" alignSelf="start" loading={update.isPending}>
            {t('common:save')}
          </Button>
        )}
      </Stack>
    </form>
  );
}
