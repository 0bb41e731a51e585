import { Box, Button, Fieldset, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { MAX_CANCELLATION_TIERS, tourCancellationFee } from '@nine/shared/schemas/tours/definitions';
import { useFieldArray, useWatch } from 'react-hook-form';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import { useSchemaForm } from '../../../../components/form/use-schema-form.ts';
import { formatRate } from '../../../../lib/format.ts';
import { useAppTranslation, type AppT } from '../../../../lib/i18n.ts';
import type { TourDefinitionDetail } from '../../api/definitions/get-tour-definition.ts';
import { cancellationPreview, type PreviewLine } from './cancellation-preview.ts';
import { StepFrame, type StepControls } from './step-frame.tsx';

// The example: free up to 48 h before, half from 48 to 24 h, in full under 24 h or for a no-show.
const SUGGESTED = [
  { hours_before: 48, fee_bp: 0 },
  { hours_before: 24, fee_bp: 5000 },
  { hours_before: 0, fee_bp: 10000 },
];

function feeText(t: AppT, bp: number): string {
  return bp === 0 ? t('tours:definitions.editor.cancellation.free') : `${formatRate(bp)} %`;
}

function lineText(t: AppT, line: PreviewLine): string {
  const fee = feeText(t, line.fee_bp);
  switch (line.kind) {
    case 'from':
      return t('tours:definitions.editor.cancellation.preview_from', { hours: line.hours, fee });
    case 'between':
      return t('tours:definitions.editor.cancellation.preview_between', {
        from: line.from,
        to: line.to,
        fee,
      });
    case 'under':
      return t('tours:definitions.editor.cancellation.preview_under', { hours: line.hours, fee });
    case 'any':
      return t('tours:definitions.editor.cancellation.preview_any', { fee });
  }
}

/** Step 3: fee tiers by hours before the start, the no-show fee, and the rule said in plain words. */
export function CancellationFeeStep({
  definition,
  controls,
}: {
  definition: TourDefinitionDetail;
  controls: StepControls;
}) {
  const { t } = useAppTranslation();
  const form = useSchemaForm(tourCancellationFee, {
    defaultValues: {
      tiers: definition.tiers.length > 0 ? definition.tiers : SUGGESTED,
      no_show_fee_bp: definition.no_show_fee_bp,
    },
    messages: {
      tiers: { zero_tier_required: 'tours:definitions.editor.cancellation.zero_tier_required' },
      'tiers.*.hours_before': { duplicate: 'tours:definitions.editor.cancellation.duplicate_hours' },
      'tiers.*.fee_bp': {
        fee_decreases: 'tours:definitions.editor.cancellation.fee_decreases',
        '*': 'tours:definitions.editor.cancellation.fee_invalid',
      },
      no_show_fee_bp: 'tours:definitions.editor.cancellation.fee_invalid',
    },
  });
  const { control } = form;
  const { WholeNumberField, PercentField } = fieldsOf(control);
  const tiers = useFieldArray({ control, name: 'tiers' });
  const watched = useWatch({ control, name: 'tiers' });
  const noShow = useWatch({ control, name: 'no_show_fee_bp' });
  const preview = cancellationPreview(watched ?? []);
  const tiersError = form.formState.errors.tiers?.root?.message ?? form.formState.errors.tiers?.message;

  return (
    <StepFrame form={form} controls={controls}>
      <Fieldset.Root invalid={tiersError !== undefined}>
        <Fieldset.Legend>{t('tours:definitions.editor.cancellation.tiers')}</Fieldset.Legend>
        <Fieldset.HelperText>{t('tours:definitions.editor.cancellation.tiers_help')}</Fieldset.HelperText>
        <Stack gap="3">
          {tiers.fields.map((tier, index) => (
            <HStack key={tier.id} align="end" gap="3">
              <SimpleGrid columns={2} gap="3" flex="1">
                <WholeNumberField
                  name={`tiers.${index}.hours_before`}
                  label={t('tours:definitions.editor.cancellation.hours_before', { n: index + 1 })}
                  required
                />
                <PercentField
                  name={`tiers.${index}.fee_bp`}
                  label={t('tours:definitions.editor.cancellation.fee', { n: index + 1 })}
                  required
                />
              </SimpleGrid>
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                disabled={tiers.fields.length === 1}
                onClick={() => tiers.remove(index)}
              >
                {t('tours:definitions.editor.cancellation.remove_tier', { n: index + 1 })}
              </Button>
            </HStack>
          ))}
          {tiersError !== undefined && (
            <Text color="fg.error" fontSize="sm" role="alert">
              {tiersError}
            </Text>
          )}
          <Button
            alignSelf="start"
            size="sm"
            variant="outline"
            disabled={tiers.fields.length >= MAX_CANCELLATION_TIERS}
            onClick={() => tiers.append({ hours_before: null, fee_bp: null } as never)}
          >
            {t('tours:definitions.editor.cancellation.add_tier')}
          </Button>
        </Stack>
      </Fieldset.Root>
      <Box maxW="xs">
        <PercentField
          name="no_show_fee_bp"
          label={t('tours:definitions.editor.cancellation.no_show')}
          required
        />
      </Box>
      <Box
        as="section"
        aria-label={t('tours:definitions.editor.cancellation.preview')}
        bg="bg.muted"
        p="4"
        borderRadius="md"
      >
        <Text fontWeight="semibold" mb="1">
          {t('tours:definitions.editor.cancellation.preview')}
        </Text>
        <Text aria-live="polite">
          {preview === null
            ? t('tours:definitions.editor.cancellation.preview_empty')
            : [
                ...preview.map((line) => lineText(t, line)),
                typeof noShow === 'number' && !Number.isNaN(noShow)
                  ? t('tours:definitions.editor.cancellation.preview_no_show', { fee: feeText(t, noShow) })
                  : null,
              ]
                .filter((s) => s !== null)
                .join(', ')}
        </Text>
      </Box>
    </StepFrame>
  );
}
