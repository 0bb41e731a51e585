import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import { tourLocationStep } from '@nine/shared/schemas/tours/definitions';
import { useWatch } from 'react-hook-form';
import { useSchemaForm } from '../../../../components/form/use-schema-form.ts';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import type { TourPlace } from '@nine/shared/schemas/tours/settings';
import type { TourDefinitionDetail } from '../../api/definitions/get-tour-definition.ts';
import { IdSelectField } from './id-select-field.tsx';
import { StepFrame, type StepControls } from './step-frame.tsx';

const optionsOf = (places: readonly TourPlace[], kind: TourPlace['kind'], keep: number | null) =>
  places
    .filter((p) => p.kind === kind && (p.active || p.id === keep))
    .map((p) => ({ id: p.id, label: p.address ? `${p.name} (${p.address})` : p.name }));

/** Step 5: where participants meet and where the tour goes, from the location's places (tour settings). */
export function LocationStep({
  definition,
  places,
  controls,
}: {
  definition: TourDefinitionDetail;
  places: readonly TourPlace[];
  controls: StepControls;
}) {
  const { t } = useAppTranslation();
  const form = useSchemaForm(tourLocationStep, {
    defaultValues: {
      meeting_point_id: definition.meeting_point_id ?? (null as never),
      site_id: definition.site_id,
    },
  });
  const meetingId = useWatch({ control: form.control, name: 'meeting_point_id' });
  const meeting = places.find((p) => p.id === meetingId);
  const meetingPoints = optionsOf(places, 'meeting_point', definition.meeting_point_id);
  return (
    <StepFrame form={form} controls={controls}>
      {meetingPoints.length === 0 && (
        <Text color="fg.warning" role="status">
          {t('tours:definitions.editor.location.no_places')}
        </Text>
      )}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <IdSelectField
          control={form.control}
          name="meeting_point_id"
          label={t('tours:definitions.editor.location.meeting_point')}
          options={meetingPoints}
          required
        />
        <IdSelectField
          control={form.control}
          name="site_id"
          label={t('tours:definitions.editor.location.site')}
          options={optionsOf(places, 'site', definition.site_id)}
          emptyLabel={t('tours:definitions.editor.location.no_site')}
        />
      </SimpleGrid>
      {meeting?.instructions && (
        <Box bg="bg.muted" p="4" borderRadius="md">
          <Text fontWeight="semibold">{t('tours:definitions.editor.location.instructions')}</Text>
          <Text whiteSpace="pre-wrap">{meeting.instructions}</Text>
        </Box>
      )}
    </StepFrame>
  );
}
