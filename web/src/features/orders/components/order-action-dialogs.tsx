import { Button, List, Stack, Text } from '@chakra-ui/react';
import type { OrderWarning } from '@nine/shared/schemas/orders';
import { DialogFrame } from '../../../components/dialog-frame.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import type { UnsettledMoney } from '../view/order-action-machine.ts';

export interface WarningsDialogProps {
  open: boolean;
  sending: boolean;
  warnings: readonly OrderWarning[];
  /** Names of the items the action concerns that have no SKU (for the no_sku warning). */
  itemsWithoutSku: readonly string[];
  /** The amounts behind deposit_held and balance_due, when the server sent them (context.unsettled). */
  unsettled?: readonly UnsettledMoney[];
  /** Money as the order shows it; the amounts are said only with it. */
  format?(minor: number): string;
  onConfirm(): void;
  onDismiss(): void;
}

/** Warnings the server wants confirmed (1205), e.g. delivering items with no SKU; confirming resends. */
export function WarningsDialog({
  open,
  sending,
  warnings,
  itemsWithoutSku,
  unsettled = [],
  format,
  onConfirm,
  onDismiss,
}: WarningsDialogProps) {
  const { t } = useAppTranslation();
  const text = (warning: OrderWarning) => {
    if (warning === 'deposit_held' || warning === 'balance_due') {
      const amount = unsettled.find((u) => u.reason === warning)?.amount_minor;
      return amount !== undefined && format !== undefined
        ? t(`orders:warnings.${warning}_amount`, { amount: format(amount) })
        : t(`orders:warnings.${warning}`);
    }
    if (warning !== 'no_sku') return t(`orders:warnings.${warning}`);
    return itemsWithoutSku.length > 0
      ? t('orders:warnings.no_sku', { items: itemsWithoutSku.join(', ') })
      : t('orders:warnings.no_sku_unknown');
  };
  return (
    <DialogFrame
      open={open}
      role="alertdialog"
      onDismiss={onDismiss}
      title={t('orders:warnings.title')}
      footer={
        <>
          <Button variant="outline" onClick={onDismiss} disabled={sending}>
            {t('orders:warnings.back')}
          </Button>
          <Button colorPalette="orange" onClick={onConfirm} loading={sending}>
            {t('orders:warnings.confirm')}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text>{t('orders:warnings.intro')}</Text>
        <List.Root ps="5" data-testid="order-warnings">
          {warnings.map((warning) => (
            <List.Item key={warning}>{text(warning)}</List.Item>
          ))}
        </List.Root>
      </Stack>
    </DialogFrame>
  );
}

export interface CloseRefusedDialogProps {
  open: boolean;
  /** What keeps the order open (1254 data.reasons): a deposit still held, a balance still due. */
  reasons: readonly UnsettledMoney[];
  format(minor: number): string;
  /**
   * Goes where the money is settled (the deposit's return, the payment dialog); without it the dialog only
   * explains. The dialog is dismissed first.
   */
  onSettle?(reason: UnsettledMoney['reason']): void;
  onDismiss(): void;
}

/**
 * Closing refused while money is unsettled (1254, the activity settings say 'deny'): says what is left,
 * with its amount, and offers to go and settle it. Nothing was changed, so there is nothing to confirm.
 */
export function CloseRefusedDialog({ open, reasons, format, onSettle, onDismiss }: CloseRefusedDialogProps) {
  const { t } = useAppTranslation();
  return (
    <DialogFrame
      open={open}
      role="alertdialog"
      onDismiss={onDismiss}
      title={t('orders:close_refused.title')}
      data-testid="close-refused"
      footer={
        <Button variant="outline" onClick={onDismiss}>
          {t('orders:close_refused.back')}
        </Button>
      }
    >
      <Stack gap="3">
        <Text>{t('orders:close_refused.intro')}</Text>
        <List.Root ps="5" gap="3">
          {reasons.map((unsettled) => (
            <List.Item key={unsettled.reason}>
              <Stack gap="2" align="flex-start">
                <Text>
                  {t(`orders:close_refused.${unsettled.reason}`, {
                    amount: format(unsettled.amount_minor),
                  })}
                </Text>
                {onSettle !== undefined && (
                  <Button
                    size="sm"
                    colorPalette="blue"
                    onClick={() => {
                      onDismiss();
                      onSettle(unsettled.reason);
                    }}
                  >
                    {t(`orders:close_refused.settle.${unsettled.reason}`)}
                  </Button>
                )}
              </Stack>
            </List.Item>
          ))}
        </List.Root>
      </Stack>
    </DialogFrame>
  );
}
