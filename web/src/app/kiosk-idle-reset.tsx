import { Button, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { DialogFrame } from '../components/dialog-frame.tsx';
import { KIOSK_IDLE_SECONDS } from '../features/kiosk/kiosk-rental.ts';
import { recordActivity } from '../features/session/inactivity.ts';
import { useAppTranslation } from '../lib/i18n.ts';
import { useIdleReset } from './kiosk-idle.ts';

/** How long "Still there?" counts down before the page starts over; part of the kiosk's idle time. */
export const STILL_THERE_SECONDS = 20;

function IdleWatch({ seconds, onIdle }: { seconds: number; onIdle(): void }): null {
  useEffect(() => {
    // Watching again (the page opened, a pause or the warning ended) is the customer's doing: count from now.
    recordActivity(Date.now());
  }, []);
  useIdleReset(seconds, onIdle);
  return null;
}

function StillThere({ onStay, onTimeout }: { onStay(): void; onTimeout(): void }) {
  const { t } = useAppTranslation();
  const [left, setLeft] = useState(STILL_THERE_SECONDS);
  const timeout = useRef(onTimeout);
  timeout.current = onTimeout;
  useEffect(() => {
    const timer = setInterval(() => setLeft((n) => n - 1), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left <= 0) timeout.current();
  }, [left]);
  return (
    <DialogFrame
      open
      role="alertdialog"
      persistent
      onDismiss={onStay}
      title={t('participant:sign.still_there_title')}
      footer={
        <Button size="lg" onClick={onStay}>
          {t('participant:sign.still_there_stay')}
        </Button>
      }
    >
      <Text aria-live="polite">{t('participant:sign.still_there_body', { count: Math.max(left, 0) })}</Text>
    </DialogFrame>
  );
}

/**
 * A public page shown on a kiosk starts over when left alone: first "Still there?" with a countdown (a long
 * waiver takes a while to read), then `onIdle`. `paused` holds the watch while the customer is busy where the
 * page sees no activity (typing card details in the payment provider's frame). Mounted only on a kiosk: the
 * idle watch shares the session's activity record, which other devices should not have touched by it.
 */
export function KioskIdleReset({ onIdle, paused = false }: { onIdle(): void; paused?: boolean }) {
  const [warning, setWarning] = useState(false);
  useEffect(() => {
    if (paused) setWarning(false);
  }, [paused]);
  if (paused) return null;
  return warning ? (
    <StillThere
      onStay={() => setWarning(false)}
      onTimeout={() => {
        setWarning(false);
        onIdle();
      }}
    />
  ) : (
    <IdleWatch seconds={KIOSK_IDLE_SECONDS - STILL_THERE_SECONDS} onIdle={() => setWarning(true)} />
  );
}
