import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n.ts';
import { renderWithProviders } from '../testing/render-with-providers.tsx';
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
  renderWithProviders(<ListPager {...all} />);
  return all;
}

/** Whether a print rule of the page's style sheets names one of the element's classes. */
function hiddenWhenPrinting(element: HTMLElement): boolean {
  const printRules = [...document.styleSheets]
    .flatMap((sheet) => [...sheet.cssRules])
    .filter((rule) => rule.cssText.startsWith('@media print'))
    .map((rule) => rule.cssText);
  return printRules.some((rule) => element.className.split(' ').some((name) => rule.includes(`.${name}`)));
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
    expect(hiddenWhenPrinting(nav)).toBe(true);
  });

  it('prints by default', () => {
    renderPager({});
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(hiddenWhenPrinting(nav)).toBe(false);
  });
});
