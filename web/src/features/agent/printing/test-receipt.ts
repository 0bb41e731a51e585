import type { PrinterInfo } from '@nine/shared/agent-protocol';
import type { ReceiptDocumentInput } from '@nine/shared/receipt';
import { formatDateTime } from '../../../lib/format.ts';
import type { AppT } from '../../../lib/i18n.ts';
import type { AgentHello } from '../agent-machine.ts';

export interface TestReceiptInput {
  t: AppT;
  locale: string;
  currency: string;
  agent: AgentHello | null;
  printer: PrinterInfo | null;
  /** The browser's width, used when no agent printer is known. */
  paperWidthMm: number;
  now: Date;
}

/**
 * A short receipt that exercises what matters on paper: the header, accents and the euro sign in the
 * printer's code page, a line with a detail, an emphasised total, a CODE128 and a QR code, the cut.
 */
export function buildTestReceipt({
  t,
  locale,
  currency,
  agent,
  printer,
  paperWidthMm,
  now,
}: TestReceiptInput): ReceiptDocumentInput {
  const printed = formatDateTime(now, locale);
  return {
    locale,
    currency,
    header: {
      title: t('agent:test_receipt.title'),
      lines: [
        agent !== null
          ? t('agent:test_receipt.agent', { name: agent.name, version: agent.version })
          : t('agent:test_receipt.browser'),
      ],
    },
    meta: [
      {
        label: t('agent:test_receipt.printer'),
        value: printer?.name ?? t('agent:test_receipt.browser_printer'),
      },
      {
        label: t('agent:test_receipt.paper'),
        value: t('agent:test_receipt.paper_value', { width: printer?.paperWidthMm ?? paperWidthMm }),
      },
      { label: t('agent:test_receipt.printed'), value: printed },
    ],
    lines: [
      {
        description: t('agent:test_receipt.line'),
        quantity: 2,
        unitPrice: 150,
        amount: 300,
        detail: 'é è ê à ç ñ ¿ ¡ €',
      },
    ],
    totals: [{ label: t('agent:test_receipt.total'), amount: 300, emphasis: true }],
    codes: [
      { kind: 'code128', data: 'NINE-TEST-0001', caption: 'NINE-TEST-0001' },
      { kind: 'qr', data: 'NINE TEST PRINT' },
    ],
    footer: [t('agent:test_receipt.footer')],
  };
}
