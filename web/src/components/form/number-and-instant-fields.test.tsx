import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { counterReadingsForm, deliveryAssignForm } from '@nine/shared/schemas/order-forms';
import { setDisplayTimeZone } from '../../lib/format.ts';
import { initI18n } from '../../lib/i18n.ts';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { InstantField, valueOfWholeText, WholeNumberField } from './number-and-instant-fields.tsx';
import { useSchemaForm } from './use-schema-form.ts';

beforeAll(async () => {
  await initI18n();
});

afterEach(() => {
  setDisplayTimeZone(null);
});

function ReadingsForm({ onSave }: { onSave(values: unknown): void }) {
  const form = useSchemaForm(counterReadingsForm, {
    defaultValues: { counter_start: 7, counter_end: null },
  });
  return (
    <form onSubmit={form.handleSubmit(onSave)} noValidate>
      <WholeNumberField control={form.control} name="counter_start" label="Start" />
      <WholeNumberField control={form.control} name="counter_end" label="End" />
      <button type="submit">Save</button>
    </form>
  );
}

describe('WholeNumberField', () => {
  it('reads digits only: empty is null, anything else is refused', () => {
    expect(valueOfWholeText(' ')).toBeNull();
    expect(valueOfWholeText(' 42 ')).toBe(42);
    expect(valueOfWholeText('4.2')).toBeNaN();
    expect(valueOfWholeText('-1')).toBeNaN();
  });

  it('shows the record, sends numbers, and keeps a refused text on screen', async () => {
    const onSave = vi.fn();
    renderWithProviders(<ReadingsForm onSave={onSave} />);
    const start = screen.getByRole('textbox', { name: 'Start' }) as HTMLInputElement;
    const end = screen.getByRole('textbox', { name: 'End' }) as HTMLInputElement;
    expect(start.value).toBe('7');
    expect(end.value).toBe('');

    fireEvent.change(end, { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(end.getAttribute('aria-invalid')).toBe('true'));
    expect(end.value).toBe('1.5');
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.change(end, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]![0]).toEqual({ counter_start: 7, counter_end: 12 });
  });
});

function DeliveryForm({ onSave, at }: { onSave(values: unknown): void; at: string | null }) {
  const form = useSchemaForm(deliveryAssignForm, {
    defaultValues: { type: 'delivery', scheduled_at: at as string, address: '', zip_code: '' },
  });
  return (
    <form onSubmit={form.handleSubmit(onSave)} noValidate>
      <InstantField control={form.control} name="scheduled_at" label="When" required />
      <button type="submit">Save</button>
    </form>
  );
}

describe('InstantField', () => {
  it('is typed on the clock of the location instants are shown at, and sends the instant', async () => {
    setDisplayTimeZone('America/Los_Angeles');
    const onSave = vi.fn();
    const { container } = renderWithProviders(<DeliveryForm onSave={onSave} at="2026-01-10T18:00:00.000Z" />);
    const input = container.querySelector('input[name="scheduled_at"]') as HTMLInputElement;
    expect(input.type).toBe('datetime-local');
    expect(input.value).toBe('2026-01-10T10:00');

    fireEvent.change(input, { target: { value: '2026-03-01T09:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]![0]).toMatchObject({ scheduled_at: '2026-03-01T17:30:00.000Z' });
  });

  it('holds null while empty, so the schema asks for it', async () => {
    const onSave = vi.fn();
    const { container } = renderWithProviders(<DeliveryForm onSave={onSave} at={null} />);
    const input = container.querySelector('input[name="scheduled_at"]') as HTMLInputElement;
    expect(input.value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(onSave).not.toHaveBeenCalled();
  });
});
