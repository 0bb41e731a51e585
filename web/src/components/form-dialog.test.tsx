import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n.ts';
import { renderWithProviders } from '../testing/render-with-providers.tsx';
import { FormDialog, type FormDialogProps } from './form-dialog.tsx';

beforeAll(async () => {
  await initI18n();
});

function renderDialog(props: Partial<FormDialogProps>) {
  const all: FormDialogProps = {
    open: true,
    onClose: vi.fn(),
    title: 'Add a thing',
    onSubmit: vi.fn(),
    saving: false,
    children: (
      <label>
        Name
        <input name="name" required />
      </label>
    ),
    ...props,
  };
  renderWithProviders(<FormDialog {...all} />);
  return all;
}

describe('FormDialog', () => {
  it('submits through its own checks (no browser validation) and cancels', async () => {
    const { onSubmit, onClose } = renderDialog({});
    await screen.findByRole('dialog', { name: 'Add a thing' });
    expect(screen.getByLabelText('Name')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a form-level error and, when asked, a corner close button', async () => {
    const { onClose } = renderDialog({ error: 'Someone else changed it.', closeButton: true });
    await screen.findByRole('dialog');
    expect(screen.getByRole('alert').textContent).toBe('Someone else changed it.');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('names its buttons after what the form does and holds back a form that cannot be sent', async () => {
    const { onSubmit } = renderDialog({
      submitLabel: 'Send',
      cancelLabel: 'Close',
      submitDisabled: true,
    });
    await screen.findByRole('dialog');
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.click(send);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('puts its own footer in place of Cancel and Save', async () => {
    renderDialog({ footer: <button type="button">Done</button> });
    await screen.findByRole('dialog');
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });
});
