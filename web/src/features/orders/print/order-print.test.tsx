import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { json, stubFetch } from '../../../testing/fake-fetch.ts';
import { renderAtPath } from '../../../testing/render-at-path.tsx';
import type { PrintWidth } from '../../../components/print-sheet.tsx';
import { OrderPrint } from './order-print.tsx';
import { orderFixture } from '../testing/order-fixtures.ts';

const order = orderFixture;

function renderPrint(width: PrintWidth) {
  stubFetch(() => json(200, { data: order() }));
  renderAtPath(
    '/rent-orders/41/print',
    <OrderPrint
      kind="rent"
      id={41}
      locationId={1}
      width={width}
      header={'Nine Bikes & Kayaks\n1 Harbor Front'}
      currencySymbol="$"
      backHref="/rent-orders/41"
    />,
  );
}

setUpTranslatedSuite();

describe('order print', () => {
  it('lays out the A4 sheet with the header, the customer, a table of the lines and the totals', async () => {
    renderPrint('a4');
    const sheet = await screen.findByRole('article');
    expect(within(sheet).getByText('Nine Bikes & Kayaks', { exact: false })).toBeTruthy();
    expect(within(sheet).getByRole('heading', { level: 1 }).textContent).toContain('100041');
    expect(within(sheet).getByText('Sea kayak (KAY-01)')).toBeTruthy();
    expect(within(sheet).getByText('12 Analytical Row, N1 9GU')).toBeTruthy();
    expect(within(sheet).getAllByRole('row')).toHaveLength(3);
    expect(within(sheet).getAllByText('$125.00')).toHaveLength(2); // total and balance
    // The lines add up to the subtotal, the tax is named with its rate, then the total.
    const totals = within(sheet)
      .getAllByText(/^(Subtotal|Sales tax 25%|Total)$/)
      .map((label) => [label.textContent, label.nextElementSibling?.textContent]);
    expect(totals).toEqual([
      ['Subtotal', '$100.00'],
      ['Sales tax 25%', '$25.00'],
      ['Total', '$125.00'],
    ]);
    expect(screen.getByRole('button', { name: /print/i })).toBeTruthy();
  });

  it('on a 55 mm receipt lists the lines without a table and leaves out the address', async () => {
    renderPrint('55mm');
    const sheet = await screen.findByRole('article');
    expect(within(sheet).queryByRole('table')).toBeNull();
    expect(within(sheet).getByText('Sea kayak KAY-01')).toBeTruthy();
    expect(within(sheet).getAllByText('1 × $50.00')).toHaveLength(2);
    expect(within(sheet).queryByText('12 Analytical Row, N1 9GU')).toBeNull();
    expect(within(sheet).getByText('Sales tax 25%').nextElementSibling?.textContent).toBe('$25.00');
  });
});
