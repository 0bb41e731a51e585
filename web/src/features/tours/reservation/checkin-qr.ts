/** Draws a check-in code as a QR code's SVG markup. */
export type QrRenderer = (code: string) => string;

let renderer: Promise<QrRenderer> | undefined;

/**
 * bwip-js is close to a megabyte of script, wanted only on the printed confirmation: fetched the first
 * time a code is drawn. A failed fetch is forgotten, so the next attempt tries again.
 */
export function loadQrRenderer(): Promise<QrRenderer> {
  renderer ??= import('bwip-js/browser').then(
    ({ toSVG }): QrRenderer =>
      (code) =>
        toSVG({ bcid: 'qrcode', text: code, scale: 2 }),
    (error: unknown) => {
      renderer = undefined;
      throw error;
    },
  );
  return renderer;
}
