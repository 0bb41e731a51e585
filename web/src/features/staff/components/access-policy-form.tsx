import { Alert, Button, Fieldset, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { accessPolicyForm } from '@nine/shared/schemas/staff';
import {
  describedBy,
  FieldShell,
  useFieldIds,
  type BoundFieldProps,
} from '../../../components/form/fields.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import {
  applyServerIssues,
  useSchemaForm,
  type SchemaForm,
} from '../../../components/form/use-schema-form.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useAccessPolicy, type AccessPolicy, type AccessPolicyBody } from '../api/get-access-policy.ts';
import { useUpdateAccessPolicy } from '../api/update-access-policy.ts';
import { useNotifySaved } from './use-notify-saved.ts';

export interface AccessPolicyFormProps {
  /** May save the policy (staff: manage); others see it read-only. */
  canChange: boolean;
  currencySymbol: string;
}

type CountField = Exclude<
  keyof AccessPolicyBody,
  | 'password_require_capital'
  | 'password_require_number'
  | 'password_require_special'
  | 'refund_level1_minor'
  | 'refund_level2_minor'
>;

/** Bounds as the shared accessPolicyUpdate checks them, for the wording of a refused count. */
const bounds: Record<CountField, [number, number]> = {
  auto_logout_minutes: [0, 1440],
  wrong_access_key_threshold: [1, 100],
  wrong_access_key_ttl_minutes: [1, 1440],
  wrong_password_threshold: [1, 100],
  wrong_password_ttl_minutes: [1, 1440],
  password_expiry_days: [0, 3650],
  password_reuse_limit: [0, 50],
  password_min_length: [4, 128],
  password_max_length: [4, 256],
};

// Whole numbers only: "", "1.5" or "12a" are not counts (NaN, so the schema refuses them and the text stays).
const countOf = (text: string) =>
  text.trim() === '' ? null : /^\d{1,5}$/.test(text.trim()) ? Number(text) : NaN;

/** A count field; any refusal but the pair order reads "Enter a whole number from min to max". */
function CountField<T extends AccessPolicyBody>({
  control,
  name,
  label,
  helperText,
  disabled,
}: BoundFieldProps<T, number> & { name: CountField }) {
  const { t } = useAppTranslation();
  const { field, fieldState } = useController({ control, name: name as never });
  const [text, setText] = useState(() => String(field.value as number));
  const ids = useFieldIds();
  const [min, max] = bounds[name];
  const issue = fieldState.error;
  const error =
    issue === undefined
      ? undefined
      : issue.type === 'custom'
        ? issue.message
        : t('staff:policy.errors.range', { min, max });
  return (
    <FieldShell {...{ label, helperText, disabled, ids, error }}>
      <Input
        ref={field.ref}
        aria-describedby={describedBy(ids, error, helperText)}
        name={field.name}
        inputMode="numeric"
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          field.onChange(countOf(event.currentTarget.value));
        }}
        onBlur={field.onBlur}
      />
    </FieldShell>
  );
}

export function AccessPolicyForm({ canChange, currencySymbol }: AccessPolicyFormProps) {
  const { t } = useAppTranslation();
  const query = useAccessPolicy();
  if (query.isError)
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Description>{query.error.message}</Alert.Description>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          {t('common:try_again')}
        </Button>
      </Alert.Root>
    );
  if (query.data === undefined)
    return (
      <Text role="status" fontSize="sm" color="fg.muted">
        {t('staff:policy.loading')}
      </Text>
    );
  // Keyed by the saved version, so a save (or another tab's save) resets the draft.
  return (
    <PolicyEditor
      key={query.data.updated_at}
      policy={query.data}
      canChange={canChange}
      currencySymbol={currencySymbol}
    />
  );
}

function policyValues(policy: AccessPolicy): AccessPolicyBody {
  const { updated_at: _saved, ...values } = policy;
  return values;
}

function PolicyEditor({
  policy,
  canChange,
  currencySymbol,
}: AccessPolicyFormProps & { policy: AccessPolicy }) {
  const { t } = useAppTranslation();
  const notifySaved = useNotifySaved();
  const update = useUpdateAccessPolicy();
  const form: SchemaForm<AccessPolicyBody, AccessPolicyBody> = useSchemaForm(accessPolicyForm, {
    defaultValues: policyValues(policy),
    messages: {
      password_max_length: { 'below the minimum': 'staff:policy.errors.max_below_min' },
      refund_level1_minor: 'staff:policy.errors.amount',
      refund_level2_minor: {
        'below level 1': 'staff:policy.errors.level2_below_level1',
        '*': 'staff:policy.errors.amount',
      },
    },
  });

  const submit = form.handleSubmit((body) => {
    if (update.isPending || !canChange) return;
    update.mutate(body, {
      onSuccess: notifySaved,
      onError: (error) => {
        if (applyServerIssues(form, error)) update.reset();
      },
    });
  });

  const { control } = form;
  const { CheckboxField, MoneyField } = fieldsOf(control);
  // Those who may not change the policy see its fields disabled.
  const numberField = (field: CountField, unit: string) => (
    <CountField
      key={field}
      control={control}
      name={field}
      label={t(`staff:policy.fields.${field}`)}
      helperText={unit}
      disabled={!canChange}
    />
  );
  const amountField = (field: 'refund_level1_minor' | 'refund_level2_minor') => (
    <MoneyField
      key={field}
      name={field}
      label={t(`staff:policy.fields.${field}`)}
      helperText={t('staff:policy.units.amount', { symbol: currencySymbol })}
      disabled={!canChange}
    />
  );

  const flag = (
    field: 'password_require_capital' | 'password_require_number' | 'password_require_special',
  ) => (
    <CheckboxField key={field} name={field} label={t(`staff:policy.fields.${field}`)} disabled={!canChange} />
  );

  const minutes = t('staff:policy.units.minutes');
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="6" maxW="3xl">
        <Fieldset.Root>
          <Fieldset.Legend>{t('staff:policy.sections.sessions')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {numberField('auto_logout_minutes', t('staff:policy.units.auto_logout'))}
          </SimpleGrid>
        </Fieldset.Root>
        <Fieldset.Root>
          <Fieldset.Legend>{t('staff:policy.sections.lockout')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {numberField('wrong_password_threshold', t('staff:policy.units.attempts'))}
            {numberField('wrong_password_ttl_minutes', minutes)}
            {numberField('wrong_access_key_threshold', t('staff:policy.units.attempts'))}
            {numberField('wrong_access_key_ttl_minutes', minutes)}
          </SimpleGrid>
        </Fieldset.Root>
        <Fieldset.Root>
          <Fieldset.Legend>{t('staff:policy.sections.passwords')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {numberField('password_expiry_days', t('staff:policy.units.days'))}
            {numberField('password_reuse_limit', t('staff:policy.units.reuse'))}
            {numberField('password_min_length', t('staff:policy.units.characters'))}
            {numberField('password_max_length', t('staff:policy.units.characters'))}
          </SimpleGrid>
          <Stack gap="2" mt="3">
            {flag('password_require_capital')}
            {flag('password_require_number')}
            {flag('password_require_special')}
          </Stack>
        </Fieldset.Root>
        <Fieldset.Root>
          <Fieldset.Legend>{t('staff:policy.sections.refunds')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {amountField('refund_level1_minor')}
            {amountField('refund_level2_minor')}
          </SimpleGrid>
        </Fieldset.Root>
        {update.error !== null && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{update.error.message}</Alert.Description>
          </Alert.Root>
        )}
        {canChange && (
          <Button type="submit" colorPalette="blue" alignSelf="start" loading={update.isPending}>
            {t('staff:common.save')}
          </Button>
        )}
      </Stack>
    </form>
  );
}
