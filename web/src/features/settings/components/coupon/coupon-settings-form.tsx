import { Alert, Button, Fieldset, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { errorCatalogue } from '@nine/shared/errors';
import {
  couponCodeCharsets,
  couponCodeExample,
  couponSettingsForm,
  type CouponSettingsValues,
} from '@nine/shared/schemas/coupon-settings';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import { applyServerIssues, useSchemaForm } from '../../../../components/form/use-schema-form.ts';
import { SectionCard } from '../../../../components/section-card.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { formatNumber } from '../../../../lib/format.ts';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { saveFailureText } from '../../../../lib/save-failure.ts';
import { useNotify } from '../../../../lib/toast.tsx';
import {
  couponSettingsQueryKey,
  useCouponSettings,
  type CouponSettings,
} from '../../api/get-coupon-settings.ts';
import { useUpdateCouponSettings } from '../../api/update-coupon-settings.ts';
import { SettingsReadList } from '../business/settings-read-list.tsx';

const valuesOf = ({ version: _v, updated_at: _at, ...values }: CouponSettings): CouponSettingsValues =>
  values;

/**
 * Coupon settings: the code format new coupons must follow, how long a coupon without an end date lasts,
 * and whether coupons stack with each other and with manual discounts. Read-only without coupon change.
 */
export function CouponSettingsForm({ canChange }: { canChange: boolean }) {
  const { t } = useAppTranslation();
  const query = useCouponSettings();
  if (query.isError)
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Description>{t('settings:coupon.load_failed')}</Alert.Description>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          {t('common:try_again')}
        </Button>
      </Alert.Root>
    );
  if (query.data === undefined)
    return (
      <Text role="status" fontSize="sm" color="fg.muted">
        {t('settings:coupon.loading')}
      </Text>
    );
  // Keyed by the saved version: a save (here or in another tab) starts the draft over.
  return canChange ? (
    <CouponSettingsEditor key={query.data.version} settings={query.data} />
  ) : (
    <CouponSettingsRead settings={query.data} />
  );
}

function useLabels() {
  const { t } = useAppTranslation();
  return {
    charset: (charset: CouponSettingsValues['code_charset']) => t(`settings:coupon.charsets.${charset}`),
    yesNo: (on: boolean) => (on ? t('settings:coupon.yes') : t('settings:coupon.no')),
    validity: (days: number | null) =>
      days === null
        ? t('settings:coupon.no_end')
        : t('settings:coupon.days', { count: days, days: formatNumber(days) }),
  };
}

function CouponSettingsRead({ settings }: { settings: CouponSettings }) {
  const { t } = useAppTranslation();
  const label = useLabels();
  return (
    <Stack gap="4">
      <SectionCard title={t('settings:coupon.format.title')}>
        <SettingsReadList
          items={[
            { label: t('settings:coupon.format.prefix'), value: settings.code_prefix },
            { label: t('settings:coupon.format.min_length'), value: formatNumber(settings.code_min_length) },
            { label: t('settings:coupon.format.max_length'), value: formatNumber(settings.code_max_length) },
            { label: t('settings:coupon.format.charset'), value: label.charset(settings.code_charset) },
            { label: t('settings:coupon.format.example'), value: couponCodeExample(settings) },
            {
              label: t('settings:coupon.validity.days'),
              value: label.validity(settings.default_validity_days),
            },
          ]}
        />
      </SectionCard>
      <SectionCard title={t('settings:coupon.stacking.title')}>
        <SettingsReadList
          items={[
            { label: t('settings:coupon.stacking.coupons'), value: label.yesNo(settings.stack_coupons) },
            {
              label: t('settings:coupon.stacking.max'),
              value: formatNumber(settings.stack_coupons ? settings.max_coupons_per_order : 1),
            },
            {
              label: t('settings:coupon.stacking.discounts'),
              value: label.yesNo(settings.stack_with_discounts),
            },
          ]}
        />
      </SectionCard>
    </Stack>
  );
}

function CouponSettingsEditor({ settings }: { settings: CouponSettings }) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const update = useUpdateCouponSettings();
  const form = useSchemaForm(couponSettingsForm, {
    defaultValues: valuesOf(settings),
    messages: {
      code_prefix: {
        invalid_prefix: 'settings:coupon.errors.prefix',
        prefix_too_long: 'settings:coupon.errors.prefix_too_long',
      },
      code_max_length: { below_min: 'settings:coupon.errors.max_below_min' },
    },
  });
  const { TextField, SelectField, WholeNumberField, CheckboxField } = fieldsOf(form.control);
  const stacking = form.watch('stack_coupons');
  const draft = form.watch();

  const submit = form.handleSubmit((values) => {
    if (update.isPending) return;
    update.mutate(
      { version: settings.version, ...values },
      {
        onSuccess: () =>
          notify({
            type: 'success',
            title: t('settings:coupon.saved_title'),
            message: t('settings:coupon.saved'),
          }),
        onError: (error) => {
          if (applyServerIssues(form, error)) update.reset();
          else if (error instanceof ApiError && error.respCode === errorCatalogue.versionConflict.code)
            void queryClient.invalidateQueries({ queryKey: couponSettingsQueryKey });
        },
      },
    );
  });

  const failure = saveFailureText(update.error, t('settings:coupon.conflict'));
  const example =
    typeof draft.code_prefix === 'string' && typeof draft.code_min_length === 'number'
      ? couponCodeExample({ ...draft, code_prefix: draft.code_prefix.trim().toUpperCase() })
      : null;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('settings:coupon.title')}>
      <Stack gap="4">
        <SectionCard title={t('settings:coupon.format.title')}>
          <Stack gap="4">
            <Text fontSize="sm" color="fg.muted">
              {t('settings:coupon.format.intro')}
            </Text>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField
                name="code_prefix"
                label={t('settings:coupon.format.prefix')}
                helperText={t('settings:coupon.format.prefix_help')}
              />
              <SelectField
                name="code_charset"
                label={t('settings:coupon.format.charset')}
                options={couponCodeCharsets.map((value) => ({
                  value,
                  label: t(`settings:coupon.charsets.${value}`),
                }))}
              />
              <WholeNumberField
                name="code_min_length"
                label={t('settings:coupon.format.min_length')}
                required
              />
              <WholeNumberField
                name="code_max_length"
                label={t('settings:coupon.format.max_length')}
                required
              />
            </SimpleGrid>
            {example !== null && (
              <Text fontSize="sm" aria-live="polite">
                {t('settings:coupon.format.example_is', { example })}
              </Text>
            )}
            <WholeNumberField
              name="default_validity_days"
              label={t('settings:coupon.validity.days')}
              helperText={t('settings:coupon.validity.help')}
            />
          </Stack>
        </SectionCard>
        <SectionCard title={t('settings:coupon.stacking.title')}>
          <Fieldset.Root>
            <Stack gap="4">
              <CheckboxField
                name="stack_coupons"
                label={t('settings:coupon.stacking.coupons')}
                helperText={t('settings:coupon.stacking.coupons_help')}
              />
              {stacking && (
                <WholeNumberField
                  name="max_coupons_per_order"
                  label={t('settings:coupon.stacking.max')}
                  required
                />
              )}
              <CheckboxField
                name="stack_with_discounts"
                label={t('settings:coupon.stacking.discounts')}
                helperText={t('settings:coupon.stacking.discounts_help')}
              />
            </Stack>
          </Fieldset.Root>
        </SectionCard>
        {failure !== null && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        )}
        <Button type="submit" colorPalette="blue" alignSelf="start" loading={update.isPending}>
          {t('settings:coupon.save')}
        </Button>
      </Stack>
    </form>
  );
}
