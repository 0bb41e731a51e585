import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { ColumnFilter } from './column-filter.tsx';

beforeAll(async () => {
  await initI18n();
});

function renderFilter(value: string | undefined) {
  const onChange = vi.fn();
  renderWithProviders(
    <ColumnFilter
      kind="rent"
      column="customer"
      type="text"
      title="Customer"
      value={value}
      onChange={onChange}
    />,
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
