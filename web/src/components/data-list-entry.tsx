import { DataList } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One label and value of a record's facts (`DataList.Root`), the pair every detail card repeats. */
export function DataListEntry({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
