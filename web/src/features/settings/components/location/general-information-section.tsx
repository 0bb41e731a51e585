import { SimpleGrid, Stack } from '@chakra-ui/react';
import { locationDetailsForm, type LocationDetailsForm } from '@nine/shared/schemas/location-settings';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import { useSchemaForm } from '../../../../components/form/use-schema-form.ts';
import { SectionCard } from '../../../../components/section-card.tsx';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { saveFailureText } from '../../../../lib/save-failure.ts';
import {
  locationDetailsQueryKey,
  useLocationDetails,
  type LocationDetails,
} from '../../api/get-location-details.ts';
import { useUpdateLocationDetails } from '../../api/update-location-details.ts';
import { SectionLoad, SectionSave, useSectionOutcome } from './section-shell.tsx';

export interface LocationSectionProps {
  locationId: number;
  /** location_setting change at this location; others see the section read-only. */
  canEdit: boolean;
}

/** Location settings, "General information": the location's name, address and contacts. */
export function GeneralInformationSection({ locationId, canEdit }: LocationSectionProps) {
  const { t } = useAppTranslation();
  const query = useLocationDetails(locationId);
  // Held above the editor, which starts over on every new version, so a refusal stays in view.
  const update = useUpdateLocationDetails();
  return (
    <SectionCard title={t('settings:location.general.title')}>
      <SectionLoad query={query}>
        {(details) => (
          <GeneralEditor
            key={`${details.id}:${details.version}`}
            details={details}
            canEdit={canEdit}
            update={update}
          />
        )}
      </SectionLoad>
    </SectionCard>
  );
}

const valuesOf = (details: LocationDetails): LocationDetailsForm => ({
  name: details.name,
  address: details.address ?? '',
  zip_code: details.zip_code ?? '',
  tel: details.tel ?? '',
  email: details.email ?? '',
});

function GeneralEditor({
  details,
  canEdit,
  update,
}: {
  details: LocationDetails;
  canEdit: boolean;
  update: ReturnType<typeof useUpdateLocationDetails>;
}) {
  const { t } = useAppTranslation();
  const outcome = useSectionOutcome();
  const form = useSchemaForm(locationDetailsForm, {
    defaultValues: valuesOf(details),
    messages: { tel: 'settings:location.errors.phone' },
  });
  const { TextField } = fieldsOf(form.control);
  const submit = form.handleSubmit((values) => {
    if (update.isPending || !canEdit) return;
    update.mutate(
      { locationId: details.id, version: details.version, ...values },
      outcome(form, update.reset, locationDetailsQueryKey),
    );
  });
  const field = (
    name: keyof LocationDetailsForm,
    extra: { type?: 'email' | 'tel'; autoComplete?: string } = {},
  ) => (
    <TextField
      name={name}
      label={t(`settings:location.general.fields.${name}`)}
      required={name === 'name'}
      disabled={!canEdit}
      {...extra}
    />
  );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {field('name', { autoComplete: 'organization' })}
          {field('address', { autoComplete: 'street-address' })}
          {field('zip_code', { autoComplete: 'postal-code' })}
          {field('tel', { type: 'tel', autoComplete: 'tel' })}
          {field('email', { type: 'email', autoComplete: 'email' })}
        </SimpleGrid>
        <SectionSave
          failure={saveFailureText(update.error, t('settings:location.conflict'))}
          pending={update.isPending}
          canEdit={canEdit}
          label={t('settings:location.general.save')}
        />
      </Stack>
    </form>
  );
}
