import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../../components/data-table/data-table.tsx';
import { RowActionButton } from '../../../../components/data-table/row-action-button.tsx';
import { SectionCard } from '../../../../components/section-card.tsx';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { useGlAccounts } from '../../api/get-gl-accounts.ts';
import { useGlCodes } from '../../api/get-gl-codes.ts';
import { GlAccountDialog, type GlAccountRow } from './gl-account-dialog.tsx';

/** Names a code with its description from the Codes section, "4000 · Rental revenue". */
export function useDescribeCode(): (code: string | undefined) => string {
  const codes = useGlCodes();
  return (code) => {
    if (code === undefined) return '';
    const found = codes.data?.rows.find((c) => c.code === code);
    return found ? `${code} · ${found.description}` : code;
  };
}

/**
 * One accounts section of the Business screen: what posts (first column) and the general ledger code it
 * posts to, changed in a dialog. A row without a code of its own follows the default account that
 * `defaultLabel` names (taxes, categories).
 */
export function GlAccountSection({
  title,
  intro,
  caption,
  nameTitle,
  rows,
  canChange,
  defaultLabel,
}: {
  title: string;
  intro: string;
  caption: string;
  nameTitle: string;
  rows: GlAccountRow[] | undefined;
  canChange: boolean;
  /** The default account a row without a code follows, "Default: 2200 · Sales tax payable"; none: no default. */
  defaultLabel?: string;
}) {
  const { t } = useAppTranslation();
  const query = useGlAccounts();
  const describe = useDescribeCode();
  const [editing, setEditing] = useState<GlAccountRow | null>(null);

  const columns: DataTableColumn<GlAccountRow>[] = [
    { id: 'name', title: nameTitle, cell: (row) => row.label, rowHeader: true },
    {
      id: 'gl_code',
      title: t('settings:accounts.gl_code'),
      cell: (row) =>
        row.gl_code !== null ? (
          <HStack gap="2">
            <span>{describe(row.gl_code)}</span>
            {row.fixed === true && <Badge>{t('settings:accounts.fixed')}</Badge>}
          </HStack>
        ) : (
          <Text as="span" color="fg.muted">
            {defaultLabel}
          </Text>
        ),
    },
  ];
  if (canChange)
    columns.push({
      id: 'actions',
      title: t('settings:business.actions'),
      titleHidden: true,
      align: 'end',
      cell: (row) =>
        row.fixed === true ? null : (
          <RowActionButton
            label={t('settings:business.edit')}
            name={t('settings:accounts.edit_named', { name: row.label })}
            onClick={() => setEditing(row)}
          />
        ),
    });

  return (
    <SectionCard title={title}>
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          {intro}
        </Text>
        <DataTable<GlAccountRow>
          columns={columns}
          rows={rows}
          rowId={(row) => `${row.kind}:${row.key}`}
          caption={caption}
          query={query}
          errorTitle={t('settings:accounts.load_failed')}
          emptyNote={t('settings:accounts.none')}
          size="sm"
        />
      </Stack>
      <GlAccountDialog row={editing} defaultLabel={defaultLabel} onClose={() => setEditing(null)} />
    </SectionCard>
  );
}
