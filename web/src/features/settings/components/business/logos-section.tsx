import { Alert, Box, Button, chakra, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import {
  LOGO_MAX_BYTES,
  LOGO_SIZE_PX,
  logoKinds,
  type LogoKind,
} from '@nine/shared/schemas/business-settings';
import type { BusinessInfo } from '@nine/shared/schemas/settings';
import { SectionCard } from '../../../../components/section-card.tsx';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { saveFailureText } from '../../../../lib/save-failure.ts';
import { useDeleteBusinessLogo } from '../../api/delete-business-logo.ts';
import { useUploadBusinessLogo } from '../../api/upload-business-logo.ts';

const LOGO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** Business settings, logos: the site's and the invoices'; the server shrinks each to fit 50 x 50 px. */
export function LogosSection({ info, canChange }: { info: BusinessInfo; canChange: boolean }) {
  const { t } = useAppTranslation();
  const upload = useUploadBusinessLogo();
  const remove = useDeleteBusinessLogo();
  const [rule, setRule] = useState<string | null>(null);
  const urls: Record<LogoKind, string | null> = { site: info.site_logo, invoice: info.invoice_logo };

  const onFile = (kind: LogoKind, file: File | undefined) => {
    setRule(null);
    remove.reset();
    if (!file) return;
    if (!LOGO_TYPES.includes(file.type) || file.size > LOGO_MAX_BYTES) {
      setRule(t('settings:business.logos.rules'));
      return;
    }
    upload.mutate({ kind, file });
  };

  const failure = rule ?? saveFailureText(upload.error ?? remove.error, t('settings:business.conflict'));
  return (
    <SectionCard title={t('settings:business.logos.title')}>
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          {t('settings:business.logos.recommended', { size: LOGO_SIZE_PX })}
        </Text>
        {logoKinds.map((kind) => {
          const name = t(`settings:business.logos.${kind}`);
          return (
            <HStack key={kind} gap="4" wrap="wrap" data-testid={`logo-${kind}`}>
              <Box
                width={`${LOGO_SIZE_PX}px`}
                height={`${LOGO_SIZE_PX}px`}
                bg="bg.muted"
                rounded="md"
                overflow="hidden"
                flexShrink={0}
                display="flex"
                alignItems="center"
                justifyContent="center"
              >
                {urls[kind] && (
                  <Image src={urls[kind]} alt={t('settings:business.logos.alt', { name })} fit="contain" />
                )}
              </Box>
              <Stack gap="0" minW="40" flex="1">
                <Text fontWeight="medium">{name}</Text>
                {!urls[kind] && (
                  <Text fontSize="sm" color="fg.muted">
                    {t('settings:business.logos.none')}
                  </Text>
                )}
              </Stack>
              {canChange && (
                <HStack gap="2">
                  <Button size="xs" variant="outline" asChild>
                    <chakra.label
                      cursor="pointer"
                      aria-busy={upload.isPending}
                      // The file input inside is visually hidden: its focus shows on the button.
                      _focusWithin={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
                    >
                      {t(urls[kind] ? 'settings:business.logos.replace' : 'settings:business.logos.upload', {
                        name,
                      })}
                      <chakra.input
                        type="file"
                        accept={LOGO_TYPES.join(',')}
                        srOnly
                        onChange={(event) => {
                          onFile(kind, event.currentTarget.files?.[0]);
                          event.currentTarget.value = '';
                        }}
                      />
                    </chakra.label>
                  </Button>
                  {urls[kind] && (
                    <Button
                      size="xs"
                      variant="ghost"
                      loading={remove.isPending && remove.variables === kind}
                      onClick={() => {
                        upload.reset();
                        setRule(null);
                        remove.mutate(kind);
                      }}
                    >
                      {t('settings:business.logos.remove', { name })}
                    </Button>
                  )}
                </HStack>
              )}
            </HStack>
          );
        })}
        {failure !== null && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        )}
      </Stack>
    </SectionCard>
  );
}
