import { Button, Dialog, List, Portal, Stack, Text } from '@chakra-ui/react';
import type { OrderWarning } from '@nine/shared/schemas/orders';
import { useAppTranslation } from '../../../lib/i18n.ts';

export interface WarningsDialogProps {
  open: boolean;
  sending: boolean;
  warnings: readonly OrderWarning[];
  /** Names of the items the action concerns that have no SKU (for the no_sku warning). */
  itemsWithoutSku: readonly string[];
  onConfirm(): void;
  onDismiss(): void;
}

/** Warnings the server wants confirmed (1205), e.g. delivering items with no SKU; confirming resends. */
export function WarningsDialog({
  open,
  sending,
  warnings,
  itemsWithoutSku,
  onConfirm,
  onDismiss,
}: WarningsDialogProps) {
  const { t } = useAppTranslation();
  const text = (warning: OrderWarning) => {
    if (warning !== 'no_sku') return t(`orders:warnings.${warning}`);
    return itemsWithoutSku.length > 0
      ? t('orders:warnings.no_sku', { items: itemsWithoutSku.join(', ') })
      : t('orders:warnings.no_sku_unknown');
  };
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      onOpenChange={(details) => {
        if (!details.open) onDismiss();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('orders:warnings.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>{t('orders:warnings.intro')}</Text>
                <List.Root ps="5">
                  {warnings.map((warning) => (
                    <List.Item key={warning}>{text(warning)}</List.Item>
                  ))}
                </List.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onDismiss} disabled={sending}>
                {t('orders:warnings.back')}
              </Button>
              <Button colorPalette="orange" onClick={onConfirm} loading={sending}>
                {t('orders:warnings.confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
