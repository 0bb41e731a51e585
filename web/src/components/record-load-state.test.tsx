import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { initI18n } from '../lib/i18n.ts';
import { renderWithProviders } from '../testing/render-with-providers.tsx';
import { RecordLoadFailed, RecordLoading } from './record-load-state.tsx';

beforeAll(async () => {
  await initI18n();
});

const failed = (error: Error, onRetry = vi.fn()) =>
  renderWithProviders(
    <RecordLoadFailed error={error} notFound="No such order." failed="Could not load." onRetry={onRetry} />,
  );

describe('record load state', () => {
  it('says it is loading to screen readers', () => {
    renderWithProviders(<RecordLoading />);
    expect(screen.getByText('Loading…')).toBeTruthy();
  });

  it('says a 404 plainly, without a retry', () => {
    failed(new ApiError({ kind: 'http', status: 404, message: 'Not found' }));
    expect(screen.getByRole('alert').textContent).toContain('No such order.');
    expect(screen.queryByText('Not found')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('heads another failure, shows the server message and tries again', () => {
    const onRetry = vi.fn();
    failed(new Error('Server unreachable'), onRetry);
    expect(screen.getByText('Could not load.')).toBeTruthy();
    expect(screen.getByText('Server unreachable')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
