import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BusinessInfo } from '@nine/shared/schemas/settings';
import { json, stubFetch } from '../../../../testing/fake-fetch.ts';
import { setUpTranslatedSuite } from '../../../../testing/i18n-suite.ts';
import { renderAtPath } from '../../../../testing/render-at-path.tsx';
import { GeneralInfoSection, type CustomerFieldRender } from './general-info-section.tsx';

setUpTranslatedSuite();

const info: BusinessInfo = {
  accept_external_payments: true,
  add_adhoc_to_order: true,
  site_title: 'Nine Bikes & Kayaks',
  site_logo: null,
  invoice_logo: null,
  site_url: 'https://nine.test',
  // The location's own address replaces the business's here; the section edits the business's.
  address: '3 Harbor Way',
  sale_order_default_customer: 'anonymous',
  email: 'harbor@nine.test',
  tel: '+1 415 555 0199',
  url: 'https://nine.test',
  url_prefix: 'nine',
  zip_code: '94111',
  tour_is_enabled: true,
  process_external_refunds: false,
  sms_is_enabled: true,
  suspension_alert: null,
  version: 4,
  sale_default_customer_id: null,
  sale_default_customer_name: null,
  business_contact: {
    address: '12 Pier Road, San Francisco',
    zip_code: '94133',
    email: 'hello@nine.test',
    tel: '+1 415 555 0100',
  },
};

// A stand-in for the orders feature's customer search, which the page composes in.
const customerField: CustomerFieldRender = ({ value, onChange }) => (
  <div>
    <p>Chosen: {value?.name ?? 'Walk-in customer'}</p>
    <button type="button" onClick={() => onChange({ id: 42, name: 'Ada Lovelace' })}>
      Choose Ada
    </button>
  </div>
);

describe('business settings, general information', { timeout: 20_000 }, () => {
  it('keeps what is being typed when a logo upload moves the version, and saves with the newer one', async () => {
    const sent: { version?: number; suspension_alert?: string }[] = [];
    stubFetch(async (request) => {
      sent.push((await request.json()) as (typeof sent)[number]);
      return json(200, { data: {} });
    });
    const view = renderAtPath(
      '/',
      <GeneralInfoSection info={info} canChange customerField={customerField} />,
    );
    const alertField = () =>
      within(screen.getByRole('form', { name: 'General Information' })).getByRole('textbox', {
        name: 'Suspension alert',
      }) as HTMLInputElement;
    fireEvent.change(alertField(), { target: { value: 'Call the office.' } });
    // The logos section saved: the same row, a new version, these fields unchanged.
    view.rerender(
      <GeneralInfoSection
        info={{ ...info, version: 5, site_logo: 'a.png' }}
        canChange
        customerField={customerField}
      />,
    );
    expect(alertField().value).toBe('Call the office.');
    fireEvent.click(
      within(screen.getByRole('form', { name: 'General Information' })).getByRole('button', { name: 'Save' }),
    );
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ version: 5, suspension_alert: 'Call the office.' });
  });

  it('edits the business’s own values and saves them with the version shown', async () => {
    const sent: unknown[] = [];
    stubFetch(async (request) => {
      sent.push(await request.json());
      return json(200, { data: {} });
    });
    renderAtPath('/', <GeneralInfoSection info={info} canChange customerField={customerField} />);
    const form = screen.getByRole('form', { name: 'General Information' });
    expect((within(form).getByRole('textbox', { name: /Site title/ }) as HTMLInputElement).value).toBe(
      'Nine Bikes & Kayaks',
    );
    expect((within(form).getByRole('textbox', { name: 'Address' }) as HTMLInputElement).value).toBe(
      '12 Pier Road, San Francisco',
    );
    fireEvent.change(within(form).getByRole('textbox', { name: 'Suspension alert' }), {
      target: { value: 'Call the office.' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Choose Ada' }));
    expect(within(form).getByText('Chosen: Ada Lovelace')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      version: 4,
      site_title: 'Nine Bikes & Kayaks',
      site_url: 'https://nine.test',
      url_prefix: 'nine',
      address: '12 Pier Road, San Francisco',
      zip_code: '94133',
      email: 'hello@nine.test',
      tel: '+1 415 555 0100',
      sale_default_customer_id: 42,
      suspension_alert: 'Call the office.',
    });
  });

  it('says what is wrong before sending a bad address', async () => {
    const sent: unknown[] = [];
    stubFetch(async (request) => {
      sent.push(request.url);
      return json(200, { data: {} });
    });
    renderAtPath('/', <GeneralInfoSection info={info} canChange customerField={customerField} />);
    const form = screen.getByRole('form', { name: 'General Information' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Site URL' }), {
      target: { value: 'nine.test' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter an address starting with http:// or https://.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('shows the values without a form to someone who may not change them', () => {
    renderAtPath('/', <GeneralInfoSection info={info} canChange={false} customerField={customerField} />);
    expect(screen.queryByRole('form', { name: 'General Information' })).toBeNull();
    expect(screen.getByText('12 Pier Road, San Francisco')).toBeTruthy();
    expect(screen.getByText('Walk-in customer')).toBeTruthy();
    expect(screen.getByText('Not set')).toBeTruthy();
  });
});
