import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { CategoriesScreen } from './categories-screen.tsx';
import { json } from '../../../testing/fake-fetch.ts';
import { renderWithApp, serve, type Call } from '../testing/test-render.tsx';

setUpTranslatedSuite();

const list = {
  show_images: true,
  rows: [
    {
      id: 1,
      parent_id: null,
      name: 'Boats',
      image_url: '/api/nine/category-images/aa.png',
      sort_order: 0,
      product_count: 2,
      attribute_ids: [],
    },
    {
      id: 2,
      parent_id: 1,
      name: 'Canoes',
      image_url: null,
      sort_order: 0,
      product_count: 1,
      attribute_ids: [],
    },
  ],
};
const answer = (call: Call) =>
  call.method === 'GET' ? json(200, { data: list }) : json(201, { data: { id: 3 } });

describe('categories screen', { timeout: 20_000 }, () => {
  it('shows the tree with images and levels, and adds a subcategory', async () => {
    const calls = serve(answer);
    renderWithApp(<CategoriesScreen title="Categories" canChange />);
    const tree = await screen.findByRole('tree', { name: 'Categories' });
    const [boats, canoes] = within(tree).getAllByRole('treeitem');
    expect(boats!.getAttribute('aria-level')).toBe('1');
    expect(canoes!.getAttribute('aria-level')).toBe('2');
    expect(within(boats!).getByRole('img', { name: 'Image of Boats' }).getAttribute('src')).toBe(
      '/api/nine/category-images/aa.png',
    );
    expect(within(canoes!).getByText('1 product')).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Add category' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Kayaks' } });
    fireEvent.change(within(form).getByLabelText('Parent'), { target: { value: '1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add category' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse((await post.body) as string)).toEqual({ name: 'Kayaks', parent_id: 1 });
  });

  it('shows an uploaded picture at the URL the API gave, once, not prefixed again', async () => {
    const given = '/api/nine/category-images/0123456789abcdef0123456789abcdef.png';
    let uploaded = false;
    const calls = serve((call) => {
      if (call.method === 'PUT') {
        uploaded = true;
        return json(200, { data: { id: 2, image_url: given } });
      }
      const rows = list.rows.map((r) => (r.id === 2 && uploaded ? { ...r, image_url: given } : r));
      return json(200, { data: { ...list, rows } });
    });
    renderWithApp(<CategoriesScreen title="Categories" canChange />);
    const tree = await screen.findByRole('tree', { name: 'Categories' });
    const canoes = within(tree).getAllByRole('treeitem')[1]!;
    expect(within(canoes).queryByRole('img')).toBeNull();
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'canoe.png', { type: 'image/png' });
    fireEvent.change(canoes.querySelector('input[type="file"]')!, { target: { files: [png] } });
    const image = await within(canoes).findByRole('img', { name: 'Image of Canoes' });
    expect(image.getAttribute('src')).toBe(given);
    expect(calls.find((c) => c.method === 'PUT')!.url.pathname).toBe('/api/nine/categories/2/image');
  });

  it('refuses an image of another type before uploading it', async () => {
    const calls = serve(answer);
    renderWithApp(<CategoriesScreen title="Categories" canChange />);
    const tree = await screen.findByRole('tree', { name: 'Categories' });
    const canoes = within(tree).getAllByRole('treeitem')[1]!;
    const input = canoes.querySelector('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'a.gif', { type: 'image/gif' })] } });
    expect((await screen.findByRole('alert')).textContent).toContain('JPEG, PNG or WebP');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});
