import { DataList, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useAppTranslation } from '../../../../lib/i18n.ts';

/** A section shown to someone who may look but not change: label and value, "Not set" for none. */
export function SettingsReadList({ items }: { items: readonly { label: string; value: ReactNode }[] }) {
  const { t } = useAppTranslation();
  return (
    <DataList.Root orientation="horizontal" divideY="1px">
      {items.map(({ label, value }) => (
        <DataList.Item key={label} pt="2">
          <DataList.ItemLabel minW="48">{label}</DataList.ItemLabel>
          <DataList.ItemValue>
            {value === null || value === '' ? (
              <Text color="fg.muted">{t('settings:business.not_set')}</Text>
            ) : (
              value
            )}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
