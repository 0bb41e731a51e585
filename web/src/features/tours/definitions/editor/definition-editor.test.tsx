import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { TourDefinitionDetail, TourDefinitionStep } from '@nine/shared/schemas/tours/definitions';
import { jsonResponse, stubApi, type ApiAnswer } from '../../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../../testing/render-with-providers.tsx';
import { DefinitionEditor } from './definition-editor.tsx';

setUpTranslatedSuite();

const ok =
  (data: unknown): ApiAnswer =>
  () =>
    jsonResponse(200, { data });

const draft = (over: Partial<TourDefinitionDetail> = {}): TourDefinitionDetail => ({
  id: 41,
  location_id: 3,
  code: 'SUN-KAYAK',
  name: 'Sunset Kayak',
  group_id: 1,
  group: { id: 1, name: 'Kayak', color: 'teal' },
  status: 'draft',
  steps_done: ['basic-info'],
  version: 1,
  duration_minutes: 150,
  capacity: 12,
  min_participants: 2,
  participants_per_leader: null,
  min_leaders: 1,
  languages: ['en'],
  prices: [],
  private_price_minor: null,
  taxable: true,
  seasons: [],
  tiers: [],
  no_show_fee_bp: 10000,
  images: [],
  meeting_point_id: null,
  site_id: null,
  items: [],
  description: null,
  description_html: null,
  what_to_bring: null,
  terms_id: null,
  waiver_id: null,
  questions: [],
  created_at: '2026-11-25T09:00:00.000Z',
  updated_at: '2026-11-25T09:00:00.000Z',
  ...over,
});

const ageGroup = (id: number, name: string, price_rule: string, price_value: number, sort_order: number) => ({
  id,
  name,
  min_age: 0,
  max_age: null,
  price_rule,
  price_value,
  guardian_required: false,
  sort_order,
  active: true,
  in_use: false,
  version: 1,
});

const lookups: Record<string, ApiAnswer> = {
  'GET nine/tours/settings': ok({
    default_capacity: 12,
    default_min_participants: 2,
    gallery_max_bytes: 5242880,
  }),
  'GET nine/tours/groups': ok({
    rows: [{ id: 1, name: 'Kayak', color: 'teal', sort_order: 1, active: true, in_use: false, version: 1 }],
  }),
  'GET nine/tours/age-groups': ok({
    rows: [ageGroup(2, 'Child', 'percent', 5000, 2), ageGroup(1, 'Adult', 'base', 0, 1)],
  }),
  'GET nine/tours/places': ok({ rows: [] }),
  'GET nine/tours/terms': ok({ rows: [] }),
};

/** The page's part: the address holds the definition and the step, replaced as the editor asks. */
function Editor({ start, seen }: { start: { id: number | null; step: string }; seen: string[] }) {
  const [address, setAddress] = useState(start);
  return (
    <DefinitionEditor
      definitionId={address.id}
      step={address.step}
      locationId={3}
      currencySymbol="$"
      token="t"
      listHref="/tour-management/definitions/tours"
      renderListLink={(children) => <a href="/list">{children}</a>}
      onNavigate={(id: number | 'new', step: TourDefinitionStep) => {
        seen.push(`${id}/${step}`);
        setAddress({ id: id === 'new' ? null : id, step });
      }}
    />
  );
}

describe('definition editor', { timeout: 30_000 }, () => {
  it('creates the draft from basic info, then opens pricing at the new id with prices proposed by rule', async () => {
    const calls = stubApi({
      ...lookups,
      'POST nine/tours/definitions': () => jsonResponse(201, { data: draft() }),
      'GET nine/tours/definitions/41': ok(draft()),
    });
    const seen: string[] = [];
    renderWithProviders(<Editor start={{ id: null, step: 'basic-info' }} seen={seen} />);
    expect(await screen.findByRole('heading', { name: 'Step 1 of 7: Basic info' })).toBeTruthy();
    const steps = screen.getByRole('navigation', { name: 'Editor steps' });
    expect(
      within(steps)
        .getByText(/1\. Basic info/)
        .closest('[aria-current="step"]'),
    ).toBeTruthy();
    // Pricing is not open before the draft exists.
    expect(within(steps).queryByRole('button', { name: /Pricing/ })).toBeNull();

    const name = await screen.findByLabelText('Name', { exact: false });
    fireEvent.change(name, { target: { value: 'Sunset Kayak' } });
    fireEvent.change(screen.getByLabelText('Code', { exact: false }), { target: { value: 'SUN-KAYAK' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByRole('heading', { name: 'Step 2 of 7: Pricing' })).toBeTruthy();
    expect(seen).toEqual(['41/pricing']);
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ code: 'SUN-KAYAK', name: 'Sunset Kayak', capacity: 12 });
    // Adult first (sort order), Child proposed at 50 % of it.
    fireEvent.change(await screen.findByLabelText('Price: Adult', { exact: false }), {
      target: { value: '40' },
    });
    await waitFor(() =>
      expect(screen.getByLabelText('Price: Child', { exact: false })).toHaveProperty('value', '20.00'),
    );
  });

  it('lists the steps a refused publish names, as links to the open ones', async () => {
    const calls = stubApi({
      ...lookups,
      'GET nine/tours/definitions/41': ok(draft({ steps_done: ['basic-info', 'pricing'], version: 3 })),
      'POST nine/tours/definitions/41/publish': () =>
        jsonResponse(422, {
          resp_code: 1750,
          resp_message: 'Some steps are not done.',
          data: { steps: ['gallery', 'cancellation-fee'] },
        }),
    });
    renderWithProviders(<Editor start={{ id: 41, step: 'pricing' }} seen={[]} />);
    expect(await screen.findByRole('heading', { name: 'Step 2 of 7: Pricing' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const alert = await screen.findByText(/cannot be published yet/);
    const box = alert.closest('[role="alert"]') as HTMLElement;
    expect(
      within(box)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Cancellation fee', 'Gallery']);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ version: 3 });
    // The first step to do is open from the list; the gallery is not yet.
    fireEvent.click(within(box).getByRole('button', { name: 'Cancellation fee' }));
    expect(await screen.findByRole('heading', { name: 'Step 3 of 7: Cancellation fee' })).toBeTruthy();
  });
});
