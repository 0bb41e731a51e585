import { Alert, Button, Checkbox, Field, Fieldset, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useNotify } from '../../../lib/toast.tsx';
import { useAccessPolicy, type AccessPolicy, type AccessPolicyBody } from '../api/get-access-policy.ts';
import { useUpdateAccessPolicy } from '../api/update-access-policy.ts';

export interface AccessPolicyFormProps {
  /** May save the policy (staff: manage); others see it read-only. */
  canChange: boolean;
  currencySymbol: string;
}

type NumberField = Exclude<
  keyof AccessPolicyBody,
  'password_require_capital' | 'password_require_number' | 'password_require_special'
>;
type Draft = Record<NumberField, string> &
  Pick<AccessPolicyBody, 'password_require_capital' | 'password_require_number' | 'password_require_special'>;

/** Bounds as the server checks them (shared accessPolicyUpdate). */
const bounds: Record<
  Exclude<NumberField, 'refund_level1_minor' | 'refund_level2_minor'>,
  [number, number]
> = {
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

/** Minor units shown as a decimal amount; parsed back without floating-point drift. */
export function minorToInput(minor: number): string {
  return (minor / 100).toFixed(2);
}
export function inputToMinor(value: string): number | null {
  const match = /^(\d{1,12})(?:[.,](\d{1,2}))?$/.exec(value.trim());
  if (match === null) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

function toDraft(policy: AccessPolicy): Draft {
  return {
    auto_logout_minutes: String(policy.auto_logout_minutes),
    wrong_access_key_threshold: String(policy.wrong_access_key_threshold),
    wrong_access_key_ttl_minutes: String(policy.wrong_access_key_ttl_minutes),
    wrong_password_threshold: String(policy.wrong_password_threshold),
    wrong_password_ttl_minutes: String(policy.wrong_password_ttl_minutes),
    password_expiry_days: String(policy.password_expiry_days),
    password_reuse_limit: String(policy.password_reuse_limit),
    password_min_length: String(policy.password_min_length),
    password_max_length: String(policy.password_max_length),
    password_require_capital: policy.password_require_capital,
    password_require_number: policy.password_require_number,
    password_require_special: policy.password_require_special,
    refund_level1_minor: minorToInput(policy.refund_level1_minor),
    refund_level2_minor: minorToInput(policy.refund_level2_minor),
  };
}

/** Field errors (translation keys) of a draft, and the body when there are none. */
export function checkDraft(draft: Draft): {
  errors: Partial<Record<NumberField, string>>;
  body: AccessPolicyBody | null;
} {
  const errors: Partial<Record<NumberField, string>> = {};
  const numbers: Partial<Record<NumberField, number>> = {};
  for (const [field, [min, max]] of Object.entries(bounds) as [keyof typeof bounds, [number, number]][]) {
    const value = draft[field].trim();
    const n = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
    if (Number.isNaN(n) || n < min || n > max) errors[field] = 'staff:policy.errors.range';
    else numbers[field] = n;
  }
  for (const field of ['refund_level1_minor', 'refund_level2_minor'] as const) {
    const minor = inputToMinor(draft[field]);
    if (minor === null) errors[field] = 'staff:policy.errors.amount';
    else numbers[field] = minor;
  }
  if (
    numbers.password_min_length !== undefined &&
    numbers.password_max_length !== undefined &&
    numbers.password_max_length < numbers.password_min_length
  )
    errors.password_max_length = 'staff:policy.errors.max_below_min';
  if (
    numbers.refund_level1_minor !== undefined &&
    numbers.refund_level2_minor !== undefined &&
    numbers.refund_level2_minor < numbers.refund_level1_minor
  )
    errors.refund_level2_minor = 'staff:policy.errors.level2_below_level1';
  if (Object.keys(errors).length > 0) return { errors, body: null };
  return {
    errors,
    body: {
      ...(numbers as Record<NumberField, number>),
      password_require_capital: draft.password_require_capital,
      password_require_number: draft.password_require_number,
      password_require_special: draft.password_require_special,
    },
  };
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

function PolicyEditor({
  policy,
  canChange,
  currencySymbol,
}: AccessPolicyFormProps & { policy: AccessPolicy }) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const update = useUpdateAccessPolicy();
  const [draft, setDraft] = useState<Draft>(() => toDraft(policy));
  const [touched, setTouched] = useState(false);
  const { errors, body } = checkDraft(draft);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (body === null || update.isPending || !canChange) return;
    update.mutate(body, {
      onSuccess: () =>
        notify({
          type: 'success',
          title: t('staff:common.operation_success'),
          message: t('staff:common.saved'),
        }),
    });
  };

  const numberField = (field: NumberField, unit?: string) => {
    const error = touched ? errors[field] : undefined;
    return (
      <Field.Root key={field} invalid={error !== undefined} readOnly={!canChange}>
        <Field.Label>{t(`staff:policy.fields.${field}`)}</Field.Label>
        <Input
          name={field}
          inputMode={field.endsWith('_minor') ? 'decimal' : 'numeric'}
          value={draft[field]}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setDraft((d) => ({ ...d, [field]: value }));
          }}
        />
        {unit !== undefined && <Field.HelperText>{unit}</Field.HelperText>}
        {error !== undefined && (
          <Field.ErrorText>
            {t(error as 'staff:policy.errors.range', {
              min: field in bounds ? bounds[field as keyof typeof bounds][0] : 0,
              max: field in bounds ? bounds[field as keyof typeof bounds][1] : 0,
            })}
          </Field.ErrorText>
        )}
      </Field.Root>
    );
  };

  const flag = (
    field: 'password_require_capital' | 'password_require_number' | 'password_require_special',
  ) => (
    <Checkbox.Root
      key={field}
      checked={draft[field]}
      readOnly={!canChange}
      onCheckedChange={(d) => setDraft((current) => ({ ...current, [field]: d.checked === true }))}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{t(`staff:policy.fields.${field}`)}</Checkbox.Label>
    </Checkbox.Root>
  );

  const minutes = t('staff:policy.units.minutes');
  return (
    <form onSubmit={submit} noValidate>
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
            {numberField('refund_level1_minor', t('staff:policy.units.amount', { symbol: currencySymbol }))}
            {numberField('refund_level2_minor', t('staff:policy.units.amount', { symbol: currencySymbol }))}
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
