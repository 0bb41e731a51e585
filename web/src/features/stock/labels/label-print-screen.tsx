import { Button, Checkbox, Field, HStack, Heading, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useCallback, useId, useState } from 'react';
import type { LabelItem } from '@nine/shared/schemas/stock';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { ListPager } from '../../../components/list-pager.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useLabelItems } from '../api/get-label-items.ts';
import { ItemStatusBadge } from '../components/item-status-badge.tsx';
import { LabelGrid, LabelSheetPrint, labelStyles } from './label-sheet.tsx';
import type { LabelCode } from './label-svg.ts';

export interface LabelPrintScreenProps {
  title: string;
  locationId: number | null;
  /** Prints the labels one by one on the counter's receipt printer (through the agent). */
  onReceiptPrint(items: LabelItem[], kind: LabelCode): void;
  /** Where the receipt-printer job stands, in words ('' while idle). */
  receiptStatus: string;
  receiptBusy: boolean;
}

/** inventory/barcode/print: choose items, print CODE128 or QR labels on A4 sheets or the receipt printer. */
export function LabelPrintScreen(props: LabelPrintScreenProps) {
  const { t } = useAppTranslation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<LabelCode>('code128');
  const [chosen, setChosen] = useState<Map<number, LabelItem>>(new Map());
  const [printing, setPrinting] = useState(false);
  const list = useLabelItems(props.locationId, { search, page });
  const kindId = useId();
  const searchId = useId();
  const rows = list.data?.rows ?? [];
  const selected = [...chosen.values()];
  const toggle = (item: LabelItem, on: boolean) =>
    setChosen((current) => {
      const next = new Map(current);
      if (on) next.set(item.item_id, item);
      else next.delete(item.item_id);
      return next;
    });
  const allOnPage = rows.length > 0 && rows.every((r) => chosen.has(r.item_id));
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / 50));
  const donePrinting = useCallback(() => setPrinting(false), []);
  const columns: DataTableColumn<LabelItem>[] = [
    {
      id: 'chosen',
      // The header's checkbox chooses the whole page; its label names it.
      title: '',
      headerExtra: (
        <Checkbox.Root
          checked={allOnPage}
          onCheckedChange={(details) => rows.forEach((r) => toggle(r, details.checked === true))}
        >
          <Checkbox.HiddenInput aria-label={t('stock:labels.choose_page')} />
          <Checkbox.Control />
        </Checkbox.Root>
      ),
      cell: (item) => (
        <Checkbox.Root
          checked={chosen.has(item.item_id)}
          onCheckedChange={(details) => toggle(item, details.checked === true)}
        >
          <Checkbox.HiddenInput aria-label={t('stock:labels.choose', { sku: item.sku })} />
          <Checkbox.Control />
        </Checkbox.Root>
      ),
    },
    { id: 'sku', title: t('stock:labels.sku'), cell: (item) => item.sku },
    { id: 'barcode', title: t('stock:labels.barcode'), cell: (item) => item.barcode },
    { id: 'product', title: t('stock:labels.product'), cell: (item) => item.product_name },
    {
      id: 'status',
      title: t('stock:labels.status'),
      cell: (item) => <ItemStatusBadge status={item.status} />,
    },
  ];

  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {props.title}
      </Heading>
      <HStack gap="4" wrap="wrap" align="end">
        <Field.Root width="auto">
          <Field.Label htmlFor={searchId}>{t('stock:labels.search')}</Field.Label>
          <Input
            id={searchId}
            width="64"
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
          />
        </Field.Root>
        <Field.Root width="auto">
          <Field.Label htmlFor={kindId}>{t('stock:labels.code_kind')}</Field.Label>
          <NativeSelect.Root width="48">
            <NativeSelect.Field
              id={kindId}
              value={kind}
              onChange={(event) => setKind(event.currentTarget.value as LabelCode)}
            >
              <option value="code128">{t('stock:labels.code128')}</option>
              <option value="qr">{t('stock:labels.qr')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </HStack>
      {list.isPending ? (
        <Text>{t('stock:common.loading')}</Text>
      ) : rows.length === 0 ? (
        <Text color="fg.muted">{t('stock:labels.no_items')}</Text>
      ) : (
        <DataTable<LabelItem>
          columns={columns}
          rows={rows}
          rowId={(item) => item.item_id}
          caption={t('stock:labels.items')}
        />
      )}
      {pages > 1 && <ListPager page={page} pageSize={50} total={list.data?.total ?? 0} onPage={setPage} />}
      <Stack gap="2">
        <Text role="status">{t('stock:labels.chosen', { count: selected.length })}</Text>
        <HStack gap="2" wrap="wrap">
          <Button colorPalette="blue" disabled={selected.length === 0} onClick={() => setPrinting(true)}>
            {t('stock:labels.print_sheet')}
          </Button>
          <Button
            variant="outline"
            disabled={selected.length === 0}
            loading={props.receiptBusy}
            onClick={() => props.onReceiptPrint(selected, kind)}
          >
            {t('stock:labels.print_receipt')}
          </Button>
          <Button variant="ghost" disabled={selected.length === 0} onClick={() => setChosen(new Map())}>
            {t('stock:labels.clear')}
          </Button>
        </HStack>
        {props.receiptStatus !== '' && <Text color="fg.muted">{props.receiptStatus}</Text>}
      </Stack>
      {selected.length > 0 && (
        <Stack as="section" aria-label={t('stock:labels.preview')} gap="2">
          <Heading as="h2" size="md">
            {t('stock:labels.preview')}
          </Heading>
          <style>{`${labelStyles} .nine-labels-preview .nine-labels { outline: 1px dashed gray; width: max-content; }`}</style>
          <div className="nine-labels-preview">
            <LabelGrid items={selected.slice(0, 24)} kind={kind} />
          </div>
        </Stack>
      )}
      {printing && <LabelSheetPrint items={selected} kind={kind} onDone={donePrinting} />}
    </Stack>
  );
}
