import { Box, Button, Field, HStack, Input, SimpleGrid, Stack, Text, chakra } from '@chakra-ui/react';
import { tourItems, type TourItemInput } from '@nine/shared/schemas/tours/definitions';
import { equipmentNeeds } from '@nine/shared/tour-equipment';
import { useEffect, useId, useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import { useSchemaForm } from '../../../../components/form/use-schema-form.ts';
import { useAppTranslation, type AppT } from '../../../../lib/i18n.ts';
import type { TourAgeGroup } from '@nine/shared/schemas/tours/settings';
import type { TourDefinitionDetail } from '../../api/definitions/get-tour-definition.ts';
import { useEquipmentProducts } from '../../api/definitions/search-equipment-products.ts';
import { IdSelectField } from './id-select-field.tsx';
import { StepFrame, type StepControls } from './step-frame.tsx';

/** The example party of the summary: 6 of the first age group and 2 of the second. */
const EXAMPLE = [6, 2];

/** "For 6 Adult and 2 Child: 3 × Kayak, 8 × Vest": what the rows mean for an example party. */
export function equipmentSummary(
  t: AppT,
  items: readonly Partial<TourItemInput>[],
  ageGroups: readonly Pick<TourAgeGroup, 'id' | 'name'>[],
  names: ReadonlyMap<number, string>,
): string | null {
  const party = ageGroups.slice(0, EXAMPLE.length).map((g, i) => ({ group: g, count: EXAMPLE[i]! }));
  const complete = items.filter(
    (it): it is TourItemInput =>
      typeof it.product_id === 'number' &&
      (it.per === 'participant' || it.per === 'booking') &&
      Number.isInteger(it.units) &&
      Number.isInteger(it.per_count) &&
      (it.units ?? 0) > 0 &&
      (it.per_count ?? 0) > 0,
  );
  if (party.length === 0 || complete.length === 0) return null;
  const needs = equipmentNeeds(complete, Object.fromEntries(party.map((p) => [p.group.id, p.count])));
  const partyText = party
    .map((p) => t('tours:definitions.editor.items.party_part', { n: p.count, group: p.group.name }))
    .join(t('tours:definitions.editor.items.and'));
  const needsText = [...needs]
    .map(([productId, count]) => `${count} × ${names.get(productId) ?? `#${productId}`}`)
    .join(', ');
  return t('tours:definitions.editor.items.summary', {
    party: partyText,
    needs: needsText === '' ? t('tours:definitions.editor.items.nothing') : needsText,
  });
}

/** Step 6: the rental equipment each participant (per age group or all) or each booking needs. */
export function ItemsStep({
  definition,
  ageGroups,
  locationId,
  controls,
}: {
  definition: TourDefinitionDetail;
  ageGroups: readonly TourAgeGroup[];
  locationId: number;
  controls: StepControls;
}) {
  const { t } = useAppTranslation();
  const form = useSchemaForm(tourItems, {
    defaultValues: {
      items: definition.items.map(({ product_id, per, age_group_id, units, per_count }) => ({
        product_id,
        per,
        age_group_id,
        units,
        per_count,
      })),
    },
    messages: {
      'items.*.product_id': { duplicate: 'tours:definitions.editor.items.duplicate' },
    },
  });
  const { control } = form;
  const { SelectField, WholeNumberField } = fieldsOf(control);
  const rows = useFieldArray({ control, name: 'items' });
  const watched = useWatch({ control, name: 'items' });
  const [names, setNames] = useState<Map<number, string>>(
    () => new Map(definition.items.map((it) => [it.product_id, `${it.product_name} (${it.sku})`])),
  );
  const [search, setSearch] = useState('');
  const searchId = useId();
  const products = useEquipmentProducts(locationId, search);

  // Per booking means once per party, whatever the ages.
  useEffect(() => {
    watched?.forEach((row, index) => {
      if (row?.per === 'booking' && row.age_group_id !== null && row.age_group_id !== undefined) {
        form.setValue(`items.${index}.age_group_id`, null);
      }
    });
  }, [watched, form]);

  const groupOptions = ageGroups.map((g) => ({ id: g.id, label: g.name }));
  const summary = equipmentSummary(t, watched ?? [], ageGroups, names);

  return (
    <StepFrame form={form} controls={controls}>
      <Stack gap="3">
        <Field.Root maxW="md">
          <Field.Label htmlFor={searchId}>{t('tours:definitions.editor.items.search')}</Field.Label>
          <Input
            id={searchId}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <Field.HelperText>{t('tours:definitions.editor.items.search_help')}</Field.HelperText>
        </Field.Root>
        {search.trim().length >= 2 && (
          <chakra.ul
            listStyleType="none"
            p="0"
            m="0"
            aria-label={t('tours:definitions.editor.items.results')}
            aria-live="polite"
          >
            {products.isError && <li>{products.error.message}</li>}
            {products.data?.rows.length === 0 && (
              <li>
                <Text color="fg.muted">{t('tours:definitions.editor.items.no_results')}</Text>
              </li>
            )}
            {products.data?.rows.map((product) => {
              const label = `${product.name}${product.option ? ` ${product.option}` : ''} (${product.sku})`;
              return (
                <HStack as="li" key={product.id} gap="3" py="1">
                  <Text flex="1">{label}</Text>
                  <Button
                    size="xs"
                    variant="outline"
                    disabled={rows.fields.length >= 30}
                    onClick={() => {
                      setNames(new Map(names).set(product.id, label));
                      rows.append({
                        product_id: product.id,
                        per: 'participant',
                        age_group_id: null,
                        units: 1,
                        per_count: 1,
                      });
                    }}
                  >
                    {t('tours:definitions.editor.items.add', { name: product.name })}
                  </Button>
                </HStack>
              );
            })}
          </chakra.ul>
        )}
      </Stack>
      {rows.fields.length === 0 ? (
        <Text color="fg.muted">{t('tours:definitions.editor.items.empty')}</Text>
      ) : (
        <Stack gap="3">
          {rows.fields.map((row, index) => {
            const name = names.get(row.product_id) ?? `#${row.product_id}`;
            const booking = watched?.[index]?.per === 'booking';
            return (
              <Box key={row.id} as="section" aria-label={name} borderWidth="1px" borderRadius="md" p="3">
                <HStack justify="space-between" mb="2">
                  <Text fontWeight="semibold">{name}</Text>
                  <Button size="xs" variant="outline" colorPalette="red" onClick={() => rows.remove(index)}>
                    {t('tours:definitions.editor.items.remove', { name })}
                  </Button>
                </HStack>
                <SimpleGrid columns={{ base: 1, md: 4 }} gap="3">
                  <SelectField
                    name={`items.${index}.per`}
                    label={t('tours:definitions.editor.items.per')}
                    options={[
                      { value: 'participant', label: t('tours:definitions.editor.items.per_participant') },
                      { value: 'booking', label: t('tours:definitions.editor.items.per_booking') },
                    ]}
                  />
                  <IdSelectField
                    control={control}
                    name={`items.${index}.age_group_id`}
                    label={t('tours:definitions.editor.items.age_group')}
                    options={groupOptions}
                    emptyLabel={t('tours:definitions.editor.items.all_ages')}
                    disabled={booking}
                  />
                  <WholeNumberField
                    name={`items.${index}.units`}
                    label={t('tours:definitions.editor.items.units')}
                    required
                  />
                  <WholeNumberField
                    name={`items.${index}.per_count`}
                    label={
                      booking
                        ? t('tours:definitions.editor.items.per_count_booking')
                        : t('tours:definitions.editor.items.per_count')
                    }
                    required
                    disabled={booking}
                  />
                </SimpleGrid>
              </Box>
            );
          })}
        </Stack>
      )}
      {summary !== null && (
        <Box bg="bg.muted" p="4" borderRadius="md" aria-live="polite">
          <Text>{summary}</Text>
        </Box>
      )}
    </StepFrame>
  );
}
