import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { ImportDialog } from './import-dialog.tsx';
import { json } from '../../../testing/fake-fetch.ts';
import { renderWithApp, serve } from '../testing/test-render.tsx';

setUpTranslatedSuite();

const csv = (name: string, text = 'kind,sku,name,price\n') => new File([text], name, { type: 'text/csv' });

describe('CSV import dialog', { timeout: 20_000 }, () => {
  it('refuses a file that is not .csv before sending anything', async () => {
    const calls = serve(() => json(200, { data: {} }));
    renderWithApp(<ImportDialog open onClose={() => {}} />);
    fireEvent.change(await screen.findByLabelText('CSV file'), { target: { files: [csv('stock.xlsx')] } });
    expect(screen.getByRole('alert').textContent).toContain('Only .csv files can be imported.');
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toHaveLength(0);
  });

  it('shows each refused row with its reasons, then the summary of a clean import', async () => {
    let refuse = true;
    const calls = serve(() =>
      refuse
        ? json(422, {
            resp_code: 1309,
            resp_message: 'Some rows were refused, so nothing was imported.',
            data: {
              imported: false,
              rows: 3,
              products_created: 2,
              items_created: 1,
              stock_rows: 0,
              refused: [{ line: 4, sku: 'KAY-X', reasons: ['price_invalid', 'category_unknown'] }],
            },
          })
        : json(200, {
            data: {
              imported: true,
              rows: 3,
              products_created: 3,
              items_created: 1,
              stock_rows: 0,
              refused: [],
            },
          }),
    );
    renderWithApp(<ImportDialog open onClose={() => {}} />);
    fireEvent.change(await screen.findByLabelText('CSV file'), { target: { files: [csv('stock.csv')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const report = await screen.findByRole('table', { name: 'Refused rows' });
    const line = within(report).getByText('KAY-X').closest('tr')!;
    expect(within(line).getByText('4')).toBeTruthy();
    expect(within(line).getByText('price is not an amount; no category has this name')).toBeTruthy();
    expect(screen.getByText(/1 of 3 rows were refused, so nothing was imported/)).toBeTruthy();
    const sent = (await calls[0]!.body) as FormData;
    expect((sent.get('file') as File).name).toBe('stock.csv');

    refuse = false;
    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [csv('fixed.csv')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(
      await screen.findByText('Imported 3 rows: 3 new products, 1 items, 0 stock quantities.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Refused rows' })).toBeNull());
  });
});
