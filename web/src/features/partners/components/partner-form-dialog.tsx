import { Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { commissionKinds, type CommissionKind, type PartnerDetail } from '@nine/shared/schemas/partners';
import { ApiError } from '../../../lib/api-client.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useSavePartner } from '../api/save-partner.ts';
import { bpToPercent, percentToBp } from '../rates.ts';

interface Values {
  name: string;
  email: string;
  phone: string;
  commission: string;
  rates: Record<CommissionKind, string>;
}

const blank: Values = {
  name: '',
  email: '',
  phone: '',
  commission: '0',
  rates: { rent: '', sale: '', tour: '' },
};

function valuesOf(partner: PartnerDetail | undefined): Values {
  if (!partner) return blank;
  const rates = { ...blank.rates };
  for (const r of partner.rates) rates[r.applies_to] = bpToPercent(r.rate_bp);
  return {
    name: partner.name,
    email: partner.email ?? '',
    phone: partner.phone ?? '',
    commission: bpToPercent(partner.commission_rate_bp),
    rates,
  };
}

/** Add or edit a partner and its commission rates: one default rate, and an own rate per kind of order. */
export function PartnerFormDialog({
  open,
  onOpenChange,
  partner,
  onSaved,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  partner?: PartnerDetail | undefined;
  onSaved?(partner: PartnerDetail): void;
}) {
  const { t } = useAppTranslation();
  const save = useSavePartner();
  const [values, setValues] = useState<Values>(blank);
  const [errors, setErrors] = useState<Partial<Record<string, true>>>({});

  useEffect(() => {
    if (!open) return;
    setValues(valuesOf(partner));
    setErrors({});
    save.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const submit = () => {
    const found: Partial<Record<string, true>> = {};
    if (values.name.trim() === '') found.name = true;
    if (values.email.trim() !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim()))
      found.email = true;
    const commission = percentToBp(values.commission);
    if (commission === null || commission > 10_000) found.commission = true;
    const rates = commissionKinds.flatMap((kind) => {
      const text = values.rates[kind];
      if (text.trim() === '') return [];
      const bp = percentToBp(text);
      if (bp === null || bp > 10_000) {
        found[`rate_${kind}`] = true;
        return [];
      }
      return [{ applies_to: kind, rate_bp: bp }];
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      {
        target: partner ? { id: partner.id, version: partner.version } : null,
        body: {
          name: values.name,
          email: values.email,
          phone: values.phone,
          commission_rate_bp: commission!,
          rates,
        },
      },
      {
        onSuccess: (saved) => {
          onSaved?.(saved);
          onOpenChange(false);
        },
      },
    );
  };

  const failure =
    save.error instanceof ApiError
      ? save.error.respCode === 1021
        ? t('customers:partners.conflict')
        : save.error.message
      : null;

  const text = (key: 'name' | 'email' | 'phone', label: string, type = 'text') => (
    <Field.Root invalid={errors[key] === true} required={key === 'name'}>
      <Field.Label>
        {label}
        {key === 'name' && <Field.RequiredIndicator />}
      </Field.Label>
      <Input
        name={key}
        type={type}
        value={values[key]}
        autoFocus={key === 'name'}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setValues((v) => ({ ...v, [key]: value }));
        }}
      />
      <Field.ErrorText>
        {key === 'name' ? t('customers:validation.required') : t('customers:validation.email')}
      </Field.ErrorText>
    </Field.Root>
  );

  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title={partner ? t('customers:partners.edit_title') : t('customers:partners.add_title')}
      onSubmit={submit}
      saving={save.isPending}
      error={failure}
      size="lg"
      closeButton
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {text('name', t('customers:partners.name'))}
        {text('email', t('customers:fields.email'), 'email')}
        {text('phone', t('customers:fields.phone'), 'tel')}
        <Field.Root invalid={errors.commission === true} required>
          <Field.Label>
            {t('customers:partners.commission')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="commission"
            inputMode="decimal"
            value={values.commission}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setValues((v) => ({ ...v, commission: value }));
            }}
          />
          <Field.ErrorText>{t('customers:validation.percent')}</Field.ErrorText>
        </Field.Root>
      </SimpleGrid>
      <Stack gap="2" as="fieldset">
        <Text as="legend" fontWeight="semibold">
          {t('customers:partners.rates_title')}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {t('customers:partners.rates_hint')}
        </Text>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          {commissionKinds.map((kind) => (
            <Field.Root key={kind} invalid={errors[`rate_${kind}`] === true}>
              <Field.Label>{t(`customers:partners.kinds.${kind}`)}</Field.Label>
              <Input
                name={`rate_${kind}`}
                inputMode="decimal"
                value={values.rates[kind]}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setValues((v) => ({ ...v, rates: { ...v.rates, [kind]: value } }));
                }}
              />
              <Field.ErrorText>{t('customers:validation.percent')}</Field.ErrorText>
            </Field.Root>
          ))}
        </SimpleGrid>
      </Stack>
    </FormDialog>
  );
}
