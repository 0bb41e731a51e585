import { QrCode } from '@chakra-ui/react';
import {
  formatReceiptMoney,
  formatReceiptNumber,
  type ReceiptCode,
  type ReceiptDocument,
  type ReceiptLogo,
} from '@nine/shared/receipt';
import type { PaperWidth } from '../agent-settings.ts';
import { code128Bars } from './code128.ts';

/**
 * The browser's rendering of the receipt document model (shared/receipt.ts), laid out like the agent's
 * ESC/POS rendering: logo, centred header, meta pairs, lines, totals, taxes, payments, codes, footer. Plain
 * elements styled by `receiptStylesheet`, black on white whatever the app's theme, so paper looks the same
 * in light and dark mode.
 */

/** Printable width of the head: 48 mm on 58 mm paper (the "55 mm" receipts), 72 mm on 80 mm paper. */
export const PRINTABLE_WIDTH_MM: Record<PaperWidth, number> = { 58: 48, 80: 72 };

export function receiptStylesheet(widthMm: PaperWidth): string {
  const printable = PRINTABLE_WIDTH_MM[widthMm];
  const margin = (widthMm - printable) / 2;
  return `
.nine-receipt {
  box-sizing: border-box; width: ${widthMm}mm; padding: 3mm ${margin}mm; margin: 0 auto;
  background: #fff; color: #000; font-family: ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace;
  font-size: 2.5mm; line-height: 1.35; text-align: start;
}
.nine-receipt * { box-sizing: border-box; }
.nine-receipt p, .nine-receipt h1, .nine-receipt dl, .nine-receipt dd { margin: 0; }
.nine-receipt__logo { display: block; margin: 0 auto 2mm; max-width: 100%; height: auto; }
.nine-receipt__title { font-size: 5mm; font-weight: 700; text-align: center; line-height: 1.2; overflow-wrap: anywhere; }
.nine-receipt__center { text-align: center; overflow-wrap: anywhere; }
.nine-receipt__block { margin-top: 2mm; }
.nine-receipt__row { display: flex; justify-content: space-between; align-items: baseline; gap: 2mm; }
.nine-receipt__row > :first-child { overflow-wrap: anywhere; }
.nine-receipt__row > :last-child { white-space: nowrap; text-align: end; }
.nine-receipt__detail { padding-inline-start: 2ch; font-size: 2.2mm; overflow-wrap: anywhere; }
.nine-receipt__qty { padding-inline-start: 2ch; }
.nine-receipt__strong { font-weight: 700; font-size: 3mm; }
.nine-receipt__rule { border: 0; border-top: 0.3mm dashed #000; margin: 2mm 0; }
.nine-receipt__code { display: flex; flex-direction: column; align-items: center; gap: 1mm; margin-top: 3mm; }
.nine-receipt__code svg { display: block; }
.nine-receipt__barcode { width: 100%; height: 12mm; }
`;
}

function base64Bytes(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A 1-bit bitmap logo as an SVG path of horizontal runs (one `h` per run of black pixels). */
export function bitmapPath(width: number, height: number, data: string): string {
  const bytes = base64Bytes(data);
  const stride = Math.ceil(width / 8);
  const parts: string[] = [];
  for (let y = 0; y < height; y++) {
    let x = 0;
    while (x < width) {
      const black = ((bytes[y * stride + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1;
      if (!black) {
        x++;
        continue;
      }
      const start = x;
      while (x < width && ((bytes[y * stride + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1) x++;
      parts.push(`M${start} ${y}h${x - start}v1h${start - x}z`);
    }
  }
  return parts.join('');
}

function Logo({ logo }: { logo: ReceiptLogo }) {
  const style = logo.widthRatio !== undefined ? { width: `${logo.widthRatio * 100}%` } : undefined;
  if (logo.kind === 'png') {
    return <img className="nine-receipt__logo" src={logo.dataUrl} alt={logo.alt ?? ''} style={style} />;
  }
  return (
    <svg
      className="nine-receipt__logo"
      viewBox={`0 0 ${logo.width} ${logo.height}`}
      width={logo.width}
      style={style}
      role={logo.alt !== undefined ? 'img' : undefined}
      aria-label={logo.alt}
      aria-hidden={logo.alt === undefined ? true : undefined}
      shapeRendering="crispEdges"
    >
      <path d={bitmapPath(logo.width, logo.height, logo.data)} fill="#000" />
    </svg>
  );
}

function Barcode({ data }: { data: string }) {
  const encoded = code128Bars(data);
  if (encoded === null) return null;
  return (
    <svg
      className="nine-receipt__barcode"
      viewBox={`0 0 ${encoded.modules} 40`}
      preserveAspectRatio="none"
      shapeRendering="crispEdges"
      role="img"
      aria-label={data}
    >
      {encoded.bars.map(([x, width]) => (
        <rect key={x} x={x} y={0} width={width} height={40} fill="#000" />
      ))}
    </svg>
  );
}

function Code({ code }: { code: ReceiptCode }) {
  return (
    <div className="nine-receipt__code">
      {code.kind === 'qr' ? (
        <QrCode.Root
          value={code.data}
          color="black"
          bg="white"
          css={{ '--qr-code-size': '24mm' }}
          aria-label={code.data}
        >
          <QrCode.Frame>
            <QrCode.Pattern />
          </QrCode.Frame>
        </QrCode.Root>
      ) : (
        <Barcode data={code.data} />
      )}
      {code.caption !== undefined && code.caption.length > 0 && (
        <p className="nine-receipt__center">{code.caption}</p>
      )}
    </div>
  );
}

function Row({ left, right, strong = false }: { left: string; right: string; strong?: boolean }) {
  return (
    <div className={strong ? 'nine-receipt__row nine-receipt__strong' : 'nine-receipt__row'}>
      <span>{left}</span>
      <span>{right}</span>
    </div>
  );
}

export interface ReceiptSheetProps {
  receipt: ReceiptDocument;
  widthMm: PaperWidth;
}

/** One receipt as HTML; its stylesheet is `receiptStylesheet(widthMm)`. */
export function ReceiptSheet({ receipt, widthMm }: ReceiptSheetProps) {
  const money = (amount: number) => formatReceiptMoney(amount, receipt.currency, receipt.locale);
  const number = (value: number) => formatReceiptNumber(value, receipt.locale);
  const rule = <hr className="nine-receipt__rule" />;

  return (
    <article className="nine-receipt" data-width={widthMm} lang={receipt.locale}>
      {receipt.logo !== undefined && <Logo logo={receipt.logo} />}
      <header>
        <h1 className="nine-receipt__title">{receipt.header.title}</h1>
        {receipt.header.lines.map((line, index) => (
          <p key={index} className="nine-receipt__center">
            {line}
          </p>
        ))}
      </header>

      {receipt.meta.length > 0 && (
        <>
          <dl className="nine-receipt__block">
            {receipt.meta.map((entry, index) => (
              <div key={index} className="nine-receipt__row">
                <dt>{entry.label}:</dt>
                <dd>{entry.value}</dd>
              </div>
            ))}
          </dl>
          {rule}
        </>
      )}

      {receipt.lines.length > 0 && (
        <>
          <div className={receipt.meta.length > 0 ? undefined : 'nine-receipt__block'}>
            {receipt.lines.map((line, index) => (
              <div key={index}>
                <p>{line.description}</p>
                <div className="nine-receipt__row nine-receipt__qty">
                  <span>
                    {number(line.quantity)} x {money(line.unitPrice)}
                  </span>
                  <span>{money(line.amount)}</span>
                </div>
                {line.detail !== undefined && line.detail.length > 0 && (
                  <p className="nine-receipt__detail">{line.detail}</p>
                )}
              </div>
            ))}
          </div>
          {rule}
        </>
      )}

      {receipt.totals.map((total, index) => (
        <Row key={index} left={total.label} right={money(total.amount)} strong={total.emphasis} />
      ))}
      {receipt.taxes.map((tax, index) => (
        <Row
          key={index}
          left={`${tax.label} ${number(tax.rate)}% / ${money(tax.base)}`}
          right={money(tax.amount)}
        />
      ))}

      {receipt.payments.length > 0 && (
        <>
          {rule}
          {receipt.payments.map((payment, index) => (
            <div key={index}>
              <Row left={payment.method} right={money(payment.amount)} />
              {payment.detail !== undefined && payment.detail.length > 0 && (
                <p className="nine-receipt__detail">{payment.detail}</p>
              )}
            </div>
          ))}
        </>
      )}

      {receipt.codes.map((code, index) => (
        <Code key={index} code={code} />
      ))}

      {receipt.footer.length > 0 && (
        <footer className="nine-receipt__block">
          {receipt.footer.map((line, index) => (
            <p key={index} className="nine-receipt__center">
              {line}
            </p>
          ))}
        </footer>
      )}
    </article>
  );
}
