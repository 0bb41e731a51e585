import type { TourEquipmentLine } from '@nine/shared/schemas/tours/events';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';

/** The rental products an event's worst case needs and the location cannot free for its time. */
export function EquipmentShortTable({
  lines,
  caption,
}: {
  lines: readonly TourEquipmentLine[];
  caption: string;
}) {
  const { t } = useAppTranslation();
  const count = (id: 'needed' | 'free' | 'short'): DataTableColumn<TourEquipmentLine> => ({
    id,
    title: t(`tours:events.equipment.${id}`),
    align: 'end',
    cell: (line) => formatNumber(line[id]),
  });
  const columns: DataTableColumn<TourEquipmentLine>[] = [
    {
      id: 'product',
      title: t('tours:events.equipment.product'),
      cell: (line) => t('tours:events.equipment.product_name', { name: line.name, sku: line.sku }),
    },
    count('needed'),
    count('free'),
    count('short'),
  ];
  return (
    <DataTable columns={columns} rows={lines} rowId={(line) => line.product_id} caption={caption} size="sm" />
  );
}

/** A warning over the shortfall of one event, or the news that nothing is short. */
export function EquipmentShortNotice({ lines }: { lines: readonly TourEquipmentLine[] }) {
  const { t } = useAppTranslation();
  const short = lines.filter((line) => line.short > 0);
  if (short.length === 0)
    return <MessageAlert status="success">{t('tours:events.equipment.none_short')}</MessageAlert>;
  return (
    <>
      <MessageAlert status="warning">{t('tours:events.equipment.warning')}</MessageAlert>
      <EquipmentShortTable lines={short} caption={t('tours:events.equipment.caption')} />
    </>
  );
}
