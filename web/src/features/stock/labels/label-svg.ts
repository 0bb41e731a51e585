export type LabelCode = 'code128' | 'qr';

/** Draws one label's barcode as SVG markup. */
export type LabelRenderer = (kind: LabelCode, data: string) => string;

let renderer: Promise<LabelRenderer> | undefined;

/**
 * bwip-js is close to a megabyte of script, wanted only here: it is fetched the first time a label is
 * drawn rather than with the app. A failed fetch is forgotten, so the next attempt tries again.
 */
export function loadLabelRenderer(): Promise<LabelRenderer> {
  renderer ??= import('bwip-js/browser').then(
    ({ toSVG }): LabelRenderer =>
      (kind, data) =>
        kind === 'qr'
          ? toSVG({ bcid: 'qrcode', text: data, scale: 3 })
          : toSVG({
              bcid: 'code128',
              text: data,
              scale: 2,
              height: 12,
              includetext: true,
              textxalign: 'center',
            }),
    (error: unknown) => {
      renderer = undefined;
      throw error;
    },
  );
  return renderer;
}
