import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { jsonResponse } from '../../../testing/fake-api.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { orderFixture } from '../testing/order-fixtures.ts';
import { ItemToolDialog } from './item-tool-dialog.tsx';
import type { ItemTool } from './order-item-tools.ts';
import { invalidRequest } from '../../../testing/invalid-request.ts';

const order = orderFixture();
const line = order.items[1]!; // Paddle: 1 × 50.00

function serve(answer: () => Response) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      sent.push({
        method: request.method,
        path: new URL(request.url).pathname,
        body: request.method === 'GET' ? null : await request.json(),
      });
      return answer();
    }),
  );
  return sent;
}

function renderTool(tool: ItemTool, onClose = () => {}) {
  renderWithProviders(
    <ItemToolDialog
      kind="rent"
      locationId={1}
      order={order}
      target={{ tool, item: line }}
      onClose={onClose}
    />,
  );
  return screen.findByRole('dialog');
}

setUpTranslatedSuite();

describe('item tools on the shared schemas', { timeout: 20_000 }, () => {
  it('refuses a discount above the line amount on its field, then sends one within it', async () => {
    const sent = serve(() => jsonResponse(200, { data: order }));
    const onClose = vi.fn();
    const dialog = await renderTool('edit', onClose);
    const discount = within(dialog).getByLabelText('Discount');
    expect((discount as HTMLInputElement).value).toBe('0.00');
    fireEvent.change(discount, { target: { value: '50.01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Enter a discount of 0 or more, at most the line amount.'),
    ).toBeTruthy();
    expect(discount.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toHaveLength(0);

    fireEvent.change(discount, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    // An emptied field is no discount.
    expect(sent[0]).toEqual({
      method: 'PATCH',
      path: '/api/nine/rent-orders/41/items/2',
      body: { version: 3, discount_minor: 0 },
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('refuses a reading back below the reading out, and puts the server’s field issues on the field', async () => {
    const sent = serve(() =>
      invalidRequest({
        path: ['counter_start'],
        code: 'too_big',
        message: 'Too big: expected number to be <=1000000000000',
      }),
    );
    const dialog = await renderTool('counter');
    fireEvent.change(within(dialog).getByLabelText('Counter out'), { target: { value: '120' } });
    fireEvent.change(within(dialog).getByLabelText('Counter back'), { target: { value: '80' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const refusal = 'Enter whole numbers; the reading back cannot be lower than the reading out.';
    expect(await within(dialog).findByText(refusal)).toBeTruthy();
    expect(sent).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Counter back'), { target: { value: '180' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.filter((s) => s.method === 'PATCH')).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ version: 3, counter_start: 120, counter_end: 180 });
    // The 400's issue lands on its field, with the form's wording, not as a whole-dialog failure.
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Counter out').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(within(dialog).getByText(refusal)).toBeTruthy();
    expect(within(dialog).queryByText('The request is not valid.')).toBeNull();
  });
});
