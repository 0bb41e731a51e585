import { toSVG } from 'bwip-js/browser';

export type LabelCode = 'code128' | 'qr';

/** An SVG barcode for a label: CODE128 with the code printed under it, or a QR code. */
export function labelSvg(kind: LabelCode, data: string): string {
  return kind === 'qr'
    ? toSVG({ bcid: 'qrcode', text: data, scale: 3 })
    : toSVG({ bcid: 'code128', text: data, scale: 2, height: 12, includetext: true, textxalign: 'center' });
}
