import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { DeliveryReportRow } from '@nine/shared/schemas/delivery';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { json, stubFetch } from '../../../testing/fake-fetch.ts';
import { renderAtPath } from '../../../testing/render-at-path.tsx';
import type { DeliveryReportParams } from '../api/get-delivery-report.ts';
import { parseReportParams, serializeReportParams } from '../report-params.ts';
import { DeliveryReportPrint } from './delivery-report-print.tsx';
import { DeliveryReport } from './delivery-report.tsx';

const runs: DeliveryReportRow[] = [
  {
    id: 11,
    sort: 0,
    no: 1,
    type: 'delivery',
    status: 'scheduled',
    scheduled: '2031-03-04T09:30:00',
    order: { id: 7, number: 1007 },
    customer: 'Ada Lovelace',
    address: '1 Pier',
    zip_code: '75011',
    zone: 'Centre',
    fee_minor: 500,
    items: [
      { id: 70, sku: 'BK-001', name: 'City bike', quantity: 1 },
      { id: 71, sku: null, name: 'Helmet', quantity: 2 },
    ],
  },
  {
    id: 12,
    sort: 1,
    no: 2,
    type: 'pickup',
    status: 'out',
    scheduled: '2031-03-04T16:00:00',
    order: { id: 8, number: 1008 },
    customer: null,
    address: '2 Dock',
    zip_code: null,
    zone: null,
    fee_minor: 0,
    items: [{ id: 80, sku: 'KY-9', name: 'Kayak', quantity: 1 }],
  },
];

let requests: Request[] = [];
let statuses: Record<number, string> = {};
function serve() {
  statuses = { 11: 'scheduled', 12: 'out' };
  requests = stubFetch(async (request, url) => {
    if (request.method === 'PATCH') {
      const id = Number(url.pathname.split('/').at(-1));
      const body = (await request.json()) as { status: string };
      statuses[id] = body.status;
      return json(200, { data: { id, status: body.status, sort: 0, order_id: 7 } });
    }
    const wanted = url.searchParams.get('type');
    return json(200, {
      data: runs
        .filter((run) => wanted === null || run.type === wanted)
        .map((run) => ({ ...run, status: statuses[run.id] })),
    });
  });
}

const wrap = (ui: ReactElement) => renderAtPath('/reports/delivery-report', ui);

setUpTranslatedSuite();

describe('delivery report', { timeout: 20_000 }, () => {
  it('lists the runs with the columns of spec section 3 and changes a status through the select', async () => {
    serve();
    const onParams = vi.fn();
    const { toasts } = wrap(
      <DeliveryReport
        title="Delivery Report"
        locationId={1}
        params={{ date: '2031-03-04' }}
        onParams={onParams}
        orderHref={(id) => `/rent-orders/${id}`}
        printHref={(params) => `/reports/delivery-report/print?${serializeReportParams(params)}`}
        canChange
      />,
    );
    const table = await screen.findByRole('table', { name: 'Deliveries and pick-ups' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Sort',
      'No.',
      'Type',
      'Scheduled',
      'Order',
      'Address',
      'Zip code',
      'Zone',
      'Items',
      'Status',
    ]);
    const first = within(table).getAllByRole('row')[1]!;
    // The time in the interface language's clock (en-US: 12-hour).
    expect(first.textContent).toMatch(/9:30\sAM/);
    expect(first.textContent).toContain('1 Pier');
    expect(first.textContent).toContain('75011');
    // The delivery zone the zip matched, with its fee (delivery settings).
    expect(first.textContent).toContain('Centre · $5.00');
    expect(first.textContent).toContain('1 × City bike (BK-001)');
    expect(first.textContent).toContain('2 × Helmet');
    expect(within(first).getByRole('link', { name: '1007' }).getAttribute('href')).toBe('/rent-orders/7');
    expect(screen.getByRole('link', { name: 'Print' }).getAttribute('href')).toBe(
      '/reports/delivery-report/print?date=2031-03-04',
    );
    expect(new URL(requests[0]!.url).search).toBe('?date=2031-03-04');

    const select = screen.getByRole('combobox', { name: 'Status of run 1' }) as HTMLSelectElement;
    expect(select.value).toBe('scheduled');
    fireEvent.change(select, { target: { value: 'done' } });
    await waitFor(() => expect(toasts.map((toast) => toast.title)).toEqual(['Run 1 is now Done.']));
    const patch = requests.find((request) => request.method === 'PATCH')!;
    expect(new URL(patch.url).pathname).toBe('/api/nine/deliveries/11');
    expect(await patch.json()).toEqual({ status: 'done' });
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Status of run 1' }) as HTMLSelectElement).value).toBe(
        'done',
      ),
    );

    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'pickup' } });
    expect(onParams).toHaveBeenLastCalledWith({ date: '2031-03-04', type: 'pickup' });
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2031-03-05' } });
    expect(onParams).toHaveBeenLastCalledWith({ date: '2031-03-05' });
  });

  it('shows statuses as text without the change permission, and says when a day has no runs', async () => {
    serve();
    const { unmount } = wrap(
      <DeliveryReport
        title="Delivery Report"
        locationId={1}
        params={{ date: '2031-03-04', type: 'pickup' }}
        onParams={() => {}}
        orderHref={(id) => `/${id}`}
        printHref={() => '/print'}
        canChange={false}
      />,
    );
    const table = await screen.findByRole('table', { name: 'Deliveries and pick-ups' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).queryByRole('combobox')).toBeNull();
    expect(table.textContent).toContain('Out');
    unmount();

    stubFetch(() => json(200, { data: [] }));
    wrap(
      <DeliveryReport
        title="Delivery Report"
        locationId={1}
        params={{ date: '2031-01-01' }}
        onParams={() => {}}
        orderHref={(id) => `/${id}`}
        printHref={() => '/print'}
        canChange
      />,
    );
    expect(await screen.findByText('No deliveries or pick-ups on this day.')).toBeTruthy();
  });

  it('prints the day on an A4 sheet through the browser', async () => {
    serve();
    // happy-dom has no print dialog.
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const params: DeliveryReportParams = { date: '2031-03-04' };
    wrap(
      <DeliveryReportPrint
        locationId={1}
        locationName="Old Town"
        params={params}
        backHref="/reports/delivery-report?date=2031-03-04"
      />,
    );
    expect(
      await screen.findByRole('heading', { name: 'Deliveries and pick-ups on 03/04/2031' }),
    ).toBeTruthy();
    const sheet = screen.getByRole('table', { name: 'Deliveries and pick-ups' });
    expect(within(sheet).getAllByRole('row')).toHaveLength(3);
    expect(sheet.textContent).toContain('2 Dock');
    expect(screen.getByText('2 runs')).toBeTruthy();
    const styles = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '');
    expect(styles.some((css) => css.includes('@page { size: A4; margin: 12mm; }'))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Back to the report' }).getAttribute('href')).toBe(
      '/reports/delivery-report?date=2031-03-04',
    );
  });
});

describe('report params', () => {
  it('reads the day and filters from the URL, and falls back to today for a wrong day', () => {
    expect(parseReportParams('date=2031-03-04&type=pickup&status=out', '2030-01-01')).toEqual({
      date: '2031-03-04',
      type: 'pickup',
      status: 'out',
    });
    expect(parseReportParams('date=tomorrow&type=boat&status=lost', '2030-01-01')).toEqual({
      date: '2030-01-01',
    });
    expect(serializeReportParams({ date: '2031-03-04', status: 'done' })).toBe('date=2031-03-04&status=done');
  });
});
