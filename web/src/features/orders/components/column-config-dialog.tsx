import {
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Portal,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { SelectOptions } from '../../../components/list-filter-fields.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import {
  columnPlacements,
  columnSortField,
  moveColumn,
  type ColumnPlacement,
  type ColumnSetting,
  type OrderColumnId,
} from '../list/column-config.ts';
import type { OrderKind } from '../order-kind.ts';
import { defaultColumnTitle } from './column-title.ts';

export interface ColumnConfigDialogProps {
  kind: OrderKind;
  config: readonly ColumnSetting[];
  onSave(config: ColumnSetting[]): void;
  onReset(): void;
}

/** A checkbox named for the column it sets; the column header says what it is to sighted users. */
function ColumnCheckbox(props: { label: string; checked: boolean; onChange(checked: boolean): void }) {
  return (
    <Checkbox.Root
      size="sm"
      checked={props.checked}
      onCheckedChange={(details) => props.onChange(details.checked === true)}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>
        <VisuallyHidden>{props.label}</VisuallyHidden>
      </Checkbox.Label>
    </Checkbox.Root>
  );
}

/** A small select named for the column it sets. */
function ColumnSelect<V extends string>(props: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange(value: V): void;
}) {
  return (
    <NativeSelect.Root size="xs" minW="28">
      <NativeSelect.Field
        aria-label={props.label}
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value as V)}
      >
        <SelectOptions options={props.options} />
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** Show, sort, title, first sort direction, placement and order of each column (spec section 3). */
export function ColumnConfigDialog({ kind, config, onSave, onReset }: ColumnConfigDialogProps) {
  const { t } = useAppTranslation();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ColumnSetting[]>([...config]);

  const update = (id: OrderColumnId, change: Partial<ColumnSetting>) =>
    setDraft((current) => current.map((column) => (column.id === id ? { ...column, ...change } : column)));
  const nameOf = (column: ColumnSetting) => defaultColumnTitle(t, kind, column.id);
  const sortable = (column: ColumnSetting) => columnSortField[column.id] !== undefined;
  // Each control is named for its row's column: "Show Planned finish".
  const labelOf = (
    control: 'show' | 'sortable' | 'custom_title' | 'sort_type' | 'placement',
    column: ColumnSetting,
  ) => t(`orders:column_config.${control}_for`, { column: nameOf(column) });
  const checkbox = (control: 'show' | 'sortable', field: 'show' | 'sort') => (column: ColumnSetting) => (
    <ColumnCheckbox
      label={labelOf(control, column)}
      checked={column[field]}
      onChange={(on) => update(column.id, field === 'show' ? { show: on } : { sort: on })}
    />
  );
  // The first column cannot go up, nor the last down.
  const moves = [
    { by: -1, key: 'move_up', arrow: '↑', end: draft[0] },
    { by: 1, key: 'move_down', arrow: '↓', end: draft.at(-1) },
  ] as const;
  const sortTypes = (['asc', 'desc'] as const).map((value) => ({
    value,
    label: t(`orders:column_config.${value}`),
  }));
  const placements = columnPlacements.map((value) => ({
    value,
    label: t(`orders:column_config.placements.${value}`),
  }));

  const columns: DataTableColumn<ColumnSetting>[] = [
    {
      id: 'column',
      title: t('orders:column_config.column'),
      cell: nameOf,
      rowHeader: true,
    },
    {
      id: 'show',
      title: t('orders:column_config.show'),
      cell: checkbox('show', 'show'),
    },
    {
      id: 'sortable',
      title: t('orders:column_config.sortable'),
      cell: (column) => sortable(column) && checkbox('sortable', 'sort')(column),
    },
    {
      id: 'custom_title',
      title: t('orders:column_config.custom_title'),
      cell: (column) => (
        <Input
          size="xs"
          minW="32"
          maxLength={60}
          placeholder={nameOf(column)}
          aria-label={labelOf('custom_title', column)}
          value={column.title}
          onChange={(event) => update(column.id, { title: event.currentTarget.value })}
        />
      ),
    },
    {
      id: 'sort_type',
      title: t('orders:column_config.sort_type'),
      cell: (column) =>
        sortable(column) && (
          <ColumnSelect
            label={labelOf('sort_type', column)}
            value={column.sort_type}
            options={sortTypes}
            onChange={(sort_type) => update(column.id, { sort_type })}
          />
        ),
    },
    {
      id: 'placement',
      title: t('orders:column_config.placement'),
      cell: (column) => (
        <ColumnSelect<ColumnPlacement>
          label={labelOf('placement', column)}
          value={column.placement}
          options={placements}
          onChange={(placement) => update(column.id, { placement })}
        />
      ),
    },
    {
      id: 'position',
      title: t('orders:column_config.position'),
      cell: (column) => (
        <HStack gap="1">
          {moves.map(({ by, key, arrow, end }) => (
            <IconButton
              key={key}
              size="xs"
              variant="ghost"
              aria-label={t(`orders:column_config.${key}`, { column: nameOf(column) })}
              disabled={end?.id === column.id}
              onClick={() => setDraft((current) => moveColumn(current, column.id, by))}
            >
              {arrow}
            </IconButton>
          ))}
        </HStack>
      ),
    },
  ];

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        setOpen(details.open);
        if (details.open) setDraft([...config]);
      }}
      size="xl"
      scrollBehavior="inside"
    >
      <Dialog.Trigger asChild>
        <Button size="sm" variant="outline">
          {t('orders:column_config.button')}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('orders:column_config.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text mb="3" color="fg.muted" fontSize="sm">
                {t('orders:column_config.intro')}
              </Text>
              <DataTable<ColumnSetting>
                columns={columns}
                rows={draft}
                rowId={(column) => column.id}
                caption={t('orders:column_config.title')}
              />
            </Dialog.Body>
            <Dialog.Footer justifyContent="space-between">
              <Button
                variant="ghost"
                onClick={() => {
                  onReset();
                  setOpen(false);
                }}
              >
                {t('orders:column_config.reset')}
              </Button>
              <HStack gap="2">
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">{t('orders:column_config.cancel')}</Button>
                </Dialog.ActionTrigger>
                <Button
                  onClick={() => {
                    onSave(draft);
                    setOpen(false);
                  }}
                >
                  {t('orders:column_config.save')}
                </Button>
              </HStack>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('orders:column_config.cancel')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
