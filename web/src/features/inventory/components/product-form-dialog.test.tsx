import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { ProductFormDialog } from './product-form-dialog.tsx';
import { json } from '../../../testing/fake-fetch.ts';
import { renderWithApp, serve, type Call } from '../testing/test-render.tsx';

setUpTranslatedSuite();

const categories = {
  show_images: true,
  rows: [
    {
      id: 5,
      parent_id: null,
      name: 'Boards',
      image_url: null,
      sort_order: 0,
      product_count: 0,
      attribute_ids: [9],
    },
  ],
};
const attributes = {
  rows: [{ id: 9, name: 'Length', kind: 'option', options: ['3 m', '4 m'], category_ids: [5] }],
};

function answer(call: Call) {
  if (call.url.pathname.endsWith('/categories')) return json(200, { data: categories });
  if (call.url.pathname.endsWith('/attributes')) return json(200, { data: attributes });
  if (call.method === 'POST')
    return json(409, {
      resp_code: 1300,
      resp_message: 'This SKU is already used by another product or item.',
    });
  return json(404, {});
}

describe('product form', { timeout: 20_000 }, () => {
  it('checks amounts, offers the category’s attributes and sends minor units with an idempotency key', async () => {
    const calls = serve(answer);
    const saved = vi.fn();
    renderWithApp(<ProductFormDialog kind="rent" open onClose={() => {}} onSaved={saved} />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'SKU' }), { target: { value: 'SUP-1' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Paddle board' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Price' }), { target: { value: 'lots' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter an amount such as 12.50.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: 'Price' }), { target: { value: '35,5' } });
    await screen.findByRole('option', { name: 'Boards' });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: '5' } });
    fireEvent.change(await screen.findByLabelText('Length'), { target: { value: '4 m' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    // The server refuses the SKU: its message shows in the form, which stays open.
    expect(await screen.findByText('This SKU is already used by another product or item.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse((await post.body) as string)).toMatchObject({
      kind: 'rent',
      sku: 'SUP-1',
      name: 'Paddle board',
      is_serialized: true,
      category_id: 5,
      price_minor: 3550,
      deposit_minor: 0,
      attributes: [{ attribute_id: 9, value: '4 m' }],
    });
    await waitFor(() => expect(saved).not.toHaveBeenCalled());
  });
});
