import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { TourShareLink, TourShareLinkState } from '@nine/shared/schemas/tours/reservations';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useCreateShareLink } from '../api/reservation/create-share-link.ts';
import { useRevokeShareLink } from '../api/reservation/revoke-share-link.ts';

export interface ShareLinkSectionProps {
  orderId: number;
  /** The link's state from the reservation (null: never made). */
  link: TourShareLinkState | null;
  canChange: boolean;
  /** Now, for "expired" (tests pass a fixed one). */
  now?: () => Date;
  /** The clipboard; navigator.clipboard, else the older copy command, by default. */
  writeClipboard?: (text: string) => Promise<void>;
}

/**
 * Copies through the Clipboard API where the page may (https, localhost); a counter on plain http has
 * none, so a hidden textarea is selected and copied with the older command. Rejects when neither works.
 */
export async function copyText(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard !== undefined && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  try {
    area.select();
    // Deprecated but the one way without a secure context; false or a throw means nothing was copied.
    if (!document.execCommand('copy')) throw new Error('copy refused');
  } finally {
    area.remove();
    focused?.focus();
  }
}

type Confirming = 'rotate' | 'revoke' | null;

/**
 * The participants' link: its address to copy, when it stops working, and rotate (a new address, the old
 * one stops) or revoke. When the server keeps only the link's hash it cannot show the address again, so a
 * new link is shown once, here, with a note to copy it now.
 */
export function ShareLinkSection({
  orderId,
  link,
  canChange,
  now = () => new Date(),
  writeClipboard = copyText,
}: ShareLinkSectionProps) {
  const { t } = useAppTranslation();
  const inputId = useId();
  const create = useCreateShareLink();
  const revoke = useRevokeShareLink();
  // The address of a link made here; the only copy when the server cannot show it again.
  const [fresh, setFresh] = useState<TourShareLink | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  const live = link !== null && !link.revoked && new Date(link.expires_at) > now();
  const url = live ? (link.url ?? fresh?.url ?? null) : null;
  const shownOnce = live && link.url === null && url !== null;

  const make = () =>
    create.mutate(orderId, {
      onSuccess: (made) => {
        setFresh(made);
        setCopied(null);
        setConfirming(null);
      },
    });
  const copy = async () => {
    if (url === null) return;
    try {
      await writeClipboard(url);
      setCopied('yes');
    } catch {
      setCopied('failed');
      // Copied by hand then: the link is selected, ready for Ctrl+C.
      const field = document.getElementById(inputId);
      if (field instanceof HTMLInputElement) {
        field.focus();
        field.select();
      }
    }
  };

  return (
    <Stack gap="3">
      {link === null || link.revoked || !live ? (
        <Text color="fg.muted">
          {link === null
            ? t('tours:reservation.share.none')
            : link.revoked
              ? t('tours:reservation.share.revoked')
              : t('tours:reservation.share.expired', { when: formatDateTime(link.expires_at) })}
        </Text>
      ) : (
        <>
          {url !== null ? (
            <Stack gap="1">
              <label htmlFor={inputId}>
                <Text as="span" fontSize="sm" fontWeight="medium">
                  {t('tours:reservation.share.url')}
                </Text>
              </label>
              <HStack gap="2">
                <Input id={inputId} value={url} readOnly onFocus={(event) => event.currentTarget.select()} />
                <Button size="sm" onClick={() => void copy()}>
                  {t('tours:reservation.share.copy')}
                </Button>
              </HStack>
            </Stack>
          ) : (
            <Text>{t('tours:reservation.share.hidden')}</Text>
          )}
          {shownOnce && (
            <MessageAlert status="warning">{t('tours:reservation.share.shown_once')}</MessageAlert>
          )}
          <Text fontSize="sm" color="fg.muted">
            {t('tours:reservation.share.expires', { when: formatDateTime(link.expires_at) })}
          </Text>
        </>
      )}
      <Text role="status" fontSize="sm" color={copied === 'failed' ? 'fg.error' : 'fg.success'}>
        {copied === 'yes'
          ? t('tours:reservation.share.copied')
          : copied === 'failed'
            ? t('tours:reservation.share.copy_failed')
            : ''}
      </Text>
      {canChange && (
        <HStack gap="2" wrap="wrap">
          {live ? (
            <>
              <Button size="sm" variant="outline" onClick={() => setConfirming('rotate')}>
                {t('tours:reservation.share.rotate')}
              </Button>
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming('revoke')}>
                {t('tours:reservation.share.revoke')}
              </Button>
            </>
          ) : (
            <Button size="sm" onClick={make} loading={create.isPending}>
              {t('tours:reservation.share.create')}
            </Button>
          )}
        </HStack>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={
          confirming === 'revoke'
            ? t('tours:reservation.share.revoke_title')
            : t('tours:reservation.share.rotate_title')
        }
        message={
          confirming === 'revoke'
            ? t('tours:reservation.share.revoke_message')
            : t('tours:reservation.share.rotate_message')
        }
        confirmLabel={
          confirming === 'revoke' ? t('tours:reservation.share.revoke') : t('tours:reservation.share.rotate')
        }
        danger={confirming === 'revoke'}
        pending={create.isPending || revoke.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming === 'rotate') make();
          else
            revoke.mutate(orderId, {
              onSuccess: () => {
                setFresh(null);
                setCopied(null);
                setConfirming(null);
              },
            });
        }}
      />
    </Stack>
  );
}
