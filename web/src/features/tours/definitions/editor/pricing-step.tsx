import { Box, Button, Fieldset, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { tourPricing } from '@nine/shared/schemas/tours/definitions';
import { useEffect, useRef } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import { useSchemaForm } from '../../../../components/form/use-schema-form.ts';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import type { TourAgeGroup } from '@nine/shared/schemas/tours/settings';
import type { TourDefinitionDetail } from '../../api/definitions/get-tour-definition.ts';
import { proposedPrice } from './price-rule.ts';
import { StepFrame, type StepControls } from './step-frame.tsx';

interface PriceRow {
  age_group_id: number;
  price_minor: number | null;
}
interface SeasonRow {
  name: string;
  first_day: string | null;
  last_day: string | null;
  prices: PriceRow[];
}
interface PricingValues {
  prices: PriceRow[];
  private_price_minor: number | null;
  taxable: boolean;
  seasons: SeasonRow[];
}

type Prices = readonly { age_group_id: number; price_minor: number }[];

/** One row per active age group, the saved price where there is one. */
const rowsFor = (groups: readonly TourAgeGroup[], saved: Prices): PriceRow[] =>
  groups.map((g) => ({
    age_group_id: g.id,
    price_minor: saved.find((p) => p.age_group_id === g.id)?.price_minor ?? null,
  }));

function valuesOf(definition: TourDefinitionDetail, groups: readonly TourAgeGroup[]): PricingValues {
  return {
    prices: rowsFor(groups, definition.prices),
    private_price_minor: definition.private_price_minor,
    taxable: definition.taxable,
    seasons: definition.seasons.map((s) => ({
      name: s.name,
      first_day: s.first_day,
      last_day: s.last_day,
      prices: rowsFor(groups, s.prices),
    })),
  };
}

/**
 * Step 2: a price per active age group (typed for the first, proposed for the others by their price rule
 * until typed over), an optional private-group price, tax, and seasonal prices by date range.
 */
export function PricingStep({
  definition,
  ageGroups,
  currencySymbol,
  controls,
}: {
  definition: TourDefinitionDetail;
  /** The active age groups, in order. */
  ageGroups: readonly TourAgeGroup[];
  currencySymbol: string;
  controls: StepControls;
}) {
  const { t } = useAppTranslation();
  const form = useSchemaForm(tourPricing, {
    defaultValues: valuesOf(definition, ageGroups) as never,
    messages: {
      'seasons.*.last_day': { before_first_day: 'tours:definitions.editor.pricing.last_before_first' },
      'seasons.*.first_day': { season_overlap: 'tours:definitions.editor.pricing.season_overlap' },
    },
  });
  const { control } = form;
  const { MoneyField, CheckboxField, TextField, DateTimeField } = fieldsOf(control);
  const seasons = useFieldArray({ control, name: 'seasons' });
  const base = useWatch({ control, name: 'prices.0.price_minor' });
  // A saved tour keeps its prices; a new one proposes them until each is typed over.
  const proposing = useRef(definition.prices.length === 0);

  useEffect(() => {
    if (!proposing.current || typeof base !== 'number' || Number.isNaN(base)) return;
    ageGroups.forEach((group, index) => {
      if (index === 0 || form.getFieldState(`prices.${index}.price_minor`).isDirty) return;
      form.setValue(`prices.${index}.price_minor`, proposedPrice(group, base));
    });
  }, [base, ageGroups, form]);

  const unit = t('tours:definitions.editor.pricing.amount_help', { symbol: currencySymbol });
  const addSeason = () => {
    const prices = form
      .getValues('prices')
      .map((p) => ({ age_group_id: p.age_group_id, price_minor: p.price_minor }));
    seasons.append({ name: '', first_day: null, last_day: null, prices } as never);
  };

  return (
    <StepFrame form={form} controls={controls}>
      <Fieldset.Root>
        <Fieldset.Legend>{t('tours:definitions.editor.pricing.prices')}</Fieldset.Legend>
        <Fieldset.HelperText>{t('tours:definitions.editor.pricing.prices_help')}</Fieldset.HelperText>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          {ageGroups.map((group, index) => (
            <MoneyField
              key={group.id}
              name={`prices.${index}.price_minor`}
              label={t('tours:definitions.editor.pricing.price_for', { group: group.name })}
              helperText={unit}
              required
            />
          ))}
        </SimpleGrid>
      </Fieldset.Root>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="end">
        <MoneyField
          name="private_price_minor"
          label={t('tours:definitions.editor.pricing.private_price')}
          helperText={t('tours:definitions.editor.pricing.private_price_help')}
        />
        <CheckboxField name="taxable" label={t('tours:definitions.editor.pricing.taxable')} />
      </SimpleGrid>
      <Fieldset.Root>
        <Fieldset.Legend>{t('tours:definitions.editor.pricing.seasons')}</Fieldset.Legend>
        <Fieldset.HelperText>{t('tours:definitions.editor.pricing.seasons_help')}</Fieldset.HelperText>
        <Stack gap="4">
          {seasons.fields.length === 0 && (
            <Text fontSize="sm" color="fg.muted">
              {t('tours:definitions.editor.pricing.no_seasons')}
            </Text>
          )}
          {seasons.fields.map((season, s) => (
            <Box
              key={season.id}
              as="section"
              aria-label={t('tours:definitions.editor.pricing.season_n', { n: s + 1 })}
              borderWidth="1px"
              borderRadius="md"
              p="4"
            >
              <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
                <TextField
                  name={`seasons.${s}.name`}
                  label={t('tours:definitions.editor.pricing.season_name')}
                  required
                />
                <DateTimeField
                  name={`seasons.${s}.first_day`}
                  label={t('tours:definitions.editor.pricing.first_day')}
                  required
                />
                <DateTimeField
                  name={`seasons.${s}.last_day`}
                  label={t('tours:definitions.editor.pricing.last_day')}
                  required
                />
                {ageGroups.map((group, index) => (
                  <MoneyField
                    key={group.id}
                    name={`seasons.${s}.prices.${index}.price_minor`}
                    label={t('tours:definitions.editor.pricing.price_for', { group: group.name })}
                    required
                  />
                ))}
              </SimpleGrid>
              <HStack justify="flex-end" mt="3">
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => seasons.remove(s)}>
                  {t('tours:definitions.editor.pricing.remove_season', { n: s + 1 })}
                </Button>
              </HStack>
            </Box>
          ))}
          <Button alignSelf="start" size="sm" variant="outline" onClick={addSeason}>
            {t('tours:definitions.editor.pricing.add_season')}
          </Button>
        </Stack>
      </Fieldset.Root>
    </StepFrame>
  );
}
