import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fake-fetch.ts';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { orderFixture } from '../testing/order-fixtures.ts';
import { renderCreateOrderScreen, serveWizard } from '../testing/create-wizard.tsx';
import { invalidRequest } from '../../../testing/invalid-request.ts';

/** The network edge; the create answers the scripted replies in turn. */
const serve = (createAnswers: Response[]) => serveWizard('/api/nine/rent-orders', createAnswers);

const step = (name: string) => screen.getByRole('region', { name: new RegExp(`^Step \\d of 4: ${name}$`) });
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

setUpTranslatedSuite();

describe('the create wizard’s period and review forms', { timeout: 20_000 }, () => {
  it('checks the period and the notes by the create’s rules, lands the server’s issue on its field, and creates once per body', async () => {
    const created = serve([
      invalidRequest({ path: ['staff_note'], code: 'too_big', message: 'Too big' }),
      json(201, { data: orderFixture({ id: 99, number: 100099 }) }),
    ]);
    renderCreateOrderScreen();
    fireEvent.change(within(step('Customer')).getByRole('searchbox', { name: 'Find a customer' }), {
      target: { value: 'lovelace' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Ada Lovelace' }));
    fireEvent.click(button('Next'));

    // Period: a finish before the start is refused on the finish, and Next waits for a right one.
    const period = step('Period');
    fireEvent.change(within(period).getByLabelText(/^Planned start/), {
      target: { value: '2030-06-03T09:00' },
    });
    fireEvent.change(within(period).getByLabelText(/^Planned finish/), {
      target: { value: '2030-06-01T09:00' },
    });
    expect(await within(period).findByText('The finish must be after the start.')).toBeTruthy();
    expect(button('Next').disabled).toBe(true);
    // A new start makes the same finish right.
    fireEvent.change(within(period).getByLabelText(/^Planned start/), {
      target: { value: '2030-05-31T09:00' },
    });
    await waitFor(() => expect(within(period).queryByText('The finish must be after the start.')).toBeNull());
    await waitFor(() => expect(button('Next').disabled).toBe(false));
    fireEvent.click(button('Next'));

    // The period is handed over once the form has checked it (asynchronously).
    const items = await screen.findByRole('region', { name: 'Step 3 of 4: Items' });
    const scan = within(items).getByLabelText('Scan or type a code');
    fireEvent.change(scan, { target: { value: 'KAY-01' } });
    fireEvent.submit(scan.closest('form')!);
    expect(await screen.findByRole('table', { name: 'Items on the order' })).toBeTruthy();
    fireEvent.click(button('Next'));

    // Review: the staff note's limit shows as typed and holds the create back.
    const review = step('Review');
    const staffNote = within(review).getByLabelText('Staff note');
    fireEvent.click(within(review).getByRole('checkbox', { name: 'Skip the credit card' }));
    fireEvent.change(staffNote, { target: { value: 'x'.repeat(256) } });
    expect(await within(review).findByText('At most 255 characters.')).toBeTruthy();
    expect(button('Create order').disabled).toBe(true);
    fireEvent.change(staffNote, { target: { value: ' Helmet too ' } });
    await waitFor(() => expect(button('Create order').disabled).toBe(false));
    fireEvent.change(within(review).getByLabelText('Create as'), { target: { value: 'pending' } });
    fireEvent.click(button('Create order'));

    // The server refuses the note: the failure shows, and the issue lands on the note.
    expect(await screen.findByText('The order could not be created: The request is not valid.')).toBeTruthy();
    expect(await within(review).findByText('At most 255 characters.')).toBeTruthy();
    expect(staffNote.getAttribute('aria-invalid')).toBe('true');
    expect(created[0]!.body).toMatchObject({
      customer_id: 7,
      status: 'pending',
      staff_note: 'Helmet too',
      cc_skipped: true,
      items: [{ item_id: 501 }],
    });
    expect(Date.parse(created[0]!.body.planned_finish as string)).toBeGreaterThan(
      Date.parse(created[0]!.body.planned_start as string),
    );

    // Edited, it is another request with another key.
    fireEvent.click(button('Edit the order'));
    fireEvent.change(staffNote, { target: { value: 'Helmet' } });
    await waitFor(() => expect(button('Create order').disabled).toBe(false));
    fireEvent.click(button('Create order'));
    expect(await screen.findByText('Order #100099 created.')).toBeTruthy();
    expect(created[1]!.body).toMatchObject({ staff_note: 'Helmet' });
    expect(created[1]!.key).not.toBe(created[0]!.key);
  });
});
