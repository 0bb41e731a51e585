import { Table } from '@chakra-ui/react';
import type { TourEquipmentLine } from '@nine/shared/schemas/tours/events';
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
  return (
    <Table.Root size="sm" variant="outline">
      <Table.Caption srOnly>{caption}</Table.Caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('tours:events.equipment.product')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('tours:events.equipment.needed')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('tours:events.equipment.free')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('tours:events.equipment.short')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {lines.map((line) => (
          <Table.Row key={line.product_id}>
            <Table.Cell>
              {t('tours:events.equipment.product_name', { name: line.name, sku: line.sku })}
            </Table.Cell>
            <Table.Cell textAlign="end">{formatNumber(line.needed)}</Table.Cell>
            <Table.Cell textAlign="end">{formatNumber(line.free)}</Table.Cell>
            <Table.Cell textAlign="end">{formatNumber(line.short)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
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
