import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n.ts';
import { renderWithProviders } from '../testing/render-with-providers.tsx';
import { AccessKeyDialog, type AccessKeyDialogProps } from './access-key-dialog.tsx';

beforeAll(async () => {
  await initI18n();
});

function renderDialog(props: Partial<AccessKeyDialogProps>) {
  const all: AccessKeyDialogProps = {
    open: true,
    busy: false,
    error: null,
    submitLabel: 'Approve',
    onSubmit: vi.fn(),
    onDismiss: vi.fn(),
    children: 'Approving needs a key.',
    ...props,
  };
  const view = renderWithProviders(<AccessKeyDialog {...all} />);
  const rerender = (next: Partial<AccessKeyDialogProps>) =>
    view.rerender(<AccessKeyDialog {...all} {...next} />);
  return { ...all, rerender };
}

describe('AccessKeyDialog', () => {
  it('sends the typed key only once one is typed, and clears a refused key', async () => {
    const { onSubmit, rerender } = renderDialog({});
    const dialog = await screen.findByRole('alertdialog', { name: 'Access key required' });
    expect(dialog.textContent).toContain('Approving needs a key.');
    const submit = screen.getByRole('button', { name: 'Approve' });
    expect(submit).toHaveProperty('disabled', true);
    const field = screen.getByLabelText(/^Access key(?! required)/);
    fireEvent.change(field, { target: { value: '9999' } });
    fireEvent.click(submit);
    // The shared schema checks the key first (react-hook-form submits asynchronously).
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('9999'));

    rerender({ error: 'An access key is required.' });
    expect(screen.getByRole('alert')).toHaveProperty('textContent', 'An access key is required.');
    await waitFor(() =>
      expect(screen.getByLabelText(/^Access key(?! required)/)).toHaveProperty('value', ''),
    );
  });

  it('uses its own title and cancel label when given and dismisses from the cancel button', async () => {
    const { onDismiss } = renderDialog({ title: 'Start a stocktake', cancelLabel: 'Keep it' });
    await screen.findByRole('alertdialog', { name: 'Start a stocktake' });
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(onDismiss).toHaveBeenCalled();
  });

  it('offers Cancel by default', async () => {
    renderDialog({});
    await screen.findByRole('alertdialog');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', false);
  });
});
