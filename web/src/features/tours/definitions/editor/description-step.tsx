import { SimpleGrid, Text } from '@chakra-ui/react';
import { emptyRichText, type RichTextDoc } from '@nine/shared/rich-text';
import { tourDescription } from '@nine/shared/schemas/tours/definitions';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import { useSchemaForm } from '../../../../components/form/use-schema-form.ts';
import { RichTextField } from '../../../../components/rich-text-editor.tsx';
import { useAppTranslation, type AppT } from '../../../../lib/i18n.ts';
import type { TourTerms } from '@nine/shared/schemas/tours/settings';
import type { TourDefinitionDetail } from '../../api/definitions/get-tour-definition.ts';
import { IdSelectField } from './id-select-field.tsx';
import { QuestionsBlock } from './questions-block.tsx';
import { StepFrame, type StepControls } from './step-frame.tsx';

/** Documents of a kind that have a published version, each named with the number that applies. */
const termOptions = (t: AppT, terms: readonly TourTerms[], kind: TourTerms['kind']) =>
  terms
    .filter((d) => d.kind === kind && d.active && d.published !== null)
    .map((d) => ({
      id: d.id,
      label: t('tours:definitions.editor.description.terms_version', {
        title: d.title,
        number: d.published!.number,
      }),
    }));

/**
 * Step 7: the description (rich text), what to bring, the terms and waiver participants accept, and the
 * questions each participant answers.
 */
export function DescriptionStep({
  definition,
  terms,
  onDefinition,
  controls,
}: {
  definition: TourDefinitionDetail;
  terms: readonly TourTerms[];
  /** The definition as saving the questions answered it (a new version). */
  onDefinition(definition: TourDefinitionDetail): void;
  controls: StepControls;
}) {
  const { t } = useAppTranslation();
  const form = useSchemaForm(tourDescription, {
    defaultValues: {
      description: (definition.description as RichTextDoc | null) ?? emptyRichText,
      what_to_bring: definition.what_to_bring ?? '',
      terms_id: definition.terms_id ?? (null as never),
      waiver_id: definition.waiver_id,
    },
  });
  const { TextareaField } = fieldsOf(form.control);
  const termsOptions = termOptions(t, terms, 'terms');
  return (
    <StepFrame form={form} controls={controls}>
      <RichTextField
        control={form.control}
        name="description"
        label={t('tours:definitions.editor.description.description')}
        required
      />
      <TextareaField
        name="what_to_bring"
        label={t('tours:definitions.editor.description.what_to_bring')}
        maxLength={2000}
        rows={3}
      />
      {termsOptions.length === 0 && (
        <Text color="fg.warning" role="status">
          {t('tours:definitions.editor.description.no_terms')}
        </Text>
      )}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <IdSelectField
          control={form.control}
          name="terms_id"
          label={t('tours:definitions.editor.description.terms')}
          options={termsOptions}
          required
        />
        <IdSelectField
          control={form.control}
          name="waiver_id"
          label={t('tours:definitions.editor.description.waiver')}
          options={termOptions(t, terms, 'waiver')}
          emptyLabel={t('tours:definitions.editor.description.no_waiver')}
        />
      </SimpleGrid>
      <QuestionsBlock definition={definition} onDefinition={onDefinition} />
    </StepFrame>
  );
}
