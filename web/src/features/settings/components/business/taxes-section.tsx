import { Alert, Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { TaxRow } from '@nine/shared/schemas/business-settings';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../../components/data-table/data-table.tsx';
import { RowActionButton } from '../../../../components/data-table/row-action-button.tsx';
import { SectionCard } from '../../../../components/section-card.tsx';
import { formatRate } from '../../../../lib/format.ts';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { useDeleteTax } from '../../api/delete-tax.ts';
import { useTaxes } from '../../api/get-taxes.ts';
import { TaxFormDialog } from './tax-form-dialog.tsx';
import { TaxModeForm } from './tax-mode-form.tsx';

/**
 * Business settings, Taxes: every active tax applies to every price of the business (their rates add up);
 * a tax a product or an invoice names is kept for the record and can only be deactivated. Below, whether
 * prices include the taxes and how receipts show them, for every location.
 */
export function TaxesSection({ canChange }: { canChange: boolean }) {
  const { t } = useAppTranslation();
  const query = useTaxes();
  const remove = useDeleteTax();
  // undefined: no dialog; null: adding a tax.
  const [editing, setEditing] = useState<TaxRow | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<TaxRow | null>(null);

  const columns: DataTableColumn<TaxRow>[] = [
    { id: 'name', title: t('settings:business.taxes.name'), cell: (row) => row.name, rowHeader: true },
    {
      id: 'rate',
      title: t('settings:business.taxes.rate'),
      align: 'end',
      cell: (row) => t('settings:business.taxes.rate_value', { rate: formatRate(row.rate_bp) }),
    },
    {
      id: 'active',
      title: t('settings:business.taxes.status'),
      cell: (row) =>
        row.is_active ? (
          <Badge colorPalette="green">{t('settings:business.taxes.active_badge')}</Badge>
        ) : (
          <Badge>{t('settings:business.taxes.inactive_badge')}</Badge>
        ),
    },
  ];
  if (canChange)
    columns.push({
      id: 'actions',
      title: t('settings:business.actions'),
      titleHidden: true,
      align: 'end',
      cell: (row) => (
        <HStack gap="2" justify="end">
          <RowActionButton
            label={t('settings:business.edit')}
            name={t('settings:business.taxes.edit_named', { name: row.name })}
            onClick={() => setEditing(row)}
          />
          {!row.in_use && (
            <RowActionButton
              colorPalette="red"
              label={t('settings:business.delete')}
              name={t('settings:business.taxes.delete_named', { name: row.name })}
              onClick={() => {
                remove.reset();
                setDeleting(row);
              }}
            />
          )}
        </HStack>
      ),
    });

  return (
    <SectionCard title={t('settings:business.taxes.title')}>
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          {t('settings:business.taxes.intro')}
        </Text>
        <DataTable<TaxRow>
          columns={columns}
          rows={query.data?.rows}
          rowId={(row) => row.id}
          caption={t('settings:business.taxes.caption')}
          query={query}
          errorTitle={t('settings:business.taxes.load_failed')}
          emptyNote={t('settings:business.taxes.none')}
          size="sm"
        />
        {remove.error !== null && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{remove.error.message}</Alert.Description>
          </Alert.Root>
        )}
        {canChange && (
          <Button size="sm" variant="outline" alignSelf="start" onClick={() => setEditing(null)}>
            {t('settings:business.taxes.add')}
          </Button>
        )}
        <TaxModeForm canChange={canChange} />
      </Stack>
      {editing !== undefined && <TaxFormDialog open tax={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('settings:business.taxes.delete_title')}
        message={t('settings:business.taxes.delete_message', { name: deleting?.name ?? '' })}
        confirmLabel={t('settings:business.delete')}
        danger
        pending={remove.isPending}
        onConfirm={() => {
          if (deleting !== null)
            remove.mutate(
              { id: deleting.id, version: deleting.version },
              { onSettled: () => setDeleting(null) },
            );
        }}
        onClose={() => setDeleting(null)}
      />
    </SectionCard>
  );
}
