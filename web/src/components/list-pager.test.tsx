import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../lib/i18n.ts';
import { ListPager, type ListPagerProps } from './list-pager.tsx';

beforeAll(async () => {
  await initI18n();
});

function renderPager(props: Partial<ListPagerProps>) {
  const all: ListPagerProps = {
    page: 1,
    pageSize: 25,
    total: 60,
    capped: false,
    rowsOnPage: 25,
    onPage: vi.fn(),
    onPageSize: vi.fn(),
    ...props,
  };
  render(
    <ChakraProvider value={defaultSystem}>
      <I18nextProvider i18n={i18n}>
        <ListPager {...all} />
      </I18nextProvider>
    </ChakraProvider>,
  );
  return all;
}

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

describe('ListPager', () => {
  it('counts the pages and steps forward and back', () => {
    const { onPage } = renderPager({ page: 2 });
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    fireEvent.click(button('Next page'));
    fireEvent.click(button('Previous page'));
    expect(onPage).toHaveBeenNthCalledWith(1, 3);
    expect(onPage).toHaveBeenNthCalledWith(2, 1);
  });

  it('disables previous on the first page and next on the last', () => {
    renderPager({ page: 3, total: 60, rowsOnPage: 10 });
    expect(button('Next page').disabled).toBe(true);
    expect(button('Previous page').disabled).toBe(false);
  });

  it('with a capped count shows no last page and offers next while pages are full', () => {
    renderPager({ page: 1, total: 10000, capped: true, rowsOnPage: 25 });
    expect(screen.getByText('Page 1')).toBeTruthy();
    expect(button('Previous page').disabled).toBe(true);
    expect(button('Next page').disabled).toBe(false);
  });

  it('changes the page size from the offered sizes', () => {
    const { onPageSize } = renderPager({});
    const select = screen.getByLabelText<HTMLSelectElement>('Rows per page');
    expect([...select.options].map((option) => option.value)).toEqual(['10', '25', '50', '100', '200']);
    fireEvent.change(select, { target: { value: '100' } });
    expect(onPageSize).toHaveBeenCalledWith(100);
  });

  it('offers the sizes a list passes', () => {
    renderPager({ pageSizes: [10, 25, 50, 100] });
    const select = screen.getByLabelText<HTMLSelectElement>('Rows per page');
    expect([...select.options].map((option) => option.value)).toEqual(['10', '25', '50', '100']);
  });

  it('without a page size handler shows no size select', () => {
    renderPager({ onPageSize: undefined });
    expect(screen.queryByLabelText('Rows per page')).toBeNull();
    expect(button('Next page').disabled).toBe(false);
  });

  it('takes a name, a summary and can hide itself from print', () => {
    renderPager({ label: 'Rental history', summary: '60 in all', hideWhenPrinting: true });
    const nav = screen.getByRole('navigation', { name: 'Rental history' });
    expect(screen.getByText('60 in all')).toBeTruthy();
    const printRules = [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .filter((rule) => rule.cssText.startsWith('@media print'))
      .map((rule) => rule.cssText);
    expect(
      printRules.some((rule) => nav.className.split(' ').some((name) => rule.includes(`.${name}`))),
    ).toBe(true);
  });

  it('prints by default', () => {
    renderPager({});
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    const printRules = [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .filter((rule) => rule.cssText.startsWith('@media print'))
      .map((rule) => rule.cssText);
    expect(
      printRules.some((rule) => nav.className.split(' ').some((name) => rule.includes(`.${name}`))),
    ).toBe(false);
  });
});
