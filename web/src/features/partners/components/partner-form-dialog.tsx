import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { commissionKinds, partnerForm, type PartnerDetail } from '@nine/shared/schemas/partners';
import { useResetOnOpen, useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useSavePartner } from '../api/save-partner.ts';
import type { SchemaInput } from '../schema-input.ts';
import { PartnersFormDialog, settleSave } from './partners-form-dialog.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';

type Values = SchemaInput<typeof partnerForm>;

function valuesOf(partner: PartnerDetail | undefined): Values {
  return {
    name: partner?.name ?? '',
    email: partner?.email ?? '',
    phone: partner?.phone ?? '',
    commission_rate_bp: partner?.commission_rate_bp ?? 0,
    // One row per kind, in a fixed order, so each rate field keeps its place.
    rates: commissionKinds.map((kind) => ({
      applies_to: kind,
      rate_bp: partner?.rates.find((r) => r.applies_to === kind)?.rate_bp ?? null,
    })),
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
  const form = useSchemaForm(partnerForm, {
    defaultValues: valuesOf(partner),
    messages: {
      phone: { invalid_phone: 'customers:validation.phone' },
      email: { email: 'customers:validation.email' },
      commission_rate_bp: 'customers:validation.percent',
      'rates.*.rate_bp': 'customers:validation.percent',
    },
  });
  useResetOnOpen(form, { open, record: partner?.id, values: () => valuesOf(partner), onOpen: save.reset });

  const submit = form.handleSubmit((checked) => {
    // The texts go as typed: the server reads "" as none, as it always has.
    const { name, email, phone } = form.getValues();
    save.mutate(
      {
        target: partner ? { id: partner.id, version: partner.version } : null,
        body: { ...checked, name, email, phone },
      },
      settleSave(form, save, (saved: PartnerDetail) => {
        onSaved?.(saved);
        onOpenChange(false);
      }),
    );
  });

  const { control } = form;
  const { PercentField, TextField } = fieldsOf(control);
  return (
    <PartnersFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={partner ? t('customers:partners.edit_title') : t('customers:partners.add_title')}
      onSubmit={submit}
      save={save}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField name="name" label={t('customers:partners.name')} required autoFocus />
        <TextField name="email" label={t('customers:fields.email')} type="email" />
        <TextField name="phone" label={t('customers:fields.phone')} type="tel" />
        <PercentField name="commission_rate_bp" label={t('customers:partners.commission')} required />
      </SimpleGrid>
      <Stack gap="2" as="fieldset">
        <Text as="legend" fontWeight="semibold">
          {t('customers:partners.rates_title')}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {t('customers:partners.rates_hint')}
        </Text>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          {commissionKinds.map((kind, index) => (
            <PercentField
              key={kind}
              name={`rates.${index}.rate_bp`}
              label={t(`customers:partners.kinds.${kind}`)}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </PartnersFormDialog>
  );
}
