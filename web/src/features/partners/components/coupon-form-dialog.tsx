import { Checkbox, Field, HStack, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { couponKinds, type CouponRow } from '@nine/shared/schemas/partners';
import { ApiError } from '../../../lib/api-client.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useSaveCoupon } from '../api/save-coupon.ts';
import { amountToMinor, bpToPercent, minorToAmount, percentToBp } from '../rates.ts';

interface Values {
  code: string;
  title: string;
  discount_kind: 'percent' | 'amount';
  discount: string;
  commission: string;
  applies_to: (typeof couponKinds)[number];
  auto_apply: boolean;
  valid_from: string;
  valid_to: string;
  is_active: boolean;
}

const today = () => new Date().toISOString().slice(0, 10);

function valuesOf(coupon: CouponRow | undefined): Values {
  if (!coupon)
    return {
      code: '',
      title: '',
      discount_kind: 'percent',
      discount: '',
      commission: '',
      applies_to: 'all',
      auto_apply: false,
      valid_from: today(),
      valid_to: '',
      is_active: true,
    };
  return {
    code: coupon.code,
    title: coupon.title,
    discount_kind: coupon.discount_kind,
    discount:
      coupon.discount_kind === 'percent'
        ? bpToPercent(coupon.discount_value)
        : minorToAmount(coupon.discount_value),
    commission: coupon.commission_bp === null ? '' : bpToPercent(coupon.commission_bp),
    applies_to: coupon.applies_to,
    auto_apply: coupon.auto_apply,
    valid_from: coupon.valid_from,
    valid_to: coupon.valid_to ?? '',
    is_active: coupon.is_active,
  };
}

/** Add or edit a partner's coupon: code, discount, commission, what it applies to and when it is valid. */
export function CouponFormDialog({
  open,
  onOpenChange,
  partnerId,
  coupon,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  partnerId: number;
  coupon?: CouponRow | undefined;
}) {
  const { t } = useAppTranslation();
  const save = useSaveCoupon();
  const [values, setValues] = useState<Values>(() => valuesOf(coupon));
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});

  useEffect(() => {
    if (!open) return;
    setValues(valuesOf(coupon));
    setErrors({});
    save.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = () => {
    const found: Partial<Record<keyof Values, string>> = {};
    const code = values.code.trim().toUpperCase();
    if (!/^[A-Z0-9_-]{3,32}$/.test(code)) found.code = t('customers:coupons.code_rule');
    if (values.title.trim() === '') found.title = t('customers:validation.required');
    const discount =
      values.discount_kind === 'percent' ? percentToBp(values.discount) : amountToMinor(values.discount);
    if (discount === null || discount <= 0 || (values.discount_kind === 'percent' && discount > 10_000))
      found.discount =
        values.discount_kind === 'percent'
          ? t('customers:validation.percent')
          : t('customers:validation.amount');
    const commission = values.commission.trim() === '' ? null : percentToBp(values.commission);
    if (values.commission.trim() !== '' && (commission === null || commission > 10_000))
      found.commission = t('customers:validation.percent');
    if (values.valid_from === '') found.valid_from = t('customers:validation.required');
    if (values.valid_to !== '' && values.valid_to < values.valid_from)
      found.valid_to = t('customers:coupons.ends_before_start');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      {
        target: coupon ? { id: coupon.id, version: coupon.version } : { partnerId },
        body: {
          code,
          title: values.title,
          discount_kind: values.discount_kind,
          discount_value: discount!,
          commission_bp: commission,
          applies_to: values.applies_to,
          auto_apply: values.auto_apply,
          valid_from: values.valid_from,
          valid_to: values.valid_to === '' ? null : values.valid_to,
          is_active: values.is_active,
        },
      },
      { onSuccess: () => onOpenChange(false) },
    );
  };

  const failure =
    save.error instanceof ApiError
      ? save.error.respCode === 1021
        ? t('customers:partners.conflict')
        : save.error.message
      : null;

  const field = (key: keyof Values, label: string, control: ReactNode, required = false) => (
    <Field.Root invalid={errors[key] !== undefined} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {control}
      <Field.ErrorText>{errors[key]}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title={coupon ? t('customers:coupons.edit_title') : t('customers:coupons.add_title')}
      onSubmit={submit}
      saving={save.isPending}
      error={failure}
      size="lg"
      closeButton
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {field(
          'code',
          t('customers:coupons.code'),
          <Input
            name="code"
            autoFocus
            value={values.code}
            textTransform="uppercase"
            onChange={(e) => set('code', e.currentTarget.value)}
          />,
          true,
        )}
        {field(
          'title',
          t('customers:coupons.title_field'),
          <Input name="title" value={values.title} onChange={(e) => set('title', e.currentTarget.value)} />,
          true,
        )}
        {field(
          'discount_kind',
          t('customers:coupons.discount_kind'),
          <NativeSelect.Root>
            <NativeSelect.Field
              name="discount_kind"
              value={values.discount_kind}
              onChange={(e) =>
                set('discount_kind', e.currentTarget.value === 'amount' ? 'amount' : 'percent')
              }
            >
              <option value="percent">{t('customers:coupons.percent')}</option>
              <option value="amount">{t('customers:coupons.amount')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>,
        )}
        {field(
          'discount',
          values.discount_kind === 'percent'
            ? t('customers:coupons.discount_percent')
            : t('customers:coupons.discount_amount'),
          <Input
            name="discount"
            inputMode="decimal"
            value={values.discount}
            onChange={(e) => set('discount', e.currentTarget.value)}
          />,
          true,
        )}
        {field(
          'commission',
          t('customers:coupons.commission'),
          <Input
            name="commission"
            inputMode="decimal"
            placeholder={t('customers:coupons.commission_default')}
            value={values.commission}
            onChange={(e) => set('commission', e.currentTarget.value)}
          />,
        )}
        {field(
          'applies_to',
          t('customers:coupons.applies_to'),
          <NativeSelect.Root>
            <NativeSelect.Field
              name="applies_to"
              value={values.applies_to}
              onChange={(e) => set('applies_to', e.currentTarget.value as Values['applies_to'])}
            >
              {couponKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`customers:coupons.kinds.${kind}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>,
        )}
        {field(
          'valid_from',
          t('customers:coupons.valid_from'),
          <Input
            name="valid_from"
            type="date"
            value={values.valid_from}
            onChange={(e) => set('valid_from', e.currentTarget.value)}
          />,
          true,
        )}
        {field(
          'valid_to',
          t('customers:coupons.valid_to'),
          <Input
            name="valid_to"
            type="date"
            value={values.valid_to}
            onChange={(e) => set('valid_to', e.currentTarget.value)}
          />,
        )}
      </SimpleGrid>
      <HStack gap="6">
        <Checkbox.Root
          checked={values.auto_apply}
          onCheckedChange={(d) => set('auto_apply', d.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('customers:coupons.auto_apply')}</Checkbox.Label>
        </Checkbox.Root>
        <Checkbox.Root
          checked={values.is_active}
          onCheckedChange={(d) => set('is_active', d.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('customers:coupons.active')}</Checkbox.Label>
        </Checkbox.Root>
      </HStack>
    </FormDialog>
  );
}
