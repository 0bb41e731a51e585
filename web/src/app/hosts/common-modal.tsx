import { Button, List, Stack, Text } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { DialogFrame } from '../../components/dialog-frame.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { useUiState, useUiStore, type CommonModalValue } from '../../lib/ui-store.ts';

type Entry = { key: string; label: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Unavailable-item records (product_sku, product_category or item_id), as a list or keyed by code. */
function unavailableRecords(data: unknown): Record<string, unknown>[] {
  if (Array.isArray(data)) return data.filter(isRecord);
  if (isRecord(data)) {
    if (Array.isArray(data.items)) return data.items.filter(isRecord);
    return Object.values(data).flatMap((value) => (Array.isArray(value) ? value.filter(isRecord) : []));
  }
  return [];
}

function UnavailableItems({ data }: { data: unknown }) {
  const { t } = useAppTranslation();
  const entries: Entry[] = unavailableRecords(data).flatMap((record, index): Entry[] => {
    const key = String(index);
    if (record.product_sku != null)
      return [{ key, label: t('common:unavailable_items.sku', { value: String(record.product_sku) }) }];
    if (record.product_category != null)
      return [
        { key, label: t('common:unavailable_items.category', { value: String(record.product_category) }) },
      ];
    if (record.item_id != null)
      return [{ key, label: t('common:unavailable_items.item', { value: String(record.item_id) }) }];
    return [];
  });
  return (
    <Stack gap="3">
      <Text>{t('common:unavailable_items.intro')}</Text>
      {entries.length > 0 ? (
        <List.Root ps="5">
          {entries.map((entry) => (
            <List.Item key={entry.key}>{entry.label}</List.Item>
          ))}
        </List.Root>
      ) : (
        <Text color="fg.muted">{t('common:unavailable_items.none')}</Text>
      )}
    </Stack>
  );
}

const bodies = {
  'unavailable-items': UnavailableItems,
} satisfies Record<CommonModalValue, ComponentType<{ data: unknown }>>;

const titles = {
  'unavailable-items': 'common:unavailable_items.title',
} as const satisfies Record<CommonModalValue, string>;

/** The common modal: one dialog whose content is named by commonDefaultModalValue. */
export function CommonModal() {
  const { t } = useAppTranslation();
  const ui = useUiStore();
  const open = useUiState((s) => s.showCommonDefaultModal);
  const value = useUiState((s) => s.commonDefaultModalValue);
  const data = useUiState((s) => s.commonDefaultModalData);
  const persistent = useUiState((s) => s.modalIsPersistant);
  const loading = useUiState((s) => s.defaultModalLoading);
  // The value outlives the closing animation by 500 ms; without one there is nothing to show.
  if (value === null) return null;
  const Body = bodies[value];

  return (
    <DialogFrame
      open={open}
      onDismiss={() => ui.closeCommonModal()}
      title={t(titles[value])}
      placement="center"
      persistent={persistent}
      closeButton={!persistent}
      busy={loading}
      footer={<Button onClick={() => ui.closeCommonModal()}>{t('common:close')}</Button>}
    >
      <Body data={data} />
    </DialogFrame>
  );
}
