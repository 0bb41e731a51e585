import { expect, type Locator } from '@playwright/test';

/**
 * Draws a signature on the one signature pad (components/signature-pad.tsx) inside `scope` with the mouse: a
 * stroke across the canvas, then waits until the pad says it holds one (it reports the PNG as the stroke ends).
 */
export async function drawSignature(scope: Locator): Promise<void> {
  const canvas = scope.locator('canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (box === null) throw new Error('the signature pad is not on screen');
  const mouse = canvas.page().mouse;
  const x = (share: number) => box.x + box.width * share;
  const y = (share: number) => box.y + box.height * share;
  await mouse.move(x(0.1), y(0.6));
  await mouse.down();
  for (let i = 1; i <= 16; i++)
    await mouse.move(x(0.1 + i * 0.05), y(0.5 + 0.3 * Math.sin(i / 1.5)), { steps: 3 });
  await mouse.up();
  await expect(scope.getByText('Signature drawn.')).toBeVisible();
}
