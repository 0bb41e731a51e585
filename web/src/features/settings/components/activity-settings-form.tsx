import { Alert, Button, SimpleGrid, Stack } from '@chakra-ui/react';
import type { ParseKeys } from 'i18next';
import { useQueryClient } from '@tanstack/react-query';
import { errorCatalogue } from '@nine/shared/errors';
import { activitySettingsForm, type ActivitySettingsForm } from '@nine/shared/schemas/settings';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import { applyServerIssues, useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import type { appNamespaces } from '../../../lib/locale-namespaces.ts';
import { saveFailureText } from '../../../lib/save-failure.ts';
import { useNotify } from '../../../lib/toast.tsx';
import type { ActivitySettings } from '../api/get-activity-settings.ts';
import { useUpdateActivitySettings } from '../api/update-activity-settings.ts';
import {
  activityChoices,
  groupsFor,
  isChoice,
  isMinutes,
  type ActivityField,
} from './activity-settings-fields.ts';

type Key = ParseKeys<typeof appNamespaces>;
type Update = ReturnType<typeof useUpdateActivitySettings>;

/**
 * The activity settings of one location and rental type, editable (activity change). The save sends the
 * version shown; when someone saved first, the form takes their values and says so.
 */
export function ActivitySettingsForm({
  settings,
  locationId,
}: {
  settings: ActivitySettings;
  locationId: number;
}) {
  // Held above the editor, which starts over on every new version, so a refusal stays in view.
  const update = useUpdateActivitySettings();
  return (
    <ActivityEditor key={settings.version} settings={settings} locationId={locationId} update={update} />
  );
}

const valuesOf = (settings: ActivitySettings): ActivitySettingsForm => ({
  deliver_unpaid_orders: settings.deliver_unpaid_orders,
  warn_early_deliver_minutes: settings.warn_early_deliver_minutes,
  warn_early_return_minutes: settings.warn_early_return_minutes,
  allow_undo_deliver: settings.allow_undo_deliver,
  adjust_plan_to_business_hours: settings.adjust_plan_to_business_hours,
  allow_change_plan_start_after_deliver: settings.allow_change_plan_start_after_deliver,
  simultaneous_replace_and_deliver: settings.simultaneous_replace_and_deliver,
  close_with_deposit_held: settings.close_with_deposit_held,
  close_with_balance_due: settings.close_with_balance_due,
  close_sale_order: settings.close_sale_order,
  manual_invoice_time: settings.manual_invoice_time,
  is_recurring_enabled: settings.is_recurring_enabled,
  show_category_image_in_admin_pannel: settings.show_category_image_in_admin_pannel,
  is_migration_in_progress: settings.is_migration_in_progress,
});

function ActivityEditor({
  settings,
  locationId,
  update,
}: {
  settings: ActivitySettings;
  locationId: number;
  update: Update;
}) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const form = useSchemaForm(activitySettingsForm, {
    defaultValues: valuesOf(settings),
    messages: {
      warn_early_deliver_minutes: 'settings:activity.errors.minutes',
      warn_early_return_minutes: 'settings:activity.errors.minutes',
    },
  });
  const { CheckboxField, SelectField, WholeNumberField } = fieldsOf(form.control);
  const groups = groupsFor(settings.rental_type_id);

  const submit = form.handleSubmit((values) => {
    if (update.isPending) return;
    // Only the switches this rental type shows: the location-wide ones belong to the default one.
    const shown = groups.flatMap((group) => group.fields);
    const changes = Object.fromEntries(
      shown.map((field) => [field, values[field]]),
    ) as Partial<ActivitySettingsForm>;
    update.mutate(
      {
        location_id: locationId,
        rental_type_id: settings.rental_type_id,
        version: settings.version,
        ...changes,
      },
      {
        onSuccess: () =>
          notify({
            type: 'success',
            title: t('settings:activity.saved_title'),
            message: t('settings:activity.saved'),
          }),
        onError: (error) => {
          if (applyServerIssues(form, error)) update.reset();
          // Someone saved first: show what they saved (the refusal stays above the fresh form).
          else if (error instanceof ApiError && error.respCode === errorCatalogue.versionConflict.code)
            void queryClient.invalidateQueries({ queryKey: ['activity-settings'] });
        },
      },
    );
  });

  const label = (field: ActivityField) => t(`settings:activity.fields.${field}`);
  const help = (field: ActivityField) => t(`settings:activity.help.${field}` as Key);
  const control = (field: ActivityField) => {
    if (isChoice(field))
      return (
        <SelectField
          key={field}
          name={field}
          label={label(field)}
          helperText={help(field)}
          options={activityChoices[field].map((value) => ({
            value,
            label: t(`settings:activity.values.${field}.${value}` as Key),
          }))}
        />
      );
    if (isMinutes(field))
      return <WholeNumberField key={field} name={field} label={label(field)} helperText={help(field)} />;
    return <CheckboxField key={field} name={field} label={label(field)} helperText={help(field)} />;
  };

  const failure = saveFailureText(update.error, t('settings:activity.conflict'));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="4" maxW="3xl">
        {groups.map((group) => {
          const choices = group.fields.filter((field) => isChoice(field) || isMinutes(field));
          const switches = group.fields.filter((field) => !isChoice(field) && !isMinutes(field));
          return (
            <SectionCard key={group.key} title={t(`settings:activity.groups.${group.key}` as Key)}>
              <Stack gap="4">
                {choices.length > 0 && (
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    {choices.map(control)}
                  </SimpleGrid>
                )}
                {switches.map(control)}
              </Stack>
            </SectionCard>
          );
        })}
        {failure !== null && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        )}
        <Button type="submit" colorPalette="blue" alignSelf="start" loading={update.isPending}>
          {t('settings:activity.save')}
        </Button>
      </Stack>
    </form>
  );
}
