import { Alert, Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { GlCodeRow } from '@nine/shared/schemas/business-settings';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../../components/data-table/data-table.tsx';
import { RowActionButton } from '../../../../components/data-table/row-action-button.tsx';
import { SectionCard } from '../../../../components/section-card.tsx';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { useDeleteGlCode } from '../../api/delete-gl-code.ts';
import { useGlCodes } from '../../api/get-gl-codes.ts';
import { GlCodeAddDialog, GlCodeEditDialog } from './gl-code-form-dialog.tsx';

/**
 * Business settings, Codes: the general ledger codes the books post to; a code with entries, or one the
 * server posts to by name (built in), stays.
 */
export function GlCodesSection({ canChange }: { canChange: boolean }) {
  const { t } = useAppTranslation();
  const query = useGlCodes();
  const remove = useDeleteGlCode();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<GlCodeRow | null>(null);
  const [deleting, setDeleting] = useState<GlCodeRow | null>(null);

  const columns: DataTableColumn<GlCodeRow>[] = [
    { id: 'code', title: t('settings:business.gl_codes.code'), cell: (row) => row.code, rowHeader: true },
    {
      id: 'description',
      title: t('settings:business.gl_codes.description'),
      cell: (row) => (
        <HStack gap="2">
          <span>{row.description}</span>
          {row.built_in && <Badge>{t('settings:business.gl_codes.built_in')}</Badge>}
        </HStack>
      ),
    },
    {
      id: 'in_use',
      title: t('settings:business.gl_codes.in_use'),
      cell: (row) => t(row.in_use ? 'settings:business.yes' : 'settings:business.no'),
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
            name={t('settings:business.gl_codes.edit_named', { code: row.code })}
            onClick={() => setEditing(row)}
          />
          {!row.in_use && !row.built_in && (
            <RowActionButton
              colorPalette="red"
              label={t('settings:business.delete')}
              name={t('settings:business.gl_codes.delete_named', { code: row.code })}
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
    <SectionCard title={t('settings:business.gl_codes.title')}>
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          {t('settings:business.gl_codes.intro')}
        </Text>
        <DataTable<GlCodeRow>
          columns={columns}
          rows={query.data?.rows}
          rowId={(row) => row.code}
          caption={t('settings:business.gl_codes.caption')}
          query={query}
          errorTitle={t('settings:business.gl_codes.load_failed')}
          emptyNote={t('settings:business.gl_codes.none')}
          size="sm"
        />
        {remove.error !== null && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{remove.error.message}</Alert.Description>
          </Alert.Root>
        )}
        {canChange && (
          <Button size="sm" variant="outline" alignSelf="start" onClick={() => setAdding(true)}>
            {t('settings:business.gl_codes.add')}
          </Button>
        )}
      </Stack>
      <GlCodeAddDialog open={adding} onClose={() => setAdding(false)} />
      <GlCodeEditDialog code={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('settings:business.gl_codes.delete_title')}
        message={t('settings:business.gl_codes.delete_message', { code: deleting?.code ?? '' })}
        confirmLabel={t('settings:business.delete')}
        danger
        pending={remove.isPending}
        onConfirm={() => {
          if (deleting !== null)
            remove.mutate(
              { code: deleting.code, version: deleting.version },
              { onSettled: () => setDeleting(null) },
            );
        }}
        onClose={() => setDeleting(null)}
      />
    </SectionCard>
  );
}
