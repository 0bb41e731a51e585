import { Alert, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { errorCatalogue } from '@nine/shared/errors';
import { taxMode, type TaxModeView } from '@nine/shared/schemas/business-settings';
import { SHOW_TAXES_MODES } from '@nine/shared/tax';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import { useSchemaForm } from '../../../../components/form/use-schema-form.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { saveFailureText } from '../../../../lib/save-failure.ts';
import { useNotify } from '../../../../lib/toast.tsx';
import { taxModeQueryKey, useTaxMode } from '../../api/get-tax-mode.ts';
import { useUpdateTaxMode } from '../../api/update-tax-mode.ts';
import { SettingsReadList } from './settings-read-list.tsx';

type Update = ReturnType<typeof useUpdateTaxMode>;

/** Whether prices include the taxes and how receipts show them: saved for every location at once. */
export function TaxModeForm({ canChange }: { canChange: boolean }) {
  const { t } = useAppTranslation();
  const query = useTaxMode();
  const update = useUpdateTaxMode();
  const view = query.data;
  return (
    <Stack gap="3" as="section" aria-labelledby="tax-mode-heading" borderTopWidth="1px" pt="4">
      <Heading as="h3" size="sm" id="tax-mode-heading">
        {t('settings:business.tax_mode.title')}
      </Heading>
      {query.isError && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>{t('settings:business.tax_mode.load_failed')}</Alert.Description>
        </Alert.Root>
      )}
      {view !== undefined && view.mixed && (
        <Text fontSize="sm" color="fg.warning">
          {t('settings:business.tax_mode.mixed')}
        </Text>
      )}
      {view !== undefined &&
        (canChange ? (
          <TaxModeEditor key={view.version} view={view} update={update} />
        ) : (
          <SettingsReadList
            items={[
              {
                label: t('settings:business.tax_mode.is_tax_included'),
                value: t(view.is_tax_included ? 'settings:business.yes' : 'settings:business.no'),
              },
              {
                label: t('settings:business.tax_mode.show_taxes_mode'),
                value: t(`settings:business.tax_mode.modes.${view.show_taxes_mode}`),
              },
            ]}
          />
        ))}
    </Stack>
  );
}

function TaxModeEditor({ view, update }: { view: TaxModeView; update: Update }) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const form = useSchemaForm(taxMode, {
    defaultValues: { is_tax_included: view.is_tax_included, show_taxes_mode: view.show_taxes_mode },
  });
  const { CheckboxField, SelectField } = fieldsOf(form.control);
  const submit = form.handleSubmit((values) => {
    if (update.isPending) return;
    update.mutate(
      { version: view.version, ...values },
      {
        onSuccess: () =>
          notify({
            type: 'success',
            title: t('settings:business.saved_title'),
            message: t('settings:business.tax_mode.saved'),
          }),
        onError: (error) => {
          if (error instanceof ApiError && error.respCode === errorCatalogue.versionConflict.code)
            void queryClient.invalidateQueries({ queryKey: taxModeQueryKey });
        },
      },
    );
  });
  const failure = saveFailureText(update.error, t('settings:business.conflict'));
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('settings:business.tax_mode.title')}
    >
      <Stack gap="4" maxW="xl">
        <CheckboxField
          name="is_tax_included"
          label={t('settings:business.tax_mode.is_tax_included')}
          helperText={t('settings:business.tax_mode.is_tax_included_help')}
        />
        <SelectField
          name="show_taxes_mode"
          label={t('settings:business.tax_mode.show_taxes_mode')}
          options={SHOW_TAXES_MODES.map((mode) => ({
            value: mode,
            label: t(`settings:business.tax_mode.modes.${mode}`),
          }))}
        />
        {failure !== null && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        )}
        <Button type="submit" size="sm" colorPalette="blue" alignSelf="start" loading={update.isPending}>
          {t('settings:business.tax_mode.save')}
        </Button>
      </Stack>
    </form>
  );
}
