import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TourSettings, TourTerms, TourTermVersion } from '@nine/shared/schemas/tours/settings';
import { jsonResponse, stubApi } from '../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { TourSettingsScreen } from './tour-settings-screen.tsx';

setUpTranslatedSuite();

const settings: TourSettings = {
  location_id: 1,
  time_zone: 'Europe/Madrid',
  booking_cutoff_minutes: 60,
  default_capacity: 12,
  default_min_participants: 1,
  below_minimum_action: 'notify',
  below_minimum_hours: 24,
  checkin_opens_minutes: 60,
  checkin_closes_minutes: 15,
  gallery_max_bytes: 5_242_880,
  gallery_max_mb: 5,
  participant_required_fields: ['birth_date', 'emergency_contact'],
  rent_terms_id: null,
  version: 1,
  business_wide_editable: true,
};
const body = {
  type: 'doc' as const,
  content: [{ type: 'paragraph' as const, content: [{ type: 'text' as const, text: 'Rules' }] }],
};
const waiver: TourTerms = {
  id: 4,
  kind: 'waiver',
  title: 'Activity waiver',
  active: true,
  version: 1,
  published: { id: 10, number: 1, published_at: '2026-11-01T10:00:00Z' },
  draft: { id: 11, number: 2, version: 3 },
};
const row = (v: Partial<TourTermVersion>): TourTermVersion => ({
  id: 10,
  terms_id: 4,
  number: 1,
  status: 'published',
  created_at: '2026-11-01T09:00:00Z',
  created_by_name: 'Alex Admin',
  published_at: '2026-11-01T10:00:00Z',
  published_by_name: 'Alex Admin',
  body_sha256: 'ab'.repeat(32),
  title: 'Activity waiver',
  version: 2,
  body,
  body_html: '<p>Rules <strong>v1</strong></p>',
  body_text: 'Rules v1',
  ...v,
});
const draft = row({
  id: 11,
  number: 2,
  status: 'draft',
  title: null,
  published_at: null,
  published_by_name: null,
  version: 3,
});

describe('tour settings screen', () => {
  it('shows the tab of the URL and asks for another through onTab', async () => {
    stubApi({ 'GET nine/tours/settings': () => jsonResponse(200, { data: settings }) });
    const onTab = vi.fn();
    renderWithProviders(
      <TourSettingsScreen locationId={1} canEdit currencySymbol="€" tab="general" onTab={onTab} />,
    );
    expect(await screen.findByText(/Europe\/Madrid/)).toBeTruthy();
    expect((screen.getByLabelText(/Default capacity/) as HTMLInputElement).value).toBe('12');
    const tab = screen.getByRole('tab', { name: 'Age groups' });
    fireEvent.focus(tab);
    fireEvent.click(tab);
    await waitFor(() => expect(onTab).toHaveBeenCalledWith('age-groups'));
  });

  it('refuses a minimum above the capacity without calling the server', async () => {
    const calls = stubApi({ 'GET nine/tours/settings': () => jsonResponse(200, { data: settings }) });
    renderWithProviders(<TourSettingsScreen locationId={1} canEdit currencySymbol="€" tab="general" />);
    const min = await screen.findByLabelText(/Default minimum participants/);
    fireEvent.change(min, { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The minimum cannot be more than the capacity.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves the participant fields and the rent orders’ terms with the other settings', async () => {
    const calls = stubApi({
      'GET nine/tours/settings': () => jsonResponse(200, { data: settings }),
      'GET nine/tours/terms': () => jsonResponse(200, { data: { rows: [waiver] } }),
      'PUT nine/tours/settings': () => jsonResponse(200, { data: { ...settings, version: 2 } }),
    });
    renderWithProviders(<TourSettingsScreen locationId={1} canEdit currencySymbol="€" tab="general" />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Phone' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Date of birth' }));
    const terms = screen.getByLabelText(/Terms riders of rent orders sign/);
    await screen.findByRole('option', { name: 'Activity waiver (version 1)' });
    fireEvent.change(terms, { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      participant_required_fields: ['phone', 'emergency_contact'],
      rent_terms_id: 4,
      version: 1,
    });
  });

  it('shows a published version read-only and publishes the draft after a permanent-action confirm', async () => {
    const calls = stubApi({
      'GET nine/tours/settings': () => jsonResponse(200, { data: settings }),
      'GET nine/tours/terms': () => jsonResponse(200, { data: { rows: [waiver] } }),
      'GET nine/tours/terms/4/versions': () =>
        jsonResponse(200, { data: { terms: waiver, versions: [draft, row({})] } }),
      'GET nine/tours/term-versions/10': () => jsonResponse(200, { data: row({}) }),
      'GET nine/tours/term-versions/11': () => jsonResponse(200, { data: draft }),
      'POST nine/tours/terms/4/publish': () =>
        jsonResponse(200, { data: { ...draft, status: 'published', published_at: '2026-11-25T10:00:00Z' } }),
    });
    const { toasts } = renderWithProviders(
      <TourSettingsScreen locationId={1} canEdit currencySymbol="€" tab="terms" />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Open Activity waiver' }));
    const history = await screen.findByRole('table', { name: 'Versions of Activity waiver' });
    expect(await within(history).findByText(/^Alex Admin, /)).toBeTruthy();
    const published = await screen.findByRole('region', { name: 'Version 1' });
    expect(published.querySelector('strong')?.textContent).toBe('v1');
    expect(await screen.findByRole('textbox', { name: 'Text of version 2 (draft)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Publish version 2?' });
    expect(confirm.textContent).toContain('can never change');
    expect(confirm.textContent).toContain('version 3');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ draft_id: 11, version: 3 });
    await waitFor(() => expect(toasts.map((t) => t.title)).toContain('Version 2 published.'));
  });

  it('publishes unsaved edits in one request and shows why a publish was refused', async () => {
    const calls = stubApi({
      'GET nine/tours/settings': () => jsonResponse(200, { data: settings }),
      'GET nine/tours/terms': () => jsonResponse(200, { data: { rows: [waiver] } }),
      'GET nine/tours/terms/4/versions': () =>
        jsonResponse(200, { data: { terms: waiver, versions: [draft, row({})] } }),
      'GET nine/tours/term-versions/10': () => jsonResponse(200, { data: row({}) }),
      'GET nine/tours/term-versions/11': () => jsonResponse(200, { data: draft }),
      'POST nine/tours/terms/4/publish': () =>
        jsonResponse(400, {
          resp_code: 1001,
          message: 'The request is not valid.',
          data: { issues: [{ path: 'body', code: 'required' }] },
        }),
    });
    renderWithProviders(<TourSettingsScreen locationId={1} canEdit currencySymbol="€" tab="terms" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open Activity waiver' }));
    await screen.findByRole('textbox', { name: 'Text of version 2 (draft)' });
    // An unsaved edit: the paragraph becomes a heading.
    fireEvent.click(screen.getByRole('button', { name: 'Heading 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Publish version 2?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toMatchObject({ draft_id: 11, version: 3, body: { type: 'doc' } });
    expect(JSON.stringify(posts[0]!.body)).toContain('heading');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    // The editor kept the edit.
    expect(
      screen.getByRole('textbox', { name: 'Text of version 2 (draft)' }).querySelector('h2'),
    ).toBeTruthy();
  });

  it('offers no business-wide edits to a manager of only some locations', async () => {
    stubApi({
      'GET nine/tours/settings': () =>
        jsonResponse(200, { data: { ...settings, business_wide_editable: false } }),
      'GET nine/tours/places': () => jsonResponse(200, { data: { rows: [] } }),
      'GET nine/tours/groups': () => jsonResponse(200, { data: { rows: [] } }),
      'GET nine/tours/terms': () => jsonResponse(200, { data: { rows: [waiver] } }),
      'GET nine/tours/terms/4/versions': () =>
        jsonResponse(200, { data: { terms: waiver, versions: [draft, row({})] } }),
      'GET nine/tours/term-versions/10': () => jsonResponse(200, { data: row({}) }),
      'GET nine/tours/age-groups': () => jsonResponse(200, { data: { rows: [] } }),
    });
    renderWithProviders(<TourSettingsScreen locationId={1} canEdit currencySymbol="€" variant="classic" />);
    expect(await screen.findByText('No tour groups yet.')).toBeTruthy();
    // The location's own lists stay editable.
    expect(await screen.findByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a group' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Open Activity waiver' }));
    await screen.findByRole('region', { name: 'Version 1' });
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
  });

  it('stacks every section in the classic variant', async () => {
    stubApi({
      'GET nine/tours/settings': () => jsonResponse(200, { data: settings }),
      'GET nine/tours/places': () => jsonResponse(200, { data: { rows: [] } }),
      'GET nine/tours/groups': () => jsonResponse(200, { data: { rows: [] } }),
      'GET nine/tours/terms': () => jsonResponse(200, { data: { rows: [] } }),
      'GET nine/tours/age-groups': () => jsonResponse(200, { data: { rows: [] } }),
    });
    renderWithProviders(
      <TourSettingsScreen locationId={1} canEdit={false} currencySymbol="€" variant="classic" />,
    );
    for (const name of ['General', 'Locations', 'Groups', 'Terms', 'Age groups'])
      expect(screen.getAllByRole('heading', { level: 2, name }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('tab')).toBeNull();
    expect(await screen.findByText('No tour groups yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a group' })).toBeNull();
  });
});
