import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';

/** Types a code into the counter's scan field and submits it, as a keyboard-wedge scanner does. */
export function scanCode(code: string): HTMLElement {
  const scan = screen.getByLabelText('Scan or type a code');
  fireEvent.change(scan, { target: { value: code } });
  fireEvent.submit(scan.closest('form')!);
  return scan;
}

/** Scans the wax (400001) and completes the sale, which the tests' server numbers #200077. */
export async function scanWaxAndCompleteSale() {
  scanCode('400001');
  expect(await screen.findByText('Surf wax')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Complete sale' }));
  expect(await screen.findByText('Sale #200077 completed.')).toBeTruthy();
}
