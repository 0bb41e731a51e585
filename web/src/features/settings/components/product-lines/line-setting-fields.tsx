import type { ParseKeys } from 'i18next';
import type { ReactElement } from 'react';
import {
  isGeneralSetting,
  type LineSetting,
  type LineValues,
  type LineValuesInput,
} from '@nine/shared/schemas/product-lines';
import type { FormFields } from '../../../../components/form/form-fields.tsx';
import type { AppT } from '../../../../lib/i18n.ts';
import type { appNamespaces } from '../../../../lib/locale-namespaces.ts';
import { activityChoices, activityGroups, isChoice, isMinutes } from '../activity-settings-fields.ts';

type Key = ParseKeys<typeof appNamespaces>;
type T = AppT;

/** A line's settings in the Activity screen's groups, the print headers last. */
export function lineGroups(settings: readonly LineSetting[]): { key: string; settings: LineSetting[] }[] {
  const groups = activityGroups.map((group) => ({
    key: group.key,
    settings: group.fields.filter((field) => settings.includes(field)) as LineSetting[],
  }));
  groups.push({ key: 'printing', settings: settings.filter(isGeneralSetting) });
  return groups.filter((group) => group.settings.length > 0);
}

export const groupTitle = (t: T, key: string): string =>
  key === 'printing'
    ? t('settings:product_lines.groups.printing')
    : t(`settings:activity.groups.${key}` as Key);

export const settingLabel = (t: T, setting: LineSetting): string =>
  isGeneralSetting(setting)
    ? t(`settings:product_lines.fields.${setting}`)
    : t(`settings:activity.fields.${setting}`);

const settingHelp = (t: T, setting: LineSetting): string =>
  isGeneralSetting(setting)
    ? t(`settings:product_lines.help.${setting}`)
    : t(`settings:activity.help.${setting}` as Key);

/** A value as a person reads it: yes or no, minutes, a choice's name, a header's text. */
export function settingText(t: T, setting: LineSetting, value: LineValues[LineSetting]): string {
  if (value === null || value === undefined || value === '') return t('settings:product_lines.none');
  if (typeof value === 'boolean') return value ? t('common:yes') : t('common:no');
  if (typeof value === 'number') return t('settings:activity.minutes', { value });
  if (!isGeneralSetting(setting) && isChoice(setting))
    return t(`settings:activity.values.${setting}.${value}` as Key);
  return value;
}

/** The form's values of a line: every setting, a missing header as an empty field. */
export function formValues(settings: readonly LineSetting[], values: LineValues): LineValuesInput {
  return Object.fromEntries(
    settings.map((setting) => [
      setting,
      isGeneralSetting(setting) ? (values[setting] ?? '') : values[setting],
    ]),
  ) as LineValuesInput;
}

/** The messages of the fields whose rules the schema words as tokens. */
export const lineMessages = {
  warn_early_deliver_minutes: 'settings:activity.errors.minutes',
  warn_early_return_minutes: 'settings:activity.errors.minutes',
} as const;

/** One setting's field, the same control and help text as the Activity screen's (print headers: a text area). */
export function LineSettingField({
  fields,
  setting,
  t,
  disabled,
}: {
  fields: FormFields<LineValuesInput>;
  setting: LineSetting;
  t: T;
  disabled: boolean;
}): ReactElement {
  const { CheckboxField, SelectField, TextareaField, WholeNumberField } = fields;
  const label = settingLabel(t, setting);
  const help = settingHelp(t, setting);
  if (isGeneralSetting(setting))
    return (
      <TextareaField
        name={setting}
        label={label}
        helperText={help}
        rows={3}
        maxLength={2000}
        disabled={disabled}
      />
    );
  if (isChoice(setting))
    return (
      <SelectField
        name={setting}
        label={label}
        helperText={help}
        disabled={disabled}
        options={activityChoices[setting].map((value) => ({
          value,
          label: t(`settings:activity.values.${setting}.${value}` as Key),
        }))}
      />
    );
  if (isMinutes(setting))
    return <WholeNumberField name={setting} label={label} helperText={help} disabled={disabled} />;
  return <CheckboxField name={setting} label={label} helperText={help} disabled={disabled} />;
}
