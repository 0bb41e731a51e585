import { Checkbox, Fieldset, SimpleGrid, Stack } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useController, useWatch, type Control } from 'react-hook-form';
import {
  PARTICIPANT_REQUIRED_FIELDS,
  type ParticipantRequiredField,
} from '@nine/shared/schemas/tours/participants';
import type { TourSettingsForm, TourSettingsFormInput } from '@nine/shared/schemas/tours/settings';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useTourTerms } from '../api/settings/get-tour-terms.ts';
import { IdSelectField } from '../definitions/editor/id-select-field.tsx';

/**
 * The General tab's participant settings (issue #20): which fields every participant must give (share link,
 * easy-sign, the counter), and the terms a rent order's riders sign through easy-sign (published ones only).
 */
export function ParticipantSettingsFields({
  control,
  canEdit,
}: {
  control: Control<TourSettingsFormInput, unknown, TourSettingsForm>;
  canEdit: boolean;
}) {
  const { t } = useAppTranslation();
  const terms = useTourTerms();
  const { field } = useController({ control, name: 'participant_required_fields' });
  const rentTerms = useWatch({ control, name: 'rent_terms_id' });
  const chosen: readonly ParticipantRequiredField[] = field.value ?? [];
  // Two ticks may come before the form renders again: each builds on the last one's list, not the render's.
  const latest = useRef(chosen);
  useEffect(() => {
    latest.current = field.value ?? [];
  }, [field.value]);
  const toggle = (name: ParticipantRequiredField, on: boolean) => {
    // Kept in the canonical order whatever order they were ticked in.
    const next = PARTICIPANT_REQUIRED_FIELDS.filter((f) => (f === name ? on : latest.current.includes(f)));
    latest.current = next;
    field.onChange(next);
  };
  const published = (terms.data?.rows ?? [])
    .filter((d) => d.published !== null && (d.active || d.id === rentTerms))
    .map((d) => ({
      id: d.id,
      label: t('tours:settings.general.participants.terms_option', {
        title: d.title,
        number: d.published!.number,
      }),
    }));
  return (
    <Fieldset.Root disabled={!canEdit}>
      <Fieldset.Legend>{t('tours:settings.general.participants.title')}</Fieldset.Legend>
      <Stack gap="4">
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="normal">
            {t('tours:settings.general.participants.required_fields')}
          </Fieldset.Legend>
          <Fieldset.HelperText>{t('tours:settings.general.participants.required_help')}</Fieldset.HelperText>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="2" mt="2">
            {PARTICIPANT_REQUIRED_FIELDS.map((name) => (
              <Checkbox.Root
                key={name}
                checked={chosen.includes(name)}
                onCheckedChange={(details) => toggle(name, details.checked === true)}
              >
                <Checkbox.HiddenInput ref={name === PARTICIPANT_REQUIRED_FIELDS[0] ? field.ref : undefined} />
                <Checkbox.Control />
                <Checkbox.Label>{t(`tours:settings.general.participants.fields.${name}`)}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </SimpleGrid>
        </Fieldset.Root>
        <IdSelectField
          control={control}
          name="rent_terms_id"
          label={t('tours:settings.general.participants.rent_terms')}
          helperText={t('tours:settings.general.participants.rent_terms_help')}
          options={published}
          emptyLabel={t('tours:settings.general.participants.no_rent_terms')}
        />
      </Stack>
    </Fieldset.Root>
  );
}
