import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import type { ToastInput } from '../../../lib/toast.tsx';
import { customerRow } from '../testing/customer-fixtures.ts';
import { CustomerFormDialog } from './customer-form-dialog.tsx';
import { ImportCustomersDialog } from './import-dialog.tsx';
import { SmsDialog } from './sms-dialog.tsx';
import { json } from '../../../testing/fake-fetch.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';

setUpTranslatedSuite();

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const pickFile = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });

describe('CSV upload dialog', () => {
  it('refuses a file that is not .csv before sending anything', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<ImportCustomersDialog open onOpenChange={() => {}} />);
    pickFile(new File(['first_name\nAnn\n'], 'people.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Only .csv files can be uploaded.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the refused rows of a rejected file, then imports a good one', async () => {
    const sent: unknown[] = [];
    let answer = json(422, {
      resp_code: 1403,
      resp_message: '2 row(s) were refused; nothing was imported.',
      data: {
        refused: 2,
        accepted: 1,
        rows: [
          { line: 2, issues: [{ field: 'email', message: 'invalid' }] },
          { line: 4, issues: [{ field: 'first_name', message: 'required' }] },
        ],
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        sent.push(await request.json());
        return answer;
      }),
    );
    const toasts: ToastInput[] = [];
    const onOpenChange = vi.fn();
    renderWithProviders(<ImportCustomersDialog open onOpenChange={onOpenChange} />, {
      notify: (toast) => {
        toasts.push(toast);
        return true;
      },
    });
    const bad = 'first_name,email\nAnn,nope\nBob,\n,c@d.test\n';
    pickFile(new File([bad], 'bad.csv', { type: 'text/csv' }));
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(
      await screen.findByText(
        '2 of 3 rows were refused, so nothing was imported. Correct them and upload the file again.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'email: not valid' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'first_name: missing' })).toBeTruthy();
    expect(sent).toEqual([{ filename: 'bad.csv', content: bad }]);

    answer = json(201, { data: { imported: 3 } });
    pickFile(new File(['first_name\nAnn\nBob\nCy\n'], 'good.csv', { type: 'text/csv' }));
    expect(screen.queryByText('Refused rows')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(toasts).toEqual([
      { type: 'success', title: 'Customers imported', message: '3 customers were imported.' },
    ]);
  });
});

describe('send SMS dialog', () => {
  it('starts from a template with its placeholders, previews it, and sends it once with a key', async () => {
    const sent: { body: unknown; key: string | null; url: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        sent.push({
          body: await request.json(),
          key: request.headers.get('idempotency-key'),
          url: request.url,
        });
        return json(201, { data: { id: 1 } });
      }),
    );
    const onOpenChange = vi.fn();
    renderWithProviders(
      <SmsDialog
        open
        onOpenChange={onOpenChange}
        customer={{ id: 42, first_name: 'Lena', last_name: 'Berg', phone: '+49 30 1234567' }}
      />,
    );
    expect(screen.getByText('To Lena Berg, +49 30 1234567')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Template' }), { target: { value: 'ready' } });
    const text = screen.getByRole('textbox', { name: /Message/ }) as HTMLTextAreaElement;
    expect(text.value).toBe('Hello {{first_name}}, your order is ready for pick-up. See you soon!');
    expect(screen.getByTestId('sms-preview').textContent).toBe(
      'Hello Lena, your order is ready for pick-up. See you soon!',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toMatch(/\/api\/nine\/customers\/42\/sms$/);
    expect(sent[0]!.body).toEqual({
      text: 'Hello {{first_name}}, your order is ready for pick-up. See you soon!',
    });
    expect(sent[0]!.key).toMatch(/^[\w-]{36}$/);
  });

  it('cannot send to a customer without a phone', () => {
    renderWithProviders(
      <SmsDialog
        open
        onOpenChange={() => {}}
        customer={{ id: 1, first_name: 'Mo', last_name: '', phone: null }}
      />,
    );
    expect(screen.getByText('This customer has no phone number.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('customer form', () => {
  it('checks fields with the shared schema before sending, and explains a stale edit', async () => {
    const sent: { method: string; body: unknown }[] = [];
    const fetch = vi.fn(async (request: Request) => {
      sent.push({ method: request.method, body: await request.json() });
      return json(409, { resp_code: 1021, resp_message: 'stale', data: { version: 3 } });
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(
      <CustomerFormDialog
        open
        onOpenChange={() => {}}
        customer={customerRow(7, {
          name: 'Ann Lee',
          first_name: 'Ann',
          last_name: 'Lee',
          created_at: '2030-01-01T00:00:00Z',
          version: 2,
        })}
      />,
    );
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    fireEvent.change(email, { target: { value: 'ann@' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Postal code' }), { target: { value: '#1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter an e-mail address like name@example.com.')).toBeTruthy();
    expect(screen.getByText('Enter a postal code: letters, digits, spaces or dashes.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.change(email, { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Postal code' }), { target: { value: '75001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Someone else changed this customer in the meantime. Close the form, reload and try again.',
      ),
    ).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('PATCH');
    // Only what changed: fields the row did not carry (notes) are left alone.
    expect(sent[0]!.body).toEqual({ email: 'ann@example.com', postal_code: '75001', version: 2 });
  });
});
