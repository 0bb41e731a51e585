import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { customerInput } from '@nine/shared/schemas/customers';
import { registerOpen } from '@nine/shared/schemas/money';
import { ApiError } from '../../lib/api-client.ts';
import { initI18n } from '../../lib/i18n.ts';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { TextField } from './fields.tsx';
import { MoneyField, valueOfDecimalText } from './money-field.tsx';
import { applyServerIssues, useResetOnOpen, useSchemaForm, type SchemaForm } from './use-schema-form.ts';

beforeAll(async () => {
  await initI18n();
});

type CustomerForm = SchemaForm<
  { first_name: string; last_name?: string; email?: string | null },
  { first_name: string; email?: string | null }
>;

function CustomerFields({
  record,
  onSave,
  expose,
}: {
  record: { first_name: string; email: string };
  onSave(values: unknown): void;
  expose?(form: CustomerForm): void;
}) {
  const form = useSchemaForm(customerInput, {
    defaultValues: record,
    messages: { email: { email: 'customers:validation.email' } },
  });
  useResetOnOpen(form, { open: true, record, values: () => record });
  expose?.(form as unknown as CustomerForm);
  return (
    <form onSubmit={form.handleSubmit(onSave)} noValidate>
      <TextField control={form.control} name="first_name" label="First name" required />
      <TextField control={form.control} name="email" label="E-mail" type="email" />
      <button type="submit">Save</button>
    </form>
  );
}

describe('useSchemaForm with the shared schema', () => {
  it('shows a schema error on its field, translated, bound to the input', async () => {
    const onSave = vi.fn();
    renderWithProviders(<CustomerFields record={{ first_name: '', email: 'ann@' }} onSave={onSave} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const required = await screen.findByText('Fill this in.');
    expect(screen.getByText('Enter an e-mail address like name@example.com.')).toBeTruthy();
    const name = screen.getByRole('textbox', { name: /^First name/ });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')?.split(' ')).toContain(required.id);
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.change(name, { target: { value: '  Ann ' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), {
      target: { value: 'ANN@EXAMPLE.COM' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The submit receives the schema's output: trimmed, lower-cased, defaults filled in.
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]![0]).toEqual({ first_name: 'Ann', last_name: '', email: 'ann@example.com' });
    expect(screen.queryByText('Fill this in.')).toBeNull();
  });

  it('puts the issues of a validation answer on their fields with the form wording', async () => {
    let form: CustomerForm | undefined;
    renderWithProviders(
      <CustomerFields
        record={{ first_name: 'Ann', email: 'a@b.c' }}
        onSave={() => {}}
        expose={(f) => (form = f)}
      />,
    );
    const answer = new ApiError({
      kind: 'http',
      status: 400,
      respCode: 1001,
      message: 'The request is not valid.',
      data: {
        issues: [
          { path: 'email', code: 'invalid_format', message: 'Invalid email address' },
          {
            path: 'first_name',
            code: 'too_big',
            message: 'Too big: expected string to have <=100 characters',
          },
          { path: 'unknown_field', code: 'custom', message: 'whatever' },
        ],
      },
    });
    let landed = false;
    act(() => {
      landed = applyServerIssues(form!, answer);
    });
    expect(landed).toBe(true);
    expect(await screen.findByText('Enter an e-mail address like name@example.com.')).toBeTruthy();
    expect(screen.getByText('This is too long.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'E-mail' }).getAttribute('aria-invalid')).toBe('true');
    // Anything else is not a field's business.
    expect(
      applyServerIssues(form!, new ApiError({ kind: 'http', status: 409, respCode: 1021, message: 'x' })),
    ).toBe(false);
  });

  it('resets to the new record when the dialog shows another one', async () => {
    const { rerender } = renderWithProviders(
      <CustomerFields record={{ first_name: 'Ann', email: 'ann@example.com' }} onSave={() => {}} />,
    );
    const name = screen.getByRole('textbox', { name: /^First name/ }) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Typed' } });
    expect(name.value).toBe('Typed');
    rerender(<CustomerFields record={{ first_name: 'Bob', email: 'bob@example.com' }} onSave={() => {}} />);
    await waitFor(() => expect(name.value).toBe('Bob'));
    expect((screen.getByRole('textbox', { name: 'E-mail' }) as HTMLInputElement).value).toBe(
      'bob@example.com',
    );
  });
});

function FloatForm({ onSave, float }: { onSave(values: unknown): void; float: number | null }) {
  const form = useSchemaForm(registerOpen, { defaultValues: { float_minor: float as number } });
  useResetOnOpen(form, { open: true, record: float, values: () => ({ float_minor: float as number }) });
  return (
    <form onSubmit={form.handleSubmit(onSave)} noValidate>
      <MoneyField control={form.control} name="float_minor" label="Float" required />
      <button type="submit">Save</button>
    </form>
  );
}

describe('MoneyField', () => {
  it('parses with the one money parser: empty is null, an unparsable text is refused', () => {
    expect(valueOfDecimalText('')).toBeNull();
    expect(valueOfDecimalText('12.')).toBe(1200);
    expect(valueOfDecimalText('1,234.50')).toBe(123450);
    expect(valueOfDecimalText('12.345')).toBeNaN();
    expect(valueOfDecimalText('-1')).toBeNaN();
  });

  it('sends minor units, keeps what was typed, and refuses what is not an amount', async () => {
    const onSave = vi.fn();
    renderWithProviders(<FloatForm onSave={onSave} float={null} />);
    const input = screen.getByRole('textbox', { name: /^Float/ }) as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Fill this in.')).toBeTruthy();

    fireEvent.change(input, { target: { value: '12.345' } });
    expect(input.value).toBe('12.345');
    expect(await screen.findByText('Enter a number with at most two decimals.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: '1,234.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]![0]).toEqual({ float_minor: 123450 });
    expect(input.value).toBe('1,234.5');
  });

  it('shows a record amount as text, and the next record after a reset', async () => {
    const { rerender } = renderWithProviders(<FloatForm onSave={() => {}} float={1250} />);
    const input = screen.getByRole('textbox', { name: /^Float/ }) as HTMLInputElement;
    expect(input.value).toBe('12.50');
    rerender(<FloatForm onSave={() => {}} float={900} />);
    await waitFor(() => expect(input.value).toBe('9.00'));
  });
});
