import { Button, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { lineLabel, type DraftLine } from '../create/draft-lines.ts';
import type { MissedLookup } from '../create/lookup-answer.ts';

export interface DraftLinesTableProps {
  caption: string;
  lines: readonly DraftLine[];
  /** The columns between the line's name (with `detail` under it) and its remove button. */
  columns: readonly DataTableColumn<DraftLine>[];
  detail(line: DraftLine): ReactNode;
  removeLabel(item: string): string;
  onRemove(key: string): void;
  /** The wizard's lines read without column headers: each control names its line. */
  headed?: boolean;
  rowProps?(line: DraftLine): Record<`data-${string}`, unknown>;
}

/** The lines of a draft order (the create wizard's, the quick sale's): name, the screen's columns, remove. */
export function DraftLinesTable({
  caption,
  lines,
  columns,
  detail,
  removeLabel,
  onRemove,
  headed = true,
  rowProps,
}: DraftLinesTableProps) {
  const { t } = useAppTranslation();
  const all: DataTableColumn<DraftLine>[] = [
    {
      id: 'product',
      title: t('orders:quick_sale.product'),
      cell: (line) => (
        <>
          <Text fontWeight="medium">{lineLabel(line)}</Text>
          <Text fontSize="xs" color="fg.muted">
            {detail(line)}
          </Text>
        </>
      ),
    },
    ...columns,
    {
      id: 'remove',
      title: '',
      cell: (line) => (
        <IconButton
          size="xs"
          variant="ghost"
          aria-label={removeLabel(lineLabel(line))}
          onClick={() => onRemove(line.key)}
        >
          ×
        </IconButton>
      ),
    },
  ];
  return (
    <DataTable
      columns={all}
      rows={lines}
      rowId={(line) => line.key}
      caption={caption}
      showHeader={headed}
      rowProps={rowProps}
    />
  );
}

/** A line's quantity, typed from the keyboard (0 removes the line). */
export function LineQuantityInput({
  line,
  label,
  onChange,
}: {
  line: DraftLine;
  label: string;
  onChange(quantity: number): void;
}) {
  return (
    <Input
      size="xs"
      width="20"
      type="number"
      min={0}
      max={999}
      aria-label={label}
      value={line.quantity}
      onChange={(event) => onChange(Number(event.currentTarget.value))}
    />
  );
}

/** A code that matched several products or items: one button each, to add the one meant. */
export function SeveralMatches({
  lookup,
  onPick,
}: {
  lookup: Extract<MissedLookup, { status: 'several' }>;
  onPick(index: number): void;
}) {
  const { t } = useAppTranslation();
  return (
    <Stack gap="2">
      <Text>{t('orders:create.several_matches', { code: lookup.code })}</Text>
      <HStack gap="2" wrap="wrap">
        {lookup.matches.map((match, index) => (
          <Button
            key={`${match.product_id}-${match.item_id ?? ''}`}
            size="xs"
            variant="outline"
            onClick={() => onPick(index)}
          >
            {lineLabel({ match })}
          </Button>
        ))}
      </HStack>
    </Stack>
  );
}

/** What a scan that added nothing says, in the wizard and at the counter alike: nothing, a failure, or a choice. */
export function MissedLookupMessage({
  lookup,
  onPick,
}: {
  lookup: MissedLookup | { status: 'failed'; message: string };
  onPick(index: number): void;
}) {
  const { t } = useAppTranslation();
  switch (lookup.status) {
    case 'not_found':
      return <Text color="fg.error">{t('orders:create.not_found', { code: lookup.code })}</Text>;
    case 'failed':
      return <Text color="fg.error">{t('orders:create.lookup_failed', { message: lookup.message })}</Text>;
    case 'several':
      return <SeveralMatches lookup={lookup} onPick={onPick} />;
  }
}
