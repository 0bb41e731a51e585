import { Button } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import {
  forgetEasySignToken,
  keepLinkToken,
  readParticipantToken,
  withoutToken,
} from '../../features/participant/participant-token.ts';
import { PublicFailure } from '../../features/participant/public-failure.tsx';
import { OnlinePayment } from '../../features/participant/payment/online-payment.tsx';
import { ParticipantSignScreen } from '../../features/participant/sign/participant-sign-screen.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useAppTranslation } from '../../lib/i18n.ts';
import { useLocalSettings } from '../../lib/local-settings.ts';
import { KioskIdleReset } from '../kiosk-idle-reset.tsx';
import { restoreKioskLanguage } from '../kiosk-language.ts';
import { pathTo } from '../route-table.ts';

// No token at all reads like a dead link.
const NO_TOKEN = new ApiError({ kind: 'http', status: 404, message: '' });

/** Tells the page while the payment block is on screen (typing in the provider's frame is no activity here). */
function Shown({ onShown, children }: { onShown(shown: boolean): void; children: ReactNode }) {
  useEffect(() => {
    onShown(true);
    return () => onShown(false);
  }, [onShown]);
  return children;
}

/**
 * /participant/signe: the share link's page (`?token=`, moved to this tab's sessionStorage on arrival and
 * taken out of the address), or the one easy-sign opened, then the online payment of what is due. After
 * easy-sign, "Done" forgets the token and starts over for the next customer; a kiosk left alone does the same.
 */
export function ParticipantSignPage() {
  const { t } = useAppTranslation();
  const search = useSearch();
  const [, navigate] = useLocation();
  const [found] = useState(() => readParticipantToken(search));
  const kioskMode = useLocalSettings().kioskMode;
  const viaEasySign = found?.source === 'easy-sign';
  const queryClient = useQueryClient();
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    const rest = withoutToken(search);
    if (rest === null || found === null) return;
    keepLinkToken(found.token);
    navigate(`${pathTo('participantSign')}${rest}`, { replace: true });
  }, [found, navigate, search]);

  const done = useCallback(() => {
    forgetEasySignToken();
    // Nothing of this booking stays in memory for the next customer at a shared device.
    queryClient.removeQueries({ queryKey: ['participant'] });
    restoreKioskLanguage();
    navigate(pathTo('easySign'), { replace: true });
  }, [navigate, queryClient]);

  if (found === null)
    return (
      <PublicFailure error={NO_TOKEN}>
        <Button asChild variant="outline" alignSelf="flex-start">
          <Link href={pathTo('easySign')}>{t('participant:easySign.title')}</Link>
        </Button>
      </PublicFailure>
    );
  return (
    <>
      {kioskMode && viaEasySign && <KioskIdleReset onIdle={done} paused={paying} />}
      <ParticipantSignScreen
        token={found.token}
        onDone={viaEasySign ? done : undefined}
        renderPayment={(refresh) => (
          <Shown onShown={setPaying}>
            <OnlinePayment token={found.token} onPaid={refresh} />
          </Shown>
        )}
      />
    </>
  );
}
