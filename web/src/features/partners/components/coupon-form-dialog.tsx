import { HStack, SimpleGrid } from '@chakra-ui/react';
import { useWatch } from 'react-hook-form';
import { couponInput, couponKinds, type CouponRow } from '@nine/shared/schemas/partners';
import { useResetOnOpen, useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useSaveCoupon } from '../api/save-coupon.ts';
import type { SchemaInput } from '../schema-input.ts';
import { PartnersFormDialog, settleSave } from './partners-form-dialog.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';

type Values = SchemaInput<typeof couponInput>;

const today = () => new Date().toISOString().slice(0, 10);

function valuesOf(coupon: CouponRow | undefined): Values {
  if (!coupon)
    return {
      code: '',
      title: '',
      discount_kind: 'percent',
      // Empty until typed; the schema refuses it as required.
      discount_value: null as unknown as number,
      commission_bp: null,
      applies_to: 'all',
      auto_apply: false,
      valid_from: today(),
      valid_to: null,
      is_active: true,
    };
  return {
    code: coupon.code,
    title: coupon.title,
    discount_kind: coupon.discount_kind,
    discount_value: coupon.discount_value,
    commission_bp: coupon.commission_bp,
    applies_to: coupon.applies_to,
    auto_apply: coupon.auto_apply,
    valid_from: coupon.valid_from,
    valid_to: coupon.valid_to,
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
  const form = useSchemaForm(couponInput, {
    defaultValues: valuesOf(coupon),
    messages: (values) => ({
      code: 'customers:coupons.code_rule',
      title: 'customers:validation.required',
      discount_value:
        values.discount_kind === 'amount' ? 'customers:validation.amount' : 'customers:validation.percent',
      commission_bp: 'customers:validation.percent',
      valid_from: 'customers:validation.required',
      valid_to: 'customers:coupons.ends_before_start',
    }),
  });
  useResetOnOpen(form, { open, record: coupon?.id, values: () => valuesOf(coupon), onOpen: save.reset });
  const kind = useWatch({ control: form.control, name: 'discount_kind' });

  const submit = form.handleSubmit((body) =>
    save.mutate(
      { target: coupon ? { id: coupon.id, version: coupon.version } : { partnerId }, body },
      settleSave(form, save, () => onOpenChange(false)),
    ),
  );

  const { control } = form;
  const { CheckboxField, DateTimeField, MoneyField, PercentField, SelectField, TextField } =
    fieldsOf(control);
  return (
    <PartnersFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={coupon ? t('customers:coupons.edit_title') : t('customers:coupons.add_title')}
      onSubmit={submit}
      save={save}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField
          name="code"
          label={t('customers:coupons.code')}
          required
          autoFocus
          textTransform="uppercase"
        />
        <TextField name="title" label={t('customers:coupons.title_field')} required />
        <SelectField
          name="discount_kind"
          label={t('customers:coupons.discount_kind')}
          options={[
            { value: 'percent', label: t('customers:coupons.percent') },
            { value: 'amount', label: t('customers:coupons.amount') },
          ]}
        />
        {kind === 'amount' ? (
          <MoneyField
            key="amount"
            name="discount_value"
            label={t('customers:coupons.discount_amount')}
            required
          />
        ) : (
          <PercentField
            key="percent"
            name="discount_value"
            label={t('customers:coupons.discount_percent')}
            required
          />
        )}
        <PercentField
          name="commission_bp"
          label={t('customers:coupons.commission')}
          placeholder={t('customers:coupons.commission_default')}
        />
        <SelectField
          name="applies_to"
          label={t('customers:coupons.applies_to')}
          options={couponKinds.map((value) => ({ value, label: t(`customers:coupons.kinds.${value}`) }))}
        />
        <DateTimeField name="valid_from" label={t('customers:coupons.valid_from')} required />
        <DateTimeField name="valid_to" label={t('customers:coupons.valid_to')} />
      </SimpleGrid>
      <HStack gap="6">
        <CheckboxField name="auto_apply" label={t('customers:coupons.auto_apply')} />
        <CheckboxField name="is_active" label={t('customers:coupons.active')} />
      </HStack>
    </PartnersFormDialog>
  );
}
