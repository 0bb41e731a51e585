import { Alert, Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useUiState, useUiStore } from '../../../lib/ui-store.ts';
import { useLocationStep, useSession, useSessionActor, useSessionSelector } from '../session-context.tsx';

/**
 * The location modal: required right after signing in with several locations (it cannot be dismissed
 * then), and opened from the menu's location selector to switch later.
 */
export function LocationModal() {
  const { t } = useAppTranslation();
  const actor = useSessionActor();
  const ui = useUiStore();
  const session = useSession();
  const step = useLocationStep();
  const error = useSessionSelector((s) => s.context.locationError);
  const requested = useUiState((s) => s.showLocationModal);

  const required = step === 'choosing' || (step === 'selecting' && session?.locationChosen !== true);
  const open = session !== null && (step !== 'none' || requested);
  const busy = step === 'selecting';
  const locations = session?.login.locations ?? [];

  const close = () => {
    if (!required && !busy) ui.setLocationModal(false);
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) close();
      }}
      closeOnEscape={!required}
      closeOnInteractOutside={!required}
      placement="center"
      role={required ? 'alertdialog' : 'dialog'}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('auth:location.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text color="fg.muted">{t('auth:location.intro')}</Text>
                {error !== null && (
                  <Alert.Root status="error" role="alert">
                    <Alert.Indicator />
                    <Alert.Description>{error.message}</Alert.Description>
                  </Alert.Root>
                )}
                <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label={t('auth:location.list')}>
                  {locations.map((location) => {
                    const current = session?.locationChosen === true && location.id === session.locationId;
                    return (
                      <li key={location.id}>
                        <Button
                          width="full"
                          justifyContent="space-between"
                          variant={current ? 'solid' : 'outline'}
                          colorPalette={current ? 'blue' : 'gray'}
                          disabled={busy}
                          aria-current={current ? 'true' : undefined}
                          onClick={() => {
                            if (current) {
                              close();
                              return;
                            }
                            actor.send({ type: 'SELECT_LOCATION', locationId: location.id });
                            // The modal stays up while the switch runs, then closes by itself.
                            ui.setLocationModal(false);
                          }}
                        >
                          {location.name}
                          {current && (
                            <Text as="span" fontSize="sm">
                              {t('auth:location.current')}
                            </Text>
                          )}
                        </Button>
                      </li>
                    );
                  })}
                </Stack>
                {busy && (
                  <Text role="status" color="fg.muted" fontSize="sm">
                    {t('auth:location.switching')}
                  </Text>
                )}
              </Stack>
            </Dialog.Body>
            {!required && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('common:close')} disabled={busy} />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
