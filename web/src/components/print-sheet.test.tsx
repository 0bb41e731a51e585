import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../lib/i18n.ts';
import {
  PrintLines,
  PrintScreen,
  PrintSheet,
  PrintTotals,
  printStylesheet,
  type PrintWidth,
} from './print-sheet.tsx';

beforeAll(async () => {
  await initI18n();
});

function renderIn(node: ReactNode) {
  const location = memoryLocation({ path: '/orders/7/print' });
  render(
    <ChakraProvider value={defaultSystem}>
      <I18nextProvider i18n={i18n}>
        <Router hook={location.hook}>{node}</Router>
      </I18nextProvider>
    </ChakraProvider>,
  );
}

function sheet(width: PrintWidth, header: string | null) {
  return (
    <PrintSheet width={width} label="Doc 7" header={header} heading="Order #7" receiptFooter="Thank you!">
      <PrintLines
        receipt={width !== 'a4'}
        headings={['Item', 'Qty', 'Amount']}
        lines={[
          {
            key: 1,
            description: 'Kayak KAY-1',
            quantity: 2,
            price: '$40.00',
            amount: '$80.00',
            cells: ['Kayak (KAY-1)', 2, '$80.00'],
          },
        ]}
      />
      <PrintTotals
        receipt={width !== 'a4'}
        width="60mm"
        rows={[
          ['Total', '$80.00'],
          ['Paid', '$0.00'],
        ]}
      />
    </PrintSheet>
  );
}

describe('print sheet', () => {
  it('on A4 shows the settings header and the heading, and no receipt footer', () => {
    renderIn(sheet('a4', 'Nine Bikes\n1 Harbor Front'));
    const article = screen.getByRole('article', { name: 'Doc 7' });
    expect(within(article).getByRole('heading', { level: 1, name: 'Order #7' })).toBeTruthy();
    expect(within(article).getByText('Nine Bikes', { exact: false })).toBeTruthy();
    const table = within(article).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Item', 'Qty', 'Amount']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Kayak (KAY-1)', '2', '$80.00']);
    expect(within(article).queryByText('2 × $40.00')).toBeNull();
    expect(within(article).getByText('Total').nextSibling?.textContent).toBe('$80.00');
    expect(within(article).queryByText('Thank you!')).toBeNull();
    expect(printStylesheet('a4')).toContain('size: A4');
  });

  it('on a receipt roll ends with the footer and leaves out a blank header', () => {
    renderIn(sheet('80mm', '  '));
    const article = screen.getByRole('article', { name: 'Doc 7' });
    expect(within(article).getByText('Thank you!')).toBeTruthy();
    expect(within(article).queryByRole('table')).toBeNull();
    expect(within(article).getByText('Kayak KAY-1')).toBeTruthy();
    expect(within(article).getByText('2 × $40.00')).toBeTruthy();
    expect(article.firstElementChild?.textContent).toBe('Order #7');
    expect(printStylesheet('80mm')).toContain('size: 80mm auto');
  });

  it('around the sheet shows the controls, the back link, and loading or the error', () => {
    renderIn(
      <PrintScreen
        width="a4"
        controls={<button type="button">Print</button>}
        backHref="/orders/7"
        backLabel="Back to the order"
        loading
        error="The order could not be loaded."
      >
        {null}
      </PrintScreen>,
    );
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the order' }).getAttribute('href')).toBe('/orders/7');
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The order could not be loaded.');
  });
});
