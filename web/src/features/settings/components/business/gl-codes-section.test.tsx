import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../../testing/fake-fetch.ts';
import { setUpTranslatedSuite } from '../../../../testing/i18n-suite.ts';
import { renderAtPath } from '../../../../testing/render-at-path.tsx';
import { GlCodesSection } from './gl-codes-section.tsx';

setUpTranslatedSuite();

const codes = {
  rows: [
    { code: '1000', description: 'Cash', version: 1, in_use: true, built_in: true },
    { code: '4020', description: 'Tour revenue', version: 1, in_use: true, built_in: false },
    { code: '4050', description: 'Delivery fees', version: 2, in_use: false, built_in: false },
  ],
};

describe('business settings, general ledger codes', { timeout: 20_000 }, () => {
  it('offers to delete only a code without entries that the books do not post to', async () => {
    const sent: { method: string; path: string }[] = [];
    stubFetch((request, url) => {
      sent.push({ method: request.method, path: url.pathname });
      return request.method === 'DELETE' ? json(200, { data: { code: '4050' } }) : json(200, { data: codes });
    });
    renderAtPath('/', <GlCodesSection canChange />);
    const table = await screen.findByRole('table', { name: 'General ledger codes' });
    expect(await within(table).findByText('Built in')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete code 1000' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete code 4020' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete code 4050' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this code?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent).toContainEqual({ method: 'DELETE', path: '/api/nine/gl-codes/4050' }));
  });

  it('edits a description with the version shown', async () => {
    const bodies: unknown[] = [];
    stubFetch(async (request) => {
      if (request.method === 'PUT') {
        bodies.push(await request.json());
        return json(200, { data: { ...codes.rows[2], description: 'Delivery and pick-up', version: 3 } });
      }
      return json(200, { data: codes });
    });
    renderAtPath('/', <GlCodesSection canChange />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit code 4050' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit code 4050' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Description/ }), {
      target: { value: 'Delivery and pick-up' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toEqual([{ version: 2, description: 'Delivery and pick-up' }]));
  });
});
