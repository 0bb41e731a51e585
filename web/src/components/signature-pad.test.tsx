import { act, fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n.ts';
import { renderWithProviders } from '../testing/render-with-providers.tsx';
import { FAKE_SIGNATURE, signaturePads } from '../testing/fake-signature-pad.ts';
import { SignaturePadField } from './signature-pad.tsx';

vi.mock('signature_pad', () => import('../testing/fake-signature-pad.ts'));

beforeAll(async () => {
  await initI18n();
});

describe('SignaturePadField', () => {
  it('is a labelled image with instructions, reports each stroke as a PNG and null when cleared', () => {
    const onChange = vi.fn();
    renderWithProviders(<SignaturePadField onChange={onChange} label="Guardian's signature" />);
    const pad = screen.getByRole('img', { name: "Guardian's signature" });
    expect(pad.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.body.textContent).toContain('Sign inside the box');
    expect(document.body.textContent).toContain('Not signed yet.');
    const clear = screen.getByRole('button', { name: 'Clear the pad' });
    expect(clear).toHaveProperty('disabled', true);

    act(() => signaturePads.at(-1)!.stroke());
    expect(onChange).toHaveBeenLastCalledWith(FAKE_SIGNATURE);
    expect(document.body.textContent).toContain('Signature drawn.');
    expect(clear).toHaveProperty('disabled', false);

    // A native button: Enter and Space press it from the keyboard.
    clear.focus();
    fireEvent.click(clear);
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(signaturePads.at(-1)!.empty).toBe(true);
    expect(document.body.textContent).toContain('Not signed yet.');
  });

  it('shows the error in place of the state and stops drawing while disabled', () => {
    const { rerender } = renderWithProviders(
      <SignaturePadField onChange={vi.fn()} error="Sign the waiver first." />,
    );
    expect(screen.getByRole('img', { name: 'Signature' })).toBeTruthy();
    expect(document.body.textContent).toContain('Sign the waiver first.');
    rerender(<SignaturePadField onChange={vi.fn()} disabled />);
    expect(signaturePads.at(-1)!.enabled).toBe(false);
  });

  it('lets a keyboard user type the name instead, drawn onto the canvas as the PNG', () => {
    const context = {
      font: '',
      fillStyle: '',
      textAlign: '',
      textBaseline: '',
      scale: vi.fn(),
      measureText: (text: string) => ({ width: text.length * 10 }),
      fillText: vi.fn(),
    };
    const getContext = vi
      .spyOn(HTMLCanvasElement.prototype, 'getContext')
      .mockReturnValue(context as unknown as CanvasRenderingContext2D);
    const toDataURL = vi
      .spyOn(HTMLCanvasElement.prototype, 'toDataURL')
      .mockReturnValue('data:image/png;base64,TYPED');
    try {
      const onChange = vi.fn();
      renderWithProviders(<SignaturePadField onChange={onChange} />);
      // Drawing is the default; typing is one button away and takes no strokes meanwhile.
      expect(screen.queryByRole('textbox')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Type the name instead' }));
      expect(signaturePads.at(-1)!.enabled).toBe(false);
      fireEvent.change(screen.getByRole('textbox', { name: "Signer's name" }), {
        target: { value: 'Olga Smith' },
      });
      expect(context.fillText).toHaveBeenLastCalledWith('Olga Smith', expect.any(Number), expect.any(Number));
      expect(context.font).toContain('cursive');
      expect(onChange).toHaveBeenLastCalledWith('data:image/png;base64,TYPED');
      expect(document.body.textContent).toContain('Signature drawn.');
      // Blank again: no signature.
      fireEvent.change(screen.getByRole('textbox', { name: "Signer's name" }), { target: { value: '  ' } });
      expect(onChange).toHaveBeenLastCalledWith(null);
      // Back to drawing: the canvas is cleared and takes strokes again.
      fireEvent.click(screen.getByRole('button', { name: 'Draw instead' }));
      expect(screen.queryByRole('textbox')).toBeNull();
      expect(signaturePads.at(-1)!.enabled).toBe(true);
    } finally {
      getContext.mockRestore();
      toDataURL.mockRestore();
    }
  });
});
