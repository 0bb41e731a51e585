import { Badge } from '@chakra-ui/react';
import type { ItemStatus } from '@nine/shared/schemas/stock';
import { useAppTranslation } from '../../../lib/i18n.ts';

const PALETTE: Record<ItemStatus, string> = {
  available: 'green',
  rented: 'blue',
  maintenance: 'orange',
  retired: 'gray',
  lost: 'red',
};

export function ItemStatusBadge({ status }: { status: ItemStatus }) {
  const { t } = useAppTranslation();
  return <Badge colorPalette={PALETTE[status]}>{t(`stock:status.${status}`)}</Badge>;
}
