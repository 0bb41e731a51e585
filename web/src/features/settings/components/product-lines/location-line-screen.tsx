import { Alert, Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import {
  lineValuesInput,
  type LineSetting,
  type LineValuesInput,
  type ProductLine,
} from '@nine/shared/schemas/product-lines';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import { applyServerIssues, useSchemaForm } from '../../../../components/form/use-schema-form.ts';
import { SectionCard } from '../../../../components/section-card.tsx';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { saveFailureText } from '../../../../lib/save-failure.ts';
import { useNotify } from '../../../../lib/toast.tsx';
import { useLocationLine, type LocationLine } from '../../api/get-location-line.ts';
import { useUpdateLocationLine } from '../../api/update-location-line.ts';
import { isConflict, SectionLoad, SectionSave } from '../location/section-shell.tsx';
import {
  formValues,
  groupTitle,
  LineSettingField,
  lineGroups,
  lineMessages,
  settingLabel,
  settingText,
} from './line-setting-fields.tsx';

/**
 * One location's values of a product line: each setting shows whether it follows the business default or
 * is this location's own (with Reset to default). A saved change becomes the location's own. Editable with
 * location_setting change at that location, else read-only.
 */
export function LocationLineScreen({
  line,
  locationId,
  canEdit,
}: {
  line: ProductLine;
  locationId: number;
  canEdit: boolean;
}) {
  const { t } = useAppTranslation();
  const query = useLocationLine(line, locationId);
  const update = useUpdateLocationLine();
  return (
    <Stack gap="4" maxW="3xl">
      <Text color="fg.muted">{t(`settings:product_lines.location.intro_${line}`)}</Text>
      <SectionLoad query={query}>
        {(data) =>
          data.available ? (
            <LocationLineEditor key={data.version} data={data} canEdit={canEdit} update={update} />
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

function LocationLineEditor({
  data,
  canEdit,
  update,
}: {
  data: LocationLine;
  canEdit: boolean;
  update: ReturnType<typeof useUpdateLocationLine>;
}) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const form = useSchemaForm(lineValuesInput, {
    defaultValues: formValues(data.settings, data.values),
    messages: lineMessages,
  });
  const fields = fieldsOf(form.control);
  const own = new Set<LineSetting>(data.overrides);

  const outcome = (message: string) => ({
    onSuccess: () => notify({ type: 'success', title: t('settings:product_lines.saved_title'), message }),
    onError: (error: unknown) => {
      if (applyServerIssues(form, error)) update.reset();
      else if (isConflict(error)) void queryClient.invalidateQueries({ queryKey: ['location-line'] });
    },
  });

  const submit = form.handleSubmit((values) => {
    if (update.isPending || !canEdit) return;
    // Only what the person changed becomes the location's own; the rest keeps following the default.
    const changed = Object.fromEntries(
      data.settings
        .filter((setting) => (values[setting] ?? null) !== (data.values[setting] ?? null))
        .map((setting) => [setting, values[setting]]),
    ) as LineValuesInput;
    update.mutate(
      { line: data.line, location_id: data.location_id, version: data.version, values: changed },
      outcome(t('settings:product_lines.location.saved')),
    );
  });

  const reset = (setting: LineSetting) => {
    if (update.isPending) return;
    update.mutate(
      { line: data.line, location_id: data.location_id, version: data.version, reset: [setting] },
      outcome(t('settings:product_lines.location.reset_done', { setting: settingLabel(t, setting) })),
    );
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="4">
        {lineGroups(data.settings).map((group) => (
          <SectionCard key={group.key} title={groupTitle(t, group.key)}>
            <Stack gap="5">
              {group.settings.map((setting) => (
                <Stack key={setting} gap="1">
                  <LineSettingField fields={fields} setting={setting} t={t} disabled={!canEdit} />
                  {own.has(setting) ? (
                    <HStack gap="3" flexWrap="wrap">
                      <Badge colorPalette="orange">{t('settings:product_lines.location.overridden')}</Badge>
                      <Text fontSize="sm" color="fg.muted">
                        {t('settings:product_lines.location.business_default', {
                          value: settingText(t, setting, data.defaults[setting]),
                        })}
                      </Text>
                      {canEdit && (
                        <Button
                          size="xs"
                          variant="outline"
                          onClick={() => reset(setting)}
                          disabled={update.isPending}
                          aria-label={t('settings:product_lines.location.reset_named', {
                            setting: settingLabel(t, setting),
                          })}
                        >
                          {t('settings:product_lines.location.reset')}
                        </Button>
                      )}
                    </HStack>
                  ) : (
                    <Text fontSize="sm" color="fg.muted">
                      {t('settings:product_lines.location.business_default', {
                        value: settingText(t, setting, data.defaults[setting]),
                      })}
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
          canEdit={canEdit}
          label={t('settings:product_lines.save')}
        />
      </Stack>
    </form>
  );
}
