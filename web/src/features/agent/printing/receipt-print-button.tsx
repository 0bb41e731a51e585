import { Button, HStack, Stack, Text, type ButtonProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { ReceiptDocumentInput } from '@nine/shared/receipt';
import { useAppTranslation, type AppT } from '../../../lib/i18n.ts';
import { PrintConfirmation } from './print-confirmation.tsx';
import { usePrint, type PrintState } from './use-print.ts';

/** The line under a print button: where the receipt is, in words. Empty while idle. */
export function printStatusText(t: AppT, state: PrintState): string {
  switch (state.phase) {
    case 'idle':
      return '';
    case 'sending':
      return t('agent:print.sending', { printer: state.printerName ?? '' });
    case 'queued':
      return state.reason !== null
        ? t('agent:print.waiting', { reason: state.reason })
        : t('agent:print.queued', { printer: state.printerName ?? '' });
    case 'printing':
      return t('agent:print.printing', { printer: state.printerName ?? '' });
    case 'done':
      return t('agent:print.done', { printer: state.printerName ?? '' });
    case 'needs-confirmation':
      // errorCode is set when the clerk's answer did not reach the agent.
      return state.errorCode === null
        ? t('agent:print.needs_confirmation')
        : `${t('agent:print.needs_confirmation')} ${t('agent:print.resolve_failed')}`;
    case 'browser':
      if (state.fallback) return t('agent:print.fallback');
      return state.drawerSkipped ? t('agent:print.browser_no_drawer') : t('agent:print.browser');
    case 'failed':
      switch (state.errorCode) {
        case 'invalid-receipt':
        case 'invalid-payload':
          return t('agent:print.failed_invalid', { reason: state.reason ?? '' });
        case 'timeout':
          return t('agent:print.failed_timeout');
        case 'closed':
        case 'not-connected':
          return t('agent:print.failed_connection');
        case 'printer-not-found':
          return t('agent:print.failed_printer');
        case 'unauthorized':
          return t('agent:print.failed_unauthorized');
        default:
          return t('agent:print.failed', { reason: state.reason ?? t('agent:print.unknown_reason') });
      }
  }
}

/** The status line's colour: red when it failed, amber when a person must check the printer. */
export function printStatusColor(state: PrintState): string {
  if (state.phase === 'failed') return 'fg.error';
  if (state.fallback) return 'fg.warning';
  return state.phase === 'needs-confirmation' ? 'fg.warning' : 'fg.muted';
}

export interface ReceiptPrintButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** The receipt, or a function building it when the button is pressed; null keeps the button disabled. */
  receipt: ReceiptDocumentInput | (() => ReceiptDocumentInput | null) | null;
  children: ReactNode;
  /** Kick the cash drawer with this receipt (cash payments). */
  openDrawer?: boolean;
  /** 'agent' asks for the counter printer whatever the device's print mode (the printer's test page). */
  via?: 'auto' | 'agent';
}

/**
 * A print button for any receipt: silent on the counter's printer through the paired agent, the browser's
 * print dialog otherwise; says where the receipt is under the button, offers the browser when the agent
 * failed, and asks the clerk to check the printer when the agent stopped mid-print.
 */
export function ReceiptPrintButton({
  receipt,
  children,
  openDrawer = false,
  via = 'auto',
  ...buttonProps
}: ReceiptPrintButtonProps) {
  const { t } = useAppTranslation();
  const { state, print, resolve } = usePrint();
  const busy = state.phase === 'sending';
  const status = printStatusText(t, state);

  const build = (): ReceiptDocumentInput | null => (typeof receipt === 'function' ? receipt() : receipt);
  const run = (route: 'auto' | 'agent' | 'browser') => {
    const document = build();
    if (document !== null) void print(document, { openDrawer, via: route });
  };

  return (
    <Stack gap="1" align="flex-start">
      <HStack gap="2" wrap="wrap">
        <Button
          variant="outline"
          {...buttonProps}
          disabled={buttonProps.disabled === true || receipt === null}
          loading={busy}
          onClick={() => run(via)}
        >
          {children}
        </Button>
        {state.phase === 'failed' && state.via === 'agent' && (
          <Button variant="ghost" size={buttonProps.size} onClick={() => run('browser')}>
            {t('agent:print.use_browser')}
          </Button>
        )}
        <PrintConfirmation
          state={state}
          size={buttonProps.size}
          onResolve={(answer) => void resolve(answer)}
        />
      </HStack>
      <Text role="status" aria-live="polite" fontSize="sm" color={printStatusColor(state)} minH="5">
        {status}
      </Text>
    </Stack>
  );
}
