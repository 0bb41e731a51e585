import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n.ts';
import { ColumnFilter } from './column-filter.tsx';

beforeAll(async () => {
  await initI18n();
});

function renderFilter(value: string | undefined) {
  const onChange = vi.fn();
  render(
    <ChakraProvider value={defaultSystem}>
      <I18nextProvider i18n={i18n}>
        <ColumnFilter
          kind="rent"
          column="customer"
          type="text"
          title="Customer"
          value={value}
          onChange={onChange}
        />
      </I18nextProvider>
    </ChakraProvider>,
  );
  return onChange;
}

describe('column filter button', () => {
  it('draws an SVG funnel, not a character many fonts lack, and is named for its column', () => {
    renderFilter(undefined);
    const button = screen.getByRole('button', { name: 'Filter Customer' });
    const icon = button.querySelector('svg');
    expect(icon).not.toBeNull();
    expect(icon!.getAttribute('aria-hidden')).toBe('true');
    // Nothing but the icon: no glyph (U+23F7 ⏷, ●) that would show as an empty box.
    expect(button.textContent).toBe('');
    expect(button.getAttribute('aria-pressed')).toBe('false');
  });

  it('says when its column is filtered, and still opens the filter form', async () => {
    const onChange = renderFilter('Ada');
    const button = screen.getByRole('button', { name: 'Filter Customer (filtered)' });
    expect(button.querySelector('svg')).not.toBeNull();
    expect(button.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('button', { name: 'Clear' }));
    expect(onChange).toHaveBeenCalledWith(undefined);
  });
});
