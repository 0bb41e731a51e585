import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fake-fetch.ts';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { adaPick as ada } from '../testing/create-fixtures.ts';
import { renderCreateOrderScreen, serveWizard } from '../testing/create-wizard.tsx';
import { invalidRequest } from '../../../testing/invalid-request.ts';

const serve = (createAnswers: Response[]) => serveWizard('/api/nine/customers', createAnswers);

function renderScreen() {
  renderCreateOrderScreen();
  return screen.getByRole('region', { name: 'Step 1 of 4: Customer' });
}

setUpTranslatedSuite();

describe('the create wizard’s customer step', { timeout: 20_000 }, () => {
  it('finds a customer with the shared customer search and chooses them', async () => {
    serve([]);
    const step = renderScreen();
    const search = within(step).getByRole('searchbox', { name: 'Find a customer' });
    expect(document.activeElement).toBe(search);
    fireEvent.change(search, { target: { value: 'lovelace' } });
    const found = await within(step).findByRole('list', { name: 'Customers found' });
    fireEvent.click(within(found).getByRole('button', { name: 'Choose Ada Lovelace' }));
    expect(await within(step).findByText('Customer: Ada Lovelace')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('checks a new customer with the customer rules, puts the server’s issues on their fields, then chooses them', async () => {
    const created = serve([
      invalidRequest({ path: ['email'], code: 'invalid_format', message: 'Invalid email address' }),
      json(201, { data: { ...ada, id: 8, name: 'Grace Hopper' } }),
    ]);
    const step = renderScreen();
    fireEvent.change(within(step).getByLabelText(/^First name/), { target: { value: 'Grace' } });
    fireEvent.click(within(step).getByRole('button', { name: 'Create customer' }));
    // The last name is required here, as the first name is everywhere.
    expect(await within(step).findByText('Fill this in.')).toBeTruthy();
    expect(
      within(step)
        .getByLabelText(/^Last name/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(created).toHaveLength(0);

    fireEvent.change(within(step).getByLabelText(/^Last name/), { target: { value: 'Hopper' } });
    fireEvent.change(within(step).getByLabelText('E-mail'), { target: { value: 'grace@navy.mil' } });
    fireEvent.click(within(step).getByRole('button', { name: 'Create customer' }));
    expect(await within(step).findByText('Enter an e-mail address like name@example.com.')).toBeTruthy();
    expect(within(step).getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(created[0]!.body).toEqual({ first_name: 'Grace', last_name: 'Hopper', email: 'grace@navy.mil' });

    // The same body again is the same request: it keeps its idempotency key.
    fireEvent.click(within(step).getByRole('button', { name: 'Create customer' }));
    await waitFor(() => expect(created).toHaveLength(2));
    expect(created[1]!.key).toBe(created[0]!.key);
    expect(await within(step).findByText('Customer: Grace Hopper')).toBeTruthy();
  });
});
