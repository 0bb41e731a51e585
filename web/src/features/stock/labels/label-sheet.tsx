import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import type { LabelItem } from '@nine/shared/schemas/stock';
import { loadLabelRenderer, type LabelCode, type LabelRenderer } from './label-svg.ts';

export const LABEL_SHEET_ID = 'nine-label-sheet';

/**
 * A4 sheets of 3 x 8 labels (70 x 37 mm, the common address-label stock). Screen: a preview; paper: the
 * sheet alone, everything else hidden by the print stylesheet.
 */
export const labelStyles = `
.nine-labels { display: grid; grid-template-columns: repeat(3, 70mm); grid-auto-rows: 37mm; gap: 0; }
.nine-label { box-sizing: border-box; padding: 2mm 3mm; overflow: hidden; display: flex; flex-direction: column;
  align-items: center; justify-content: center; font: 9pt/1.2 sans-serif; color: #000; background: #fff; }
.nine-label svg { max-width: 64mm; max-height: 24mm; }
.nine-label-name { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 64mm; }`;

const printStyles = `
@media screen { #${LABEL_SHEET_ID} { display: none !important; } }
@media print {
  @page { size: A4; margin: 15mm 0 0 0; }
  body > :not(#${LABEL_SHEET_ID}) { display: none !important; }
  #${LABEL_SHEET_ID} { display: block !important; }
  .nine-labels { grid-template-rows: repeat(8, 37mm); page-break-after: always; }
}`;

/** The labels' SVG markup once the barcode library has arrived; null until then. */
function useLabelSvgs(items: LabelItem[], kind: LabelCode): string[] | null {
  const [render, setRender] = useState<{ draw: LabelRenderer } | { failed: unknown } | null>(null);
  useEffect(() => {
    let live = true;
    loadLabelRenderer().then(
      (draw) => {
        if (live) setRender({ draw });
      },
      (failed: unknown) => {
        if (live) setRender({ failed });
      },
    );
    return () => {
      live = false;
    };
  }, []);
  const draw = render !== null && 'draw' in render ? render.draw : null;
  const svgs = useMemo(
    () => (draw ? items.map((item) => draw(kind, item.barcode)) : null),
    [draw, items, kind],
  );
  // Thrown while rendering, so the page's error boundary says it and offers to try again.
  if (render !== null && 'failed' in render) throw render.failed;
  return svgs;
}

function LabelCells({ items, kind, svgs }: { items: LabelItem[]; kind: LabelCode; svgs: string[] | null }) {
  return (
    <div className="nine-labels" aria-busy={svgs === null}>
      {items.map((item, index) => (
        <div key={item.item_id} className="nine-label" data-testid="label">
          <div className="nine-label-name">{item.product_name}</div>
          {/* bwip-js builds the SVG from the code alone: no user markup reaches it. */}
          <div dangerouslySetInnerHTML={{ __html: svgs?.[index] ?? '' }} />
          {kind === 'qr' && <div>{item.sku}</div>}
        </div>
      ))}
    </div>
  );
}

export function LabelGrid({ items, kind }: { items: LabelItem[]; kind: LabelCode }) {
  return <LabelCells items={items} kind={kind} svgs={useLabelSvgs(items, kind)} />;
}

/** Renders the sheet into <body> and opens the print dialog; `onDone` once the dialog closed. */
export function LabelSheetPrint({
  items,
  kind,
  onDone,
}: {
  items: LabelItem[];
  kind: LabelCode;
  onDone(): void;
}) {
  const svgs = useLabelSvgs(items, kind);
  const ready = svgs !== null;
  useEffect(() => {
    // The print dialog waits for the barcodes: a sheet of names alone is no use.
    if (!ready) return;
    const finish = () => onDone();
    window.addEventListener('afterprint', finish);
    const frame = requestAnimationFrame(() => {
      window.print();
    });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('afterprint', finish);
    };
  }, [onDone, ready]);
  return createPortal(
    <div id={LABEL_SHEET_ID}>
      <style>{labelStyles + printStyles}</style>
      <LabelCells items={items} kind={kind} svgs={svgs} />
    </div>,
    document.body,
  );
}
