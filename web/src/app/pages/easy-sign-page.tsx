import { Heading, Stack } from '@chakra-ui/react';
import { useLocation } from 'wouter';
import { EasySignForm } from '../../features/participant/easy-sign/easy-sign-form.tsx';
import { useLocalSettings } from '../../lib/local-settings.ts';
import { keepEasySignToken } from '../../features/participant/participant-token.ts';
import { useAppTranslation } from '../../lib/i18n.ts';
import { pathTo } from '../route-table.ts';
import { KioskIdleReset } from '../kiosk-idle-reset.tsx';
import { restoreKioskLanguage } from '../kiosk-language.ts';

/**
 * /easy-sign: a customer at the counter or a kiosk finds their booking, then signs on the participant page.
 * The token goes to this tab's sessionStorage, not the address, so the shared device's history keeps none.
 */
export function EasySignPage() {
  const { t } = useAppTranslation();
  const [, navigate] = useLocation();
  const kioskMode = useLocalSettings().kioskMode;
  return (
    <Stack gap="6">
      {kioskMode && (
        <KioskIdleReset
          onIdle={() => {
            restoreKioskLanguage();
            navigate(pathTo('kiosk'), { replace: true });
          }}
        />
      )}
      <Heading as="h1" size="2xl">
        {t('participant:easySign.title')}
      </Heading>
      <EasySignForm
        onFound={(token) => {
          keepEasySignToken(token);
          navigate(pathTo('participantSign'));
        }}
      />
    </Stack>
  );
}
