/**
 * happy-dom draws nothing on a canvas, so tests replace signature_pad with this fake, which records what the
 * component asks of it; `stroke()` plays a stroke through the listener the component registered:
 * `vi.mock('signature_pad', () => import('…/testing/fake-signature-pad.ts'))`, then `signaturePads.at(-1)`.
 */
export const signaturePads: FakeSignaturePad[] = [];

/** What every fake pad hands over as the drawn signature. */
export const FAKE_SIGNATURE = 'data:image/png;base64,iVBORw0KGgo=';

export default class FakeSignaturePad {
  empty = true;
  enabled = true;
  private readonly listeners = new Map<string, () => void>();
  constructor(readonly canvas: HTMLCanvasElement) {
    signaturePads.push(this);
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, listener);
  }
  removeEventListener(type: string) {
    this.listeners.delete(type);
  }
  isEmpty() {
    return this.empty;
  }
  toDataURL() {
    return FAKE_SIGNATURE;
  }
  toData() {
    return [];
  }
  clear() {
    this.empty = true;
  }
  fromData() {}
  on() {
    this.enabled = true;
  }
  off() {
    this.enabled = false;
  }
  stroke() {
    this.empty = false;
    this.listeners.get('endStroke')?.();
  }
}
