import { Alert, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { lineValuesInput, type LineSetting, type ProductLine } from '@nine/shared/schemas/product-lines';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import { applyServerIssues, useSchemaForm } from '../../../../components/form/use-schema-form.ts';
import { SectionCard } from '../../../../components/section-card.tsx';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { saveFailureText } from '../../../../lib/save-failure.ts';
import { useNotify } from '../../../../lib/toast.tsx';
import { useBusinessLine, type BusinessLine } from '../../api/get-business-line.ts';
import { useUpdateBusinessLine } from '../../api/update-business-line.ts';
import { isConflict, SectionLoad, SectionSave } from '../location/section-shell.tsx';
import {
  formValues,
  groupTitle,
  LineSettingField,
  lineGroups,
  lineMessages,
} from './line-setting-fields.tsx';

/**
 * The business's defaults of one product line (DSL): every location that does not override a setting works
 * by it. Editable with business_setting change (the server also wants it at every location), else read-only.
 */
export function BusinessLineScreen({ line, canChange }: { line: ProductLine; canChange: boolean }) {
  const { t } = useAppTranslation();
  const query = useBusinessLine(line);
  // Held above the editor, which starts over on every new version, so a refusal stays in view.
  const update = useUpdateBusinessLine();
  return (
    <Stack gap="4" maxW="3xl">
      <Text color="fg.muted">{t(`settings:product_lines.business.intro_${line}`)}</Text>
      <SectionLoad query={query}>
        {(data) =>
          data.available ? (
            <BusinessLineEditor key={data.version} data={data} canChange={canChange} update={update} />
          ) : (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Description>{t('settings:product_lines.no_tour_type')}</Alert.Description>
            </Alert.Root>
          )
        }
      </SectionLoad>
    </Stack>
  );
}

function BusinessLineEditor({
  data,
  canChange,
  update,
}: {
  data: BusinessLine;
  canChange: boolean;
  update: ReturnType<typeof useUpdateBusinessLine>;
}) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const form = useSchemaForm(lineValuesInput, {
    defaultValues: formValues(data.settings, data.values),
    messages: lineMessages,
  });
  const fields = fieldsOf(form.control);
  const submit = form.handleSubmit((values) => {
    if (update.isPending || !canChange) return;
    update.mutate(
      { line: data.line, version: data.version, values },
      {
        onSuccess: () =>
          notify({
            type: 'success',
            title: t('settings:product_lines.saved_title'),
            message: t('settings:product_lines.business.saved'),
          }),
        onError: (error) => {
          if (applyServerIssues(form, error)) update.reset();
          else if (isConflict(error)) void queryClient.invalidateQueries({ queryKey: ['business-line'] });
        },
      },
    );
  });
  const overridden = (setting: LineSetting) => data.overridden[setting] ?? 0;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="4">
        {lineGroups(data.settings).map((group) => (
          <SectionCard key={group.key} title={groupTitle(t, group.key)}>
            <Stack gap="5">
              {group.settings.map((setting) => (
                <Stack key={setting} gap="1">
                  <LineSettingField fields={fields} setting={setting} t={t} disabled={!canChange} />
                  {overridden(setting) > 0 && (
                    <Text fontSize="sm" color="fg.muted">
                      {t('settings:product_lines.business.overridden', { count: overridden(setting) })}
                    </Text>
                  )}
                </Stack>
              ))}
            </Stack>
          </SectionCard>
        ))}
        <SectionSave
          failure={saveFailureText(update.error, t('settings:product_lines.conflict'))}
          pending={update.isPending}
          canEdit={canChange}
          label={t('settings:product_lines.save')}
        />
      </Stack>
    </form>
  );
}
