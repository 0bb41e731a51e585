import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { KioskHome } from './kiosk-home.tsx';

beforeAll(async () => {
  await initI18n();
});

describe('KioskHome', () => {
  it("words the waiver task for tours, or for a rental's terms while tours are off", () => {
    const onChoose = vi.fn();
    const { unmount } = renderWithProviders(<KioskHome onChoose={onChoose} />);
    fireEvent.click(screen.getByRole('button', { name: /^Sign a tour waiver/ }));
    expect(onChoose).toHaveBeenCalledWith('waiver');
    unmount();
    renderWithProviders(<KioskHome onChoose={onChoose} toursOn={false} />);
    expect(screen.queryByRole('button', { name: /tour waiver/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Sign a waiver/ }));
    expect(onChoose).toHaveBeenLastCalledWith('waiver');
  });
});
