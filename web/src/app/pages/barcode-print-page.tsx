import { useState } from 'react';
import type { LabelItem } from '@nine/shared/schemas/stock';
import { useAgentActor } from '../../features/agent/agent-context.tsx';
import { agentPhase } from '../../features/agent/agent-machine.ts';
import { printStatusText } from '../../features/agent/printing/receipt-print-button.tsx';
import { usePrint } from '../../features/agent/printing/use-print.ts';
import { labelReceipt } from '../../features/stock/labels/label-receipt.ts';
import { LabelPrintScreen } from '../../features/stock/labels/label-print-screen.tsx';
import type { LabelCode } from '../../features/stock/labels/label-svg.ts';
import { currentLanguage, useAppTranslation } from '../../lib/i18n.ts';
import { useStockScreen } from './use-screen-context.ts';

/** inventory/barcode/print: A4 sheets through the browser, or one label per ticket through the agent. */
export function BarcodePrintPage() {
  const { t } = useAppTranslation();
  const screen = useStockScreen();
  const actor = useAgentActor();
  const { state, print } = usePrint();
  const [progress, setProgress] = useState<{ n: number; total: number; done: boolean } | null>(null);
  const [needsAgent, setNeedsAgent] = useState(false);

  const printOnReceipts = async (items: LabelItem[], kind: LabelCode) => {
    // Receipt labels only go through the agent: the browser fallback would open a dialog per label.
    if (agentPhase(actor.getSnapshot()) !== 'ready') {
      setNeedsAgent(true);
      return;
    }
    setNeedsAgent(false);
    for (const [i, item] of items.entries()) {
      setProgress({ n: i + 1, total: items.length, done: false });
      const result = await print(labelReceipt(item, kind, currentLanguage()), { via: 'agent' });
      if (result.phase === 'failed') return setProgress(null);
    }
    setProgress({ n: items.length, total: items.length, done: true });
  };

  const status = needsAgent
    ? t('stock:labels.receipt_needs_agent')
    : state.phase === 'failed'
      ? printStatusText(t, state)
      : progress === null
        ? ''
        : progress.done
          ? t('stock:labels.receipt_done', { count: progress.total, printer: state.printerName ?? '' })
          : t('stock:labels.receipt_progress', { n: progress.n, total: progress.total });

  return (
    <LabelPrintScreen
      title={t('stock:titles.barcode_print')}
      locationId={screen.locationId}
      onReceiptPrint={(items, kind) => void printOnReceipts(items, kind)}
      receiptStatus={status}
      receiptBusy={progress !== null && !progress.done && state.phase !== 'failed'}
    />
  );
}
