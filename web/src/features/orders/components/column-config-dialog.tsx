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
  Table,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { useState } from 'react';
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

/** Show, sort, title, first sort direction, placement and order of each column (spec section 3). */
export function ColumnConfigDialog({ kind, config, onSave, onReset }: ColumnConfigDialogProps) {
  const { t } = useAppTranslation();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ColumnSetting[]>([...config]);

  const update = (id: OrderColumnId, change: Partial<ColumnSetting>) =>
    setDraft((current) => current.map((column) => (column.id === id ? { ...column, ...change } : column)));

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
              <Table.ScrollArea>
                <Table.Root size="sm">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('orders:column_config.column')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('orders:column_config.show')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('orders:column_config.sortable')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('orders:column_config.custom_title')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('orders:column_config.sort_type')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('orders:column_config.placement')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('orders:column_config.position')}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {draft.map((column, index) => {
                      const name = defaultColumnTitle(t, kind, column.id);
                      const sortable = columnSortField[column.id] !== undefined;
                      return (
                        <Table.Row key={column.id}>
                          <Table.Cell fontWeight="medium">{name}</Table.Cell>
                          <Table.Cell>
                            <Checkbox.Root
                              size="sm"
                              checked={column.show}
                              onCheckedChange={(details) =>
                                update(column.id, { show: details.checked === true })
                              }
                            >
                              <Checkbox.HiddenInput />
                              <Checkbox.Control />
                              <Checkbox.Label>
                                <VisuallyHidden>
                                  {t('orders:column_config.show_for', { column: name })}
                                </VisuallyHidden>
                              </Checkbox.Label>
                            </Checkbox.Root>
                          </Table.Cell>
                          <Table.Cell>
                            {sortable && (
                              <Checkbox.Root
                                size="sm"
                                checked={column.sort}
                                onCheckedChange={(details) =>
                                  update(column.id, { sort: details.checked === true })
                                }
                              >
                                <Checkbox.HiddenInput />
                                <Checkbox.Control />
                                <Checkbox.Label>
                                  <VisuallyHidden>
                                    {t('orders:column_config.sortable_for', { column: name })}
                                  </VisuallyHidden>
                                </Checkbox.Label>
                              </Checkbox.Root>
                            )}
                          </Table.Cell>
                          <Table.Cell>
                            <Input
                              size="xs"
                              minW="32"
                              maxLength={60}
                              placeholder={name}
                              aria-label={t('orders:column_config.custom_title_for', { column: name })}
                              value={column.title}
                              onChange={(event) => update(column.id, { title: event.currentTarget.value })}
                            />
                          </Table.Cell>
                          <Table.Cell>
                            {sortable && (
                              <NativeSelect.Root size="xs" minW="28">
                                <NativeSelect.Field
                                  aria-label={t('orders:column_config.sort_type_for', { column: name })}
                                  value={column.sort_type}
                                  onChange={(event) =>
                                    update(column.id, {
                                      sort_type: event.currentTarget.value === 'asc' ? 'asc' : 'desc',
                                    })
                                  }
                                >
                                  <option value="asc">{t('orders:column_config.asc')}</option>
                                  <option value="desc">{t('orders:column_config.desc')}</option>
                                </NativeSelect.Field>
                                <NativeSelect.Indicator />
                              </NativeSelect.Root>
                            )}
                          </Table.Cell>
                          <Table.Cell>
                            <NativeSelect.Root size="xs" minW="28">
                              <NativeSelect.Field
                                aria-label={t('orders:column_config.placement_for', { column: name })}
                                value={column.placement}
                                onChange={(event) =>
                                  update(column.id, {
                                    placement: event.currentTarget.value as ColumnPlacement,
                                  })
                                }
                              >
                                {columnPlacements.map((placement) => (
                                  <option key={placement} value={placement}>
                                    {t(`orders:column_config.placements.${placement}`)}
                                  </option>
                                ))}
                              </NativeSelect.Field>
                              <NativeSelect.Indicator />
                            </NativeSelect.Root>
                          </Table.Cell>
                          <Table.Cell>
                            <HStack gap="1">
                              <IconButton
                                size="xs"
                                variant="ghost"
                                aria-label={t('orders:column_config.move_up', { column: name })}
                                disabled={index === 0}
                                onClick={() => setDraft((current) => moveColumn(current, column.id, -1))}
                              >
                                ↑
                              </IconButton>
                              <IconButton
                                size="xs"
                                variant="ghost"
                                aria-label={t('orders:column_config.move_down', { column: name })}
                                disabled={index === draft.length - 1}
                                onClick={() => setDraft((current) => moveColumn(current, column.id, 1))}
                              >
                                ↓
                              </IconButton>
                            </HStack>
                          </Table.Cell>
                        </Table.Row>
                      );
                    })}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
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
