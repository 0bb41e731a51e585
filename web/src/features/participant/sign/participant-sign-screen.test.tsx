import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicParticipantPage } from '@nine/shared/schemas/tours/public';
import { currentTimeZone } from '../../../lib/format.ts';
import { initI18n, setLanguage } from '../../../lib/i18n.ts';
import { jsonResponse, stubApi, type ApiAnswer } from '../../../testing/fake-api.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { FAKE_SIGNATURE, signaturePads } from '../../../testing/fake-signature-pad.ts';
import { ParticipantSignScreen } from './participant-sign-screen.tsx';

vi.mock('signature_pad', () => import('../../../testing/fake-signature-pad.ts'));

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const PATH = `nine/public/participant/${TOKEN}`;

function summary(over: Partial<PublicParticipantPage> = {}): PublicParticipantPage {
  return {
    business: { site_title: 'Harbour Tours', logo_url: null },
    order: { number: 'T-1042', kind: 'tour' },
    event: {
      name: 'Sunset kayak',
      starts_at: '2026-07-01T17:00:00Z',
      ends_at: '2026-07-01T19:00:00Z',
      time_zone: 'UTC',
      meeting_point: { name: 'Harbour slipway', address: null, instructions: null },
      what_to_bring: null,
    },
    seats: [
      { age_group_id: 1, name: 'Adult', quantity: 3, guardian_required: false, min_age: 18, max_age: null },
      { age_group_id: 2, name: 'Child', quantity: 1, guardian_required: true, min_age: 6, max_age: 17 },
    ],
    participants: [
      {
        id: 7,
        first_name: 'Olga',
        last_initial: 'S.',
        age_group_id: 1,
        is_organiser: true,
        signed: true,
        version: 2,
      },
    ],
    filled: 1,
    signed: 1,
    required_fields: ['email', 'emergency_contact'],
    questions: [{ id: 11, label: 'Can you swim?', kind: 'yes_no', options: null, required: true }],
    terms: { version_id: 5, title: 'Kayak waiver', number: 3, body_html: '<p>Paddle at your own risk.</p>' },
    consent_text: 'I have read the terms above and accept them.',
    balance: { total_minor: 20000, paid_minor: 5000, due_minor: 15000, currency: 'EUR' },
    payments_enabled: true,
    ...over,
  };
}

function serve(answers: Record<string, ApiAnswer>) {
  return stubApi(answers);
}

/** Ticks the terms box; the checkbox hands its change to the form a moment later. */
async function consent(waiver: HTMLElement) {
  const box = within(waiver).getByRole('checkbox', { name: 'I have read the terms above and accept them.' });
  fireEvent.click(box);
  await waitFor(() => expect(box.closest('label')?.getAttribute('data-state')).toBe('checked'));
}

const field = (name: RegExp | string) => screen.getByRole('textbox', { name });
const type = (name: RegExp | string, value: string) => fireEvent.change(field(name), { target: { value } });

describe('ParticipantSignScreen', () => {
  it('shows the booking, its progress, and the payment once a balance is due', async () => {
    serve({ [`GET ${PATH}`]: () => jsonResponse(200, { data: summary() }) });
    const payment = vi.fn(() => <p>Payment block</p>);
    renderWithProviders(<ParticipantSignScreen token={TOKEN} renderPayment={payment} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunset kayak' })).toBeTruthy();
    expect(screen.getByText('Booking T-1042')).toBeTruthy();
    expect(screen.getByText('1 of 4 seats filled, 1 signed')).toBeTruthy();
    expect(screen.getByText('Olga S. · organiser')).toBeTruthy();
    expect(screen.getByText('Signed')).toBeTruthy();
    expect(screen.getByText('Payment block')).toBeTruthy();
  });

  it('asks for the fields the location requires and the required questions before sending anything', async () => {
    const calls = serve({ [`GET ${PATH}`]: () => jsonResponse(200, { data: summary() }) });
    renderWithProviders(<ParticipantSignScreen token={TOKEN} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add another participant' }));
    const form = screen.getByRole('form', { name: 'Add a participant' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add and continue to the waiver' }));
    await waitFor(() => expect(within(form).getAllByText('Fill this in.')).toHaveLength(6));
    // first name, last name, e-mail, emergency name and phone, the swimming question
    expect(field(/^E-mail/).getAttribute('aria-invalid')).toBe('true');
    expect(field(/^Contact name/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('combobox', { name: /Can you swim\?/ }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    // Phone and birth date are not required here.
    expect(field(/^Phone/).getAttribute('aria-invalid')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  }, 20_000);

  it('sends the participant, then has a guardian sign for a child and posts the signature', async () => {
    const calls = serve({
      [`GET ${PATH}`]: () => jsonResponse(200, { data: summary() }),
      [`POST ${PATH}/participants`]: () =>
        jsonResponse(201, {
          data: {
            id: 8,
            first_name: 'Tim',
            last_initial: 'S.',
            age_group_id: 2,
            is_organiser: false,
            signed: false,
            version: 1,
          },
        }),
      [`POST ${PATH}/participants/8/waiver`]: () =>
        jsonResponse(201, {
          data: { waiver_id: 3, participant_id: 8, signed_at: '2026-06-01T10:00:00Z', content_sha256: 'ab' },
        }),
    });
    renderWithProviders(<ParticipantSignScreen token={TOKEN} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add another participant' }));
    type(/^First name/, 'Tim');
    type(/^Last name/, 'Smith');
    fireEvent.change(screen.getByRole('combobox', { name: /^Age group/ }), { target: { value: '2' } });
    type(/^E-mail/, 'olga@example.com');
    type(/^Contact name/, 'Olga Smith');
    fireEvent.change(screen.getByLabelText(/^Contact phone/), { target: { value: '+34 600 000 000' } });
    fireEvent.change(screen.getByRole('combobox', { name: /Can you swim\?/ }), { target: { value: 'no' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add and continue to the waiver' }));

    // A child's age group requires a guardian: the waiver asks for the guardian and their relation.
    const waiver = await screen.findByRole('form', { name: 'Waiver for Tim Smith' });
    const added = calls.find((c) => c.method === 'POST' && c.path === `${PATH}/participants`);
    expect(added?.body).toEqual({
      first_name: 'Tim',
      last_name: 'Smith',
      birth_date: null,
      age_group_id: 2,
      email: 'olga@example.com',
      phone: null,
      emergency_name: 'Olga Smith',
      emergency_phone: '+34 600 000 000',
      answers: { '11': false },
      is_organiser: false,
    });
    expect(within(waiver).getByText('A parent or guardian signs for this participant.')).toBeTruthy();
    expect(within(waiver).getByRole('region', { name: 'Kayak waiver' }).textContent).toBe(
      'Paddle at your own risk.',
    );
    expect(within(waiver).getByRole('img', { name: "Parent or guardian's signature" })).toBeTruthy();

    // Nothing drawn, no consent: refused on the page.
    fireEvent.click(within(waiver).getByRole('button', { name: 'Sign the waiver' }));
    expect(await within(waiver).findByText('Sign in the box above.')).toBeTruthy();
    expect(within(waiver).getByText('Tick the box to accept the terms.')).toBeTruthy();

    type(/^Parent or guardian's full name/, 'Olga Smith');
    type(/^Relation to the participant/, 'Mother');
    act(() => signaturePads.at(-1)!.stroke());
    await consent(waiver);
    fireEvent.click(within(waiver).getByRole('button', { name: 'Sign the waiver' }));
    expect(await screen.findByText('Tim Smith has signed. Thank you!')).toBeTruthy();
    const signed = calls.find((c) => c.path === `${PATH}/participants/8/waiver`);
    expect(signed?.body).toEqual({
      term_version_id: 5,
      signer_name: 'Olga Smith',
      signer_role: 'guardian',
      guardian_relation: 'Mother',
      signature_png: FAKE_SIGNATURE,
      consent: true,
    });
  }, 20_000);

  it('shows a full age group refused by the server and reads the seats again', async () => {
    const calls = serve({
      [`GET ${PATH}`]: () => jsonResponse(200, { data: summary({ required_fields: [], questions: [] }) }),
      [`POST ${PATH}/participants`]: () =>
        jsonResponse(422, {
          resp_code: 1790,
          resp_message: 'All seats of this age group already have a participant.',
        }),
    });
    renderWithProviders(<ParticipantSignScreen token={TOKEN} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add another participant' }));
    type(/^First name/, 'Ana');
    type(/^Last name/, 'Ruiz');
    fireEvent.click(screen.getByRole('button', { name: 'Add and continue to the waiver' }));
    expect(await screen.findByText('All seats of this age group already have a participant.')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
  }, 20_000);

  it('says plainly when the link is dead, and when there were too many attempts', async () => {
    serve({});
    const { unmount } = renderWithProviders(<ParticipantSignScreen token={TOKEN} onDone={vi.fn()} />);
    expect(await screen.findByText('This link is not valid or has expired.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
    unmount();
    serve({
      [`GET ${PATH}`]: () =>
        jsonResponse(429, {
          resp_code: 1006,
          resp_message: 'Too many attempts. Wait a moment and try again.',
        }),
    });
    renderWithProviders(<ParticipantSignScreen token={TOKEN} />);
    expect(await screen.findByText('Too many attempts. Wait a minute and try again.')).toBeTruthy();
  });

  it('puts a refused signature back on the pad and a missing guardian on the guardian fields', async () => {
    let answer = 0;
    serve({
      [`GET ${PATH}`]: () =>
        jsonResponse(200, {
          data: summary({
            participants: [
              {
                id: 9,
                first_name: 'Ana',
                last_initial: 'R.',
                age_group_id: 1,
                is_organiser: false,
                signed: false,
                version: 1,
              },
            ],
            filled: 1,
            signed: 0,
          }),
        }),
      [`POST ${PATH}/participants/9/waiver`]: () =>
        ++answer === 1
          ? jsonResponse(422, { resp_code: 1795, resp_message: 'The signature could not be read.' })
          : jsonResponse(422, { resp_code: 1791, resp_message: 'A guardian must sign.' }),
    });
    renderWithProviders(<ParticipantSignScreen token={TOKEN} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign for Ana' }));
    const waiver = screen.getByRole('form', { name: 'Waiver for Ana R.' });
    type(/^Your full name/, 'Ana Ruiz');
    act(() => signaturePads.at(-1)!.stroke());
    await consent(waiver);
    fireEvent.click(within(waiver).getByRole('button', { name: 'Sign the waiver' }));
    expect(
      await within(waiver).findByText('The signature could not be read. Please sign again.'),
    ).toBeTruthy();

    act(() => signaturePads.at(-1)!.stroke());
    fireEvent.click(within(waiver).getByRole('button', { name: 'Sign the waiver' }));
    expect(
      await within(waiver).findByText('A parent or guardian must sign for this participant.'),
    ).toBeTruthy();
    expect(field(/^Relation to the participant/)).toBeTruthy();
  }, 20_000);

  const ana = {
    id: 9,
    first_name: 'Ana',
    last_initial: 'R.',
    age_group_id: 1,
    is_organiser: false,
    signed: false,
    version: 1,
  };

  it('corrects an unsigned participant through the public PATCH, moving focus with each step', async () => {
    const calls = serve({
      [`GET ${PATH}`]: () =>
        jsonResponse(200, { data: summary({ participants: [ana], filled: 1, signed: 0 }) }),
      [`PATCH ${PATH}/participants/9`]: () =>
        jsonResponse(200, { data: { ...ana, first_name: 'Anna', age_group_id: 2, version: 2 } }),
    });
    renderWithProviders(<ParticipantSignScreen token={TOKEN} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add another participant' }));
    // The new section's heading takes the focus; Cancel gives it back to the list.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Add a participant' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Participants' })),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Edit Ana R.' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Correct a participant' }));
    const form = screen.getByRole('form', { name: 'Edit Ana' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^First name/ }), {
      target: { value: 'Anna' },
    });
    fireEvent.change(within(form).getByRole('combobox', { name: /^Age group/ }), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save the correction' }));
    const news = await screen.findByText('Anna R. was corrected.');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      first_name: 'Anna',
      age_group_id: 2,
      version: 1,
    });
    // The status news holds the focus after a step ends with news.
    await waitFor(() => expect(document.activeElement?.contains(news)).toBe(true));
  }, 20_000);

  it('asks a guardian for an age group ending below 18 even when it does not say so', async () => {
    serve({
      [`GET ${PATH}`]: () =>
        jsonResponse(200, {
          data: summary({
            seats: [
              {
                age_group_id: 1,
                name: 'Teen',
                quantity: 2,
                guardian_required: false,
                min_age: 12,
                max_age: 15,
              },
            ],
            participants: [ana],
            filled: 1,
            signed: 0,
          }),
        }),
    });
    renderWithProviders(<ParticipantSignScreen token={TOKEN} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign for Ana' }));
    const waiver = screen.getByRole('form', { name: 'Waiver for Ana R.' });
    expect(within(waiver).getByText('A parent or guardian signs for this participant.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Read and sign' }));
  });

  it("shows a multi-day tour in its own zone, the app's zone untouched, and a rent order's riders", async () => {
    const zone = currentTimeZone();
    serve({
      [`GET ${PATH}`]: () =>
        jsonResponse(200, {
          data: summary({
            event: {
              name: 'Two-day trek',
              starts_at: '2026-07-01T07:00:00Z',
              ends_at: '2026-07-02T15:00:00Z',
              time_zone: 'Europe/Madrid',
              meeting_point: null,
              what_to_bring: null,
            },
          }),
        }),
    });
    const { unmount } = renderWithProviders(<ParticipantSignScreen token={TOKEN} />);
    expect(await screen.findByText('07/01/2026, 9:00 AM to 07/02/2026, 5:00 PM')).toBeTruthy();
    expect(currentTimeZone()).toBe(zone);
    unmount();
    serve({
      [`GET ${PATH}`]: () =>
        jsonResponse(200, {
          data: summary({ order: { number: '1042', kind: 'rent' }, event: null, seats: [], signed: 0 }),
        }),
    });
    renderWithProviders(<ParticipantSignScreen token={TOKEN} />);
    expect(await screen.findByText('1 rider added, 0 signed')).toBeTruthy();
  });

  it('reads the summary again in a newly chosen language (its consent sentence is in it)', async () => {
    const calls = serve({ [`GET ${PATH}`]: () => jsonResponse(200, { data: summary() }) });
    renderWithProviders(<ParticipantSignScreen token={TOKEN} />);
    await screen.findByRole('heading', { level: 1, name: 'Sunset kayak' });
    try {
      await act(() => setLanguage('es-ES', { persist: false }));
      await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
      // The page stays on screen meanwhile.
      expect(screen.getByRole('heading', { level: 1, name: 'Sunset kayak' })).toBeTruthy();
    } finally {
      await act(() => setLanguage('en-US', { persist: false }));
    }
  });

  it('words the server refusing a birth date in the future, and offers no date past today', async () => {
    serve({
      [`GET ${PATH}`]: () => jsonResponse(200, { data: summary({ required_fields: [], questions: [] }) }),
      [`POST ${PATH}/participants`]: () =>
        jsonResponse(422, {
          resp_code: 1001,
          resp_message: 'Invalid input.',
          data: { issues: [{ path: ['birth_date'], code: 'custom', message: 'future' }] },
        }),
    });
    renderWithProviders(<ParticipantSignScreen token={TOKEN} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add another participant' }));
    type(/^First name/, 'Ana');
    type(/^Last name/, 'Ruiz');
    const birth = screen.getByLabelText(/^Date of birth/);
    expect(birth.getAttribute('max')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    fireEvent.change(birth, { target: { value: '2030-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add and continue to the waiver' }));
    expect(await screen.findByText('The date of birth cannot be after today.')).toBeTruthy();
  }, 20_000);

  it("clears the participant's own name from the signer when a guardian signs instead", async () => {
    serve({
      [`GET ${PATH}`]: () => jsonResponse(200, { data: summary({ required_fields: [], questions: [] }) }),
      [`POST ${PATH}/participants`]: () => jsonResponse(201, { data: { ...ana, id: 10 } }),
    });
    renderWithProviders(<ParticipantSignScreen token={TOKEN} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add another participant' }));
    type(/^First name/, 'Ana');
    type(/^Last name/, 'Ruiz');
    fireEvent.click(screen.getByRole('button', { name: 'Add and continue to the waiver' }));
    const waiver = await screen.findByRole('form', { name: 'Waiver for Ana Ruiz' });
    expect(within(waiver).getByRole('textbox', { name: /^Your full name/ })).toHaveProperty(
      'value',
      'Ana Ruiz',
    );
    fireEvent.click(within(waiver).getByRole('checkbox', { name: /A parent or guardian signs/ }));
    await waitFor(() =>
      expect(within(waiver).getByRole('textbox', { name: /^Parent or guardian's full name/ })).toHaveProperty(
        'value',
        '',
      ),
    );
    fireEvent.click(within(waiver).getByRole('checkbox', { name: /A parent or guardian signs/ }));
    await waitFor(() =>
      expect(within(waiver).getByRole('textbox', { name: /^Your full name/ })).toHaveProperty(
        'value',
        'Ana Ruiz',
      ),
    );
  }, 20_000);
});
