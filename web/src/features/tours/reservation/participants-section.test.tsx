import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { missingRequired } from './participant-dialog.tsx';
import { ParticipantsSection } from './participants-section.tsx';
import { participantFixture, participantsFixture } from './testing/reservation-fixtures.ts';

setUpTranslatedSuite();

const signed = participantFixture({
  id: 100,
  is_organiser: true,
  waiver: {
    id: 55,
    signed_at: '2031-05-02T10:00:00.000Z',
    signer_name: 'Ann Lee',
    signer_role: 'self',
    term_version_id: 9,
    term_version_number: 2,
    current: true,
  },
});
const unsigned = participantFixture({
  id: 101,
  first_name: 'Ben',
  last_name: 'Lee',
  checkin_code: 'ZXCVBNM123',
});

describe('the participants of a reservation', () => {
  it('counts named and signed seats, and keeps a signed participant from being edited or removed', async () => {
    stubApi({
      'GET nine/tours/orders/41/participants': () =>
        jsonResponse(200, { data: participantsFixture([signed, unsigned]) }),
    });
    renderWithProviders(<ParticipantsSection locationId={1} orderId={41} canChange token="t" />);
    expect(await screen.findByText('2 of 3 seats named')).toBeTruthy();
    expect(screen.getByText('1 of 2 signed')).toBeTruthy();
    expect(screen.getByText('Signed')).toBeTruthy();
    expect(screen.getByText('Not signed')).toBeTruthy();

    const editAnn = screen.getByRole('button', { name: 'Edit Ann Lee' }) as HTMLButtonElement;
    const removeAnn = screen.getByRole('button', { name: 'Remove Ann Lee' }) as HTMLButtonElement;
    expect(editAnn.disabled).toBe(true);
    expect(removeAnn.disabled).toBe(true);
    expect(editAnn.title).toMatch(/cannot be changed/);
    expect((screen.getByRole('button', { name: 'Edit Ben Lee' }) as HTMLButtonElement).disabled).toBe(false);
    // A correction is a new signature; the signed waiver downloads as a PDF.
    expect(screen.getByRole('button', { name: 'Sign the waiver again for Ann Lee' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download the signed waiver of Ann Lee' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download the signed waiver of Ben Lee' })).toBeNull();
  });

  it('adds a participant with the age group of a seat still unnamed', async () => {
    const calls = stubApi({
      'GET nine/tours/orders/41/participants': () =>
        jsonResponse(200, { data: participantsFixture([signed]) }),
      'POST nine/tours/orders/41/participants': () => jsonResponse(201, { data: unsigned }),
    });
    renderWithProviders(<ParticipantsSection locationId={1} orderId={41} canChange token="t" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add participant' }));
    fireEvent.change(await screen.findByLabelText(/First name/), { target: { value: 'Ben' } });
    fireEvent.change(screen.getByLabelText(/Last name/), { target: { value: 'Lee' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      first_name: 'Ben',
      last_name: 'Lee',
      age_group_id: 1,
      is_organiser: false,
    });
  });

  it("checks the location's required fields and the required questions before sending", () => {
    const values = { first_name: 'A', last_name: 'B', phone: '', emergency_name: 'Mum', answers: {} };
    expect(
      missingRequired(
        values,
        ['phone', 'emergency_contact'],
        [
          { id: 4, label: 'Swim?', kind: 'yes_no', options: null, required: true },
          { id: 5, label: 'Shoe size', kind: 'short', options: null, required: true },
        ],
      ),
    ).toEqual(['phone', 'emergency_phone', 'answers.5']);
  });

  it('answers a required yes/no question "no" unless ticked, and words the organiser refusal', async () => {
    const calls = stubApi({
      'GET nine/tours/orders/41/participants': () =>
        jsonResponse(200, {
          data: {
            ...participantsFixture([signed]),
            questions: [{ id: 4, label: 'Can you swim?', kind: 'yes_no', options: null, required: true }],
          },
        }),
      'POST nine/tours/orders/41/participants': () =>
        jsonResponse(400, {
          resp_code: 1001,
          resp_message: 'Invalid input.',
          data: { issues: [{ path: ['is_organiser'], message: 'organiser_taken' }] },
        }),
    });
    renderWithProviders(<ParticipantsSection locationId={1} orderId={41} canChange token="t" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add participant' }));
    fireEvent.change(await screen.findByLabelText(/First name/), { target: { value: 'Ben' } });
    fireEvent.change(screen.getByLabelText(/Last name/), { target: { value: 'Lee' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ answers: { 4: false } });
    expect(await screen.findByText('Another participant is already the organiser.')).toBeTruthy();
  });

  it('closes the remove dialog on a refusal and shows why under the list', async () => {
    stubApi({
      'GET nine/tours/orders/41/participants': () =>
        jsonResponse(200, { data: participantsFixture([signed, unsigned]) }),
      'DELETE nine/tours/participants/101': () =>
        jsonResponse(409, { resp_code: 1021, resp_message: 'Changed meanwhile.' }),
    });
    renderWithProviders(<ParticipantsSection locationId={1} orderId={41} canChange token="t" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Ben Lee' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByText(/Someone/)).toBeTruthy();
  });
});
