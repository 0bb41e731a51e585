import { Alert, Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { errorCatalogue } from '@nine/shared/errors';
import { businessInfoForm } from '@nine/shared/schemas/business-settings';
import type { BusinessInfo } from '@nine/shared/schemas/settings';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import { applyServerIssues, useSchemaForm } from '../../../../components/form/use-schema-form.ts';
import { SectionCard } from '../../../../components/section-card.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { saveFailureText } from '../../../../lib/save-failure.ts';
import { useNotify } from '../../../../lib/toast.tsx';
import { useUpdateBusinessInfo } from '../../api/update-business-info.ts';
import { SettingsReadList } from './settings-read-list.tsx';

/** The chosen default customer of quick sales; null is the anonymous walk-in customer. */
export interface DefaultCustomer {
  id: number;
  name: string;
}

/** A customer picker from another feature, composed by the page (features do not import each other). */
export type CustomerFieldRender = (props: {
  value: DefaultCustomer | null;
  onChange(customer: DefaultCustomer | null): void;
}) => ReactNode;

type Update = ReturnType<typeof useUpdateBusinessInfo>;

const valuesOf = (info: BusinessInfo) => ({
  site_title: info.site_title ?? '',
  site_url: info.site_url ?? '',
  url_prefix: info.url_prefix ?? '',
  address: info.business_contact.address ?? '',
  zip_code: info.business_contact.zip_code ?? '',
  email: info.business_contact.email ?? '',
  tel: info.business_contact.tel ?? '',
  sale_default_customer_id: info.sale_default_customer_id,
  suspension_alert: info.suspension_alert ?? '',
});

const customerOf = (info: BusinessInfo): DefaultCustomer | null =>
  info.sale_default_customer_id === null
    ? null
    : { id: info.sale_default_customer_id, name: info.sale_default_customer_name ?? '' };

/**
 * Business settings, General Information: the business's own name, address and contacts, the customer a
 * quick sale is made for when none is chosen, and the alert a suspended customer's screens show.
 */
export function GeneralInfoSection({
  info,
  canChange,
  customerField,
}: {
  info: BusinessInfo;
  canChange: boolean;
  customerField: CustomerFieldRender;
}) {
  const { t } = useAppTranslation();
  // Held above the editor, which starts over when this section's saved values change, so a refusal stays
  // in view. Keyed by those values, not the row's version: a logo upload moves the version too, and must not
  // wipe what someone is typing here (the save then sends the newer version).
  const update = useUpdateBusinessInfo();
  return (
    <SectionCard title={t('settings:business.general.title')}>
      {canChange ? (
        <GeneralInfoEditor
          key={JSON.stringify(valuesOf(info))}
          info={info}
          update={update}
          customerField={customerField}
        />
      ) : (
        <SettingsReadList
          items={[
            { label: t('settings:business.general.site_title'), value: info.site_title },
            { label: t('settings:business.general.site_url'), value: info.site_url },
            { label: t('settings:business.general.url_prefix'), value: info.url_prefix },
            { label: t('settings:business.general.address'), value: info.business_contact.address },
            { label: t('settings:business.general.zip_code'), value: info.business_contact.zip_code },
            { label: t('settings:business.general.email'), value: info.business_contact.email },
            { label: t('settings:business.general.tel'), value: info.business_contact.tel },
            {
              label: t('settings:business.general.default_customer'),
              value: info.sale_default_customer_name ?? t('settings:business.general.walk_in'),
            },
            { label: t('settings:business.general.suspension_alert'), value: info.suspension_alert },
          ]}
        />
      )}
    </SectionCard>
  );
}

function GeneralInfoEditor({
  info,
  update,
  customerField,
}: {
  info: BusinessInfo;
  update: Update;
  customerField: CustomerFieldRender;
}) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const form = useSchemaForm(businessInfoForm, {
    defaultValues: valuesOf(info),
    messages: {
      site_url: 'settings:business.errors.url',
      url_prefix: 'settings:business.errors.url_prefix',
      email: 'settings:business.errors.email',
    },
  });
  const { TextField, TextareaField } = fieldsOf(form.control);
  // The name of the customer picked, for the picker to show; the form holds its id.
  const [customer, setCustomer] = useState<DefaultCustomer | null>(() => customerOf(info));

  const submit = form.handleSubmit((values) => {
    if (update.isPending) return;
    update.mutate(
      { version: info.version, ...values },
      {
        onSuccess: () =>
          notify({
            type: 'success',
            title: t('settings:business.saved_title'),
            message: t('settings:business.saved'),
          }),
        onError: (error) => {
          if (applyServerIssues(form, error)) update.reset();
          else if (error instanceof ApiError && error.respCode === errorCatalogue.versionConflict.code)
            void queryClient.invalidateQueries({ queryKey: ['business-info'] });
        },
      },
    );
  });

  const failure = saveFailureText(update.error, t('settings:business.conflict'));
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('settings:business.general.title')}
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField name="site_title" label={t('settings:business.general.site_title')} required />
          <TextField name="site_url" label={t('settings:business.general.site_url')} type="url" />
          <TextField
            name="url_prefix"
            label={t('settings:business.general.url_prefix')}
            helperText={t('settings:business.general.url_prefix_help')}
          />
          <TextField name="email" label={t('settings:business.general.email')} type="email" />
          <TextField name="address" label={t('settings:business.general.address')} />
          <TextField name="zip_code" label={t('settings:business.general.zip_code')} />
          <TextField name="tel" label={t('settings:business.general.tel')} type="tel" />
        </SimpleGrid>
        <Stack gap="1" borderWidth="1px" borderRadius="l2" p="3">
          <Text fontWeight="semibold">{t('settings:business.general.default_customer')}</Text>
          <Text fontSize="sm" color="fg.muted">
            {t('settings:business.general.default_customer_help')}
          </Text>
          {customerField({
            value: customer,
            onChange: (next) => {
              setCustomer(next);
              form.setValue('sale_default_customer_id', next?.id ?? null, { shouldDirty: true });
            },
          })}
        </Stack>
        <TextareaField
          name="suspension_alert"
          label={t('settings:business.general.suspension_alert')}
          helperText={t('settings:business.general.suspension_alert_help')}
        />
        {failure !== null && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        )}
        <Button type="submit" colorPalette="blue" alignSelf="start" loading={update.isPending}>
          {t('settings:business.save')}
        </Button>
      </Stack>
    </form>
  );
}
