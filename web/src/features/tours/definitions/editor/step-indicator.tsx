import { Box, Button, chakra, Text } from '@chakra-ui/react';
import { tourDefinitionSteps, type TourDefinitionStep } from '@nine/shared/schemas/tours/definitions';
import { useAppTranslation } from '../../../../lib/i18n.ts';

export interface StepIndicatorProps {
  current: TourDefinitionStep;
  done: readonly TourDefinitionStep[];
  /** Steps the editor may open now. */
  isOpen(step: TourDefinitionStep): boolean;
  onGoto(step: TourDefinitionStep): void;
}

/** The seven steps as a numbered list in a nav: the current one marked aria-current="step", open ones buttons. */
export function StepIndicator({ current, done, isOpen, onGoto }: StepIndicatorProps) {
  const { t } = useAppTranslation();
  return (
    <nav aria-label={t('tours:definitions.editor.steps_label')}>
      <chakra.ol display="flex" flexWrap="wrap" gap="2" listStyleType="none" p="0" m="0">
        {tourDefinitionSteps.map((step, index) => {
          const isCurrent = step === current;
          const name = `${index + 1}. ${t(`tours:definitions.editor.steps.${step}`)}`;
          const state = done.includes(step)
            ? t('tours:definitions.editor.step_done')
            : t('tours:definitions.editor.step_to_do');
          return (
            <chakra.li key={step}>
              {isCurrent ? (
                <Box
                  aria-current="step"
                  px="3"
                  py="1.5"
                  borderRadius="md"
                  bg="colorPalette.solid"
                  colorPalette="blue"
                  color="colorPalette.contrast"
                  fontWeight="semibold"
                  fontSize="sm"
                >
                  {name}
                  <chakra.span srOnly>{` (${state})`}</chakra.span>
                </Box>
              ) : isOpen(step) ? (
                <Button
                  size="sm"
                  variant={done.includes(step) ? 'subtle' : 'outline'}
                  onClick={() => onGoto(step)}
                >
                  {name}
                  {done.includes(step) && <span aria-hidden="true">✓</span>}
                  <chakra.span srOnly>{` (${state})`}</chakra.span>
                </Button>
              ) : (
                <Text px="3" py="1.5" fontSize="sm" color="fg.subtle" aria-disabled="true">
                  {name}
                  <chakra.span srOnly>{` (${state})`}</chakra.span>
                </Text>
              )}
            </chakra.li>
          );
        })}
      </chakra.ol>
    </nav>
  );
}
