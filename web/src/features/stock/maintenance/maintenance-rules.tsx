import { Button, Field, HStack, Heading, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useCreateMaintenanceRule } from '../api/create-maintenance-rule.ts';
import { useDeleteMaintenanceRule } from '../api/delete-maintenance-rule.ts';
import { useMaintenanceRules } from '../api/get-maintenance-rules.ts';
import { useRentalGroups } from '../api/get-rental-groups.ts';
import { useRentProducts } from '../api/search-rent-products.ts';
import { MaintenanceTable } from './maintenance-table.tsx';

const positive = (text: string): number | undefined | null => {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** The rules: every N rent hours and/or every N days, per rental group or per product. */
export function MaintenanceRules({
  locationId,
  canChange,
}: {
  locationId: number | null;
  canChange: boolean;
}) {
  const { t } = useAppTranslation();
  const rules = useMaintenanceRules();
  const groups = useRentalGroups();
  const create = useCreateMaintenanceRule();
  const remove = useDeleteMaintenanceRule();
  const [target, setTarget] = useState<'group' | 'product'>('group');
  const [groupId, setGroupId] = useState('');
  const [productSearch, setProductSearch] = useState('');
  const [productId, setProductId] = useState('');
  const [hours, setHours] = useState('');
  const [days, setDays] = useState('');
  const products = useRentProducts(target === 'product' ? locationId : null, productSearch.trim());
  const ids = {
    target: useId(),
    group: useId(),
    search: useId(),
    product: useId(),
    hours: useId(),
    days: useId(),
  };
  const everyHours = positive(hours);
  const everyDays = positive(days);
  const chosen = target === 'group' ? Number(groupId) : Number(productId);
  const valid =
    chosen > 0 && everyHours !== null && everyDays !== null && (everyHours ?? everyDays) !== undefined;

  const submit = () => {
    if (!valid) return;
    create.mutate(
      {
        ...(target === 'group' ? { rental_type_id: chosen } : { product_id: chosen }),
        ...(everyHours !== undefined && everyHours !== null ? { every_rent_hours: everyHours } : {}),
        ...(everyDays !== undefined && everyDays !== null ? { every_days: everyDays } : {}),
      },
      {
        onSuccess: () => {
          setHours('');
          setDays('');
        },
      },
    );
  };

  return (
    <Stack as="section" aria-labelledby={ids.target + '-h'} gap="4">
      <Heading as="h2" size="lg" id={ids.target + '-h'}>
        {t('stock:maintenance.rules')}
      </Heading>
      <MaintenanceTable
        label={t('stock:maintenance.rules')}
        pending={rules.isPending}
        empty={(rules.data ?? []).length === 0}
        emptyText={t('stock:maintenance.no_rules')}
        columns={[
          t('stock:maintenance.applies_to'),
          t('stock:maintenance.every_rent_hours'),
          t('stock:maintenance.every_days'),
          ...(canChange ? [t('stock:common.actions')] : []),
        ]}
      >
        {(rules.data ?? []).map((rule) => (
          <Table.Row key={rule.id}>
            <Table.Cell>
              {rule.rental_type !== null
                ? t('stock:maintenance.group_rule', { name: rule.rental_type })
                : t('stock:maintenance.product_rule', { name: rule.product ?? '' })}
            </Table.Cell>
            <Table.Cell>{rule.every_rent_hours ?? '—'}</Table.Cell>
            <Table.Cell>{rule.every_days ?? '—'}</Table.Cell>
            {canChange && (
              <Table.Cell>
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  loading={remove.isPending && remove.variables === rule.id}
                  onClick={() => remove.mutate(rule.id)}
                >
                  {t('stock:maintenance.delete_rule')}
                </Button>
              </Table.Cell>
            )}
          </Table.Row>
        ))}
      </MaintenanceTable>
      {canChange && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <HStack gap="3" wrap="wrap" align="end">
            <Field.Root width="auto">
              <Field.Label htmlFor={ids.target}>{t('stock:maintenance.applies_to')}</Field.Label>
              <NativeSelect.Root width="44">
                <NativeSelect.Field
                  id={ids.target}
                  value={target}
                  onChange={(e) => setTarget(e.currentTarget.value as 'group' | 'product')}
                >
                  <option value="group">{t('stock:maintenance.rental_group')}</option>
                  <option value="product">{t('stock:maintenance.product')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            {target === 'group' ? (
              <Field.Root width="auto" required>
                <Field.Label htmlFor={ids.group}>{t('stock:maintenance.rental_group')}</Field.Label>
                <NativeSelect.Root width="56">
                  <NativeSelect.Field
                    id={ids.group}
                    value={groupId}
                    onChange={(e) => setGroupId(e.currentTarget.value)}
                  >
                    <option value="">{t('stock:maintenance.choose')}</option>
                    {(groups.data ?? []).map((g) => (
                      <option key={g.id} value={g.id}>
                        {g.name}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            ) : (
              <>
                <Field.Root width="auto">
                  <Field.Label htmlFor={ids.search}>{t('stock:maintenance.find_product')}</Field.Label>
                  <Input
                    id={ids.search}
                    width="48"
                    value={productSearch}
                    onChange={(e) => setProductSearch(e.currentTarget.value)}
                  />
                </Field.Root>
                <Field.Root width="auto" required>
                  <Field.Label htmlFor={ids.product}>{t('stock:maintenance.product')}</Field.Label>
                  <NativeSelect.Root width="64">
                    <NativeSelect.Field
                      id={ids.product}
                      value={productId}
                      onChange={(e) => setProductId(e.currentTarget.value)}
                    >
                      <option value="">{t('stock:maintenance.choose')}</option>
                      {(products.data?.rows ?? []).map((p) => (
                        <option key={p.id} value={p.id}>
                          {p.name} ({p.sku})
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
              </>
            )}
            <Field.Root width="auto" invalid={everyHours === null}>
              <Field.Label htmlFor={ids.hours}>{t('stock:maintenance.every_rent_hours')}</Field.Label>
              <Input
                id={ids.hours}
                width="32"
                inputMode="numeric"
                value={hours}
                onChange={(e) => setHours(e.currentTarget.value)}
              />
            </Field.Root>
            <Field.Root width="auto" invalid={everyDays === null}>
              <Field.Label htmlFor={ids.days}>{t('stock:maintenance.every_days')}</Field.Label>
              <Input
                id={ids.days}
                width="32"
                inputMode="numeric"
                value={days}
                onChange={(e) => setDays(e.currentTarget.value)}
              />
            </Field.Root>
            <Button type="submit" colorPalette="blue" disabled={!valid} loading={create.isPending}>
              {t('stock:maintenance.add_rule')}
            </Button>
          </HStack>
          <Text color="fg.muted" fontSize="sm" mt="2">
            {t('stock:maintenance.rule_hint')}
          </Text>
        </form>
      )}
    </Stack>
  );
}
