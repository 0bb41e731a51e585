import { SimpleGrid } from '@chakra-ui/react';
import { tourBasicInfo, type TourBasicInfo } from '@nine/shared/schemas/tours/definitions';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import { useSchemaForm } from '../../../../components/form/use-schema-form.ts';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import type { TourDefinitionDetail } from '../../api/definitions/get-tour-definition.ts';
import { IdSelectField, type IdOption } from './id-select-field.tsx';
import { LanguagesField } from './languages-field.tsx';
import { StepFrame, type StepControls } from './step-frame.tsx';

export interface BasicInfoDefaults {
  capacity: number;
  min_participants: number;
}

function valuesOf(definition: TourDefinitionDetail | null, defaults: BasicInfoDefaults): TourBasicInfo {
  return {
    code: definition?.code ?? '',
    name: definition?.name ?? '',
    group_id: definition?.group_id ?? null,
    duration_minutes: definition?.duration_minutes ?? 120,
    capacity: definition?.capacity ?? defaults.capacity,
    min_participants: definition?.min_participants ?? defaults.min_participants,
    participants_per_leader: definition?.participants_per_leader ?? null,
    min_leaders: definition?.min_leaders ?? 1,
    languages: (definition?.languages ?? []) as TourBasicInfo['languages'],
  };
}

/** Step 1: the tour's name, code, group, duration, party size, leaders needed and languages. */
export function BasicInfoStep({
  definition,
  defaults,
  groups,
  controls,
}: {
  definition: TourDefinitionDetail | null;
  defaults: BasicInfoDefaults;
  groups: readonly IdOption[];
  controls: StepControls;
}) {
  const { t } = useAppTranslation();
  const form = useSchemaForm(tourBasicInfo, {
    defaultValues: valuesOf(definition, defaults),
    messages: {
      code: 'tours:definitions.editor.basic.code_invalid',
      min_participants: { above_capacity: 'tours:definitions.editor.basic.min_above_capacity' },
    },
  });
  const { TextField, WholeNumberField } = fieldsOf(form.control);
  return (
    <StepFrame form={form} controls={controls}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField name="name" label={t('tours:definitions.editor.basic.name')} required maxLength={120} />
        <TextField
          name="code"
          label={t('tours:definitions.editor.basic.code')}
          required
          maxLength={20}
          textTransform="uppercase"
          // part 2 names the tour's seat product after its code, so it is fixed once the tour left draft
          readOnly={definition !== null && definition.status !== 'draft'}
          helperText={
            definition !== null && definition.status !== 'draft'
              ? t('tours:definitions.editor.basic.code_locked')
              : t('tours:definitions.editor.basic.code_help')
          }
        />
        <IdSelectField
          control={form.control}
          name="group_id"
          label={t('tours:definitions.editor.basic.group')}
          options={groups}
          emptyLabel={t('tours:definitions.editor.basic.no_group')}
        />
        <WholeNumberField
          name="duration_minutes"
          label={t('tours:definitions.editor.basic.duration')}
          required
          helperText={t('tours:definitions.editor.basic.minutes')}
        />
        <WholeNumberField name="capacity" label={t('tours:definitions.editor.basic.capacity')} required />
        <WholeNumberField
          name="min_participants"
          label={t('tours:definitions.editor.basic.min_participants')}
          required
        />
        <WholeNumberField
          name="participants_per_leader"
          label={t('tours:definitions.editor.basic.participants_per_leader')}
          helperText={t('tours:definitions.editor.basic.participants_per_leader_help')}
        />
        <WholeNumberField
          name="min_leaders"
          label={t('tours:definitions.editor.basic.min_leaders')}
          required
        />
      </SimpleGrid>
      <LanguagesField
        control={form.control}
        name="languages"
        label={t('tours:definitions.editor.basic.languages')}
      />
    </StepFrame>
  );
}
