import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { FAKE_SIGNATURE, signaturePads } from '../../../testing/fake-signature-pad.ts';
import { participantFixture, participantsFixture } from './testing/reservation-fixtures.ts';
import { SignWaiverDialog } from './sign-waiver-dialog.tsx';

vi.mock('signature_pad', () => import('../../../testing/fake-signature-pad.ts'));

setUpTranslatedSuite();

const child = participantFixture({
  id: 102,
  first_name: 'Cai',
  last_name: 'Lee',
  age_group_id: 2,
  age_group_name: 'Child',
});

describe('signing a waiver at the counter', () => {
  it('has a guardian sign for a minor, with the relation, the drawn signature and the consent', async () => {
    const calls = stubApi({
      'GET nine/tours/term-versions/9': () =>
        jsonResponse(200, {
          data: { id: 9, terms_id: 5, number: 2, body_html: '<p>Wear the life jacket.</p>' },
        }),
      'POST nine/tours/participants/102/waivers': () => jsonResponse(201, { data: { id: 77 } }),
    });
    let closed = false;
    renderWithProviders(
      <SignWaiverDialog
        open
        onClose={() => (closed = true)}
        data={participantsFixture([child])}
        participant={child}
      />,
    );
    expect(await screen.findByText('Wear the life jacket.')).toBeTruthy();
    expect(screen.getByText('This participant is a minor: a parent or guardian signs.')).toBeTruthy();
    expect(screen.queryByLabelText(/Signed by/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText('Draw the signature first.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText(/Name of the signer/), { target: { value: 'Dana Lee' } });
    fireEvent.change(screen.getByLabelText(/Relation to the participant/), { target: { value: 'Mother' } });
    act(() => signaturePads.at(-1)!.stroke());
    fireEvent.click(screen.getByText('I have read and accept these terms.'));
    const consent = screen.getByRole('checkbox', {
      name: 'I have read and accept these terms.',
    }) as HTMLInputElement;
    await waitFor(() => expect(consent.checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      term_version_id: 9,
      signer_name: 'Dana Lee',
      signer_role: 'guardian',
      guardian_relation: 'Mother',
      signature_png: FAKE_SIGNATURE,
      consent: true,
    });
  });

  it('says the terms did not load and retries, and asks a guardian for their own name', async () => {
    const adult = participantFixture({ id: 100 });
    const answers = [
      jsonResponse(500, { resp_code: 1000, resp_message: 'Server error.' }),
      jsonResponse(200, {
        data: { id: 9, terms_id: 5, number: 2, body_html: '<p>Wear the life jacket.</p>' },
      }),
    ];
    stubApi({ 'GET nine/tours/term-versions/9': () => answers.shift()! });
    renderWithProviders(
      <SignWaiverDialog open onClose={() => {}} data={participantsFixture([adult])} participant={adult} />,
    );
    expect(await screen.findByText('The terms could not be loaded.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Sign' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Wear the life jacket.')).toBeTruthy();

    const name = screen.getByLabelText(/Name of the signer/) as HTMLInputElement;
    expect(name.value).toBe('Ann Lee');
    fireEvent.change(screen.getByLabelText(/Signed by/), { target: { value: 'guardian' } });
    await waitFor(() => expect(name.value).toBe(''));
  });
});
