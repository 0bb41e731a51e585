import { Alert, Button, Dialog, Field, Input, List, Portal, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { OrderWarning } from '@nine/shared/schemas/orders';
import { useAppTranslation } from '../../../lib/i18n.ts';

export interface AccessKeyDialogProps {
  open: boolean;
  /** The key was sent and the answer is awaited. */
  sending: boolean;
  hasPayment: boolean;
  /** The server's message after a wrong or missing key. */
  error: string | null;
  onSubmit(accessKey: string): void;
  onDismiss(): void;
}

/** Cancelling needs an access key (spec section 5); with a payment it asks 'has payment, are you sure to proceed?'. */
export function AccessKeyDialog({
  open,
  sending,
  hasPayment,
  error,
  onSubmit,
  onDismiss,
}: AccessKeyDialogProps) {
  const { t } = useAppTranslation();
  const [key, setKey] = useState('');
  const [shownError, setShownError] = useState(error);
  const formId = useId();
  // A refused key is cleared so the next one is typed afresh.
  if (shownError !== error) {
    setShownError(error);
    if (error !== null) setKey('');
  }
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      onOpenChange={(details) => {
        if (!details.open) onDismiss();
      }}
      onExitComplete={() => setKey('')}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('orders:access_key.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form
                id={formId}
                onSubmit={(event) => {
                  event.preventDefault();
                  if (key.trim() !== '' && !sending) onSubmit(key);
                }}
              >
                <Stack gap="4">
                  {hasPayment ? (
                    <Alert.Root status="warning">
                      <Alert.Indicator />
                      <Alert.Content>
                        <Alert.Title>{t('orders:access_key.has_payment')}</Alert.Title>
                        <Alert.Description>{t('orders:access_key.refund_next')}</Alert.Description>
                      </Alert.Content>
                    </Alert.Root>
                  ) : (
                    <Text>{t('orders:access_key.intro')}</Text>
                  )}
                  {error !== null && (
                    <Alert.Root status="error" role="alert">
                      <Alert.Indicator />
                      <Alert.Description>{error}</Alert.Description>
                    </Alert.Root>
                  )}
                  <Field.Root required invalid={error !== null}>
                    <Field.Label>{t('orders:access_key.label')}</Field.Label>
                    <Input
                      type="password"
                      autoComplete="off"
                      autoFocus
                      maxLength={64}
                      value={key}
                      onChange={(event) => setKey(event.currentTarget.value)}
                    />
                  </Field.Root>
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onDismiss} disabled={sending}>
                {t('orders:access_key.back')}
              </Button>
              <Button
                type="submit"
                form={formId}
                colorPalette="red"
                disabled={key.trim() === ''}
                loading={sending}
              >
                {t('orders:access_key.submit')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

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
