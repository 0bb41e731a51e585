import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { MaintenanceReport as Report, RepairLogReport } from '@nine/shared/schemas/stock';
import { categoryRow } from '../../../testing/category-fixtures.ts';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { json, stubFetch } from '../../../testing/fake-fetch.ts';
import { renderAtPath } from '../../../testing/render-at-path.tsx';
import { MaintenanceReport } from './maintenance-report.tsx';
import {
  parseMaintenanceReportState,
  parseRepairLogReportState,
  reportQueryOf,
  serializeReportState,
} from './report-params.ts';
import { categoryOptions } from './report-controls.tsx';
import { MaintenanceReportPrint } from './maintenance-report-print.tsx';
import { RepairLogsReportPrint } from './repair-logs-report-print.tsx';
import { RepairLogsReport } from './repair-logs-report.tsx';

const repairReport: RepairLogReport = {
  rows: [
    {
      id: 5,
      item_id: 50,
      item_sku: 'BK-7',
      product_id: 9,
      product_name: 'City bike',
      problem: 'Bent fork',
      order_number: 1001,
      opened_at: '2031-03-02T09:00:00Z',
      opened_by: 'Lea',
      work_count: 2,
      cost_minor: 3750,
      closed_at: '2031-03-03T21:00:00Z',
      days_out: 1.5,
      status: 'closed',
    },
  ],
  total: 1,
  total_capped: false,
  page: 1,
  page_size: 25,
  totals: { logs: 1, open: 0, cost_minor: 3750, avg_days_out: 1.5 },
};

const maintenanceReport: Report = {
  rows: [
    {
      item_id: 60,
      sku: 'KY-2',
      product_id: 10,
      product_name: 'Kayak',
      every_rent_hours: 10,
      every_days: 30,
      rent_hours_since_service: 12,
      days_since_service: 4,
      due_in_hours: -2,
      due_in_days: 26,
      status: 'due',
      last_serviced_at: null,
      open_repair_log_id: null,
    },
  ],
  total: 1,
  total_capped: false,
  page: 1,
  page_size: 25,
  counts: { ok: 3, due_soon: 0, due: 1, in_repair: 2 },
  period: {
    services: 4,
    repairs_closed: 3,
    repairs_cost_minor: 12_000,
    other_services_cost_minor: 500,
    cost_minor: 12_500,
  },
};

let requests: URL[] = [];
function serve() {
  requests = [];
  stubFetch((_request, url) => {
    requests.push(url);
    if (url.pathname.endsWith('/categories')) return json(403, { resp_code: 1003, resp_message: 'No' });
    if (url.pathname.endsWith('/catalogue/products')) return json(200, { data: { rows: [] } });
    if (url.pathname.endsWith('/reports/maintenance')) return json(200, { data: maintenanceReport });
    return json(200, { data: repairReport });
  });
}

const wrap = (ui: ReactElement) => renderAtPath('/reports/repair-logs', ui).location;

const now = new Date(2031, 2, 15, 10);

/** What both report screens take beside their title, money and state: rows open their rent product. */
const reportProps = () => ({
  locationId: 1,
  onChange: vi.fn(),
  onClear: () => {},
  rowHref: (row: { product_id: number }) => `/inventory/detail/rent/${row.product_id}`,
  now,
});

setUpTranslatedSuite();

describe('report params', () => {
  it('defaults to this month, keeps filters in the URL and turns the preset into days', () => {
    const state = parseRepairLogReportState('');
    expect(state).toEqual({ preset: 'current_month', sort: 'opened_at', dir: 'desc', page: 1 });
    expect(reportQueryOf(state, now)).toMatchObject({ from: '2031-03-01', to: '2031-03-31', page_size: 25 });

    const again = parseRepairLogReportState(
      serializeReportState({
        ...state,
        status: 'open',
        product_id: 9,
        search: 'BK',
        sort: 'cost',
        dir: 'asc',
      }),
    );
    expect(again).toMatchObject({ status: 'open', product_id: 9, search: 'BK', sort: 'cost', dir: 'asc' });
    expect(parseRepairLogReportState('status=lost&sort=nope&page=-2')).toEqual(state);

    const custom = parseMaintenanceReportState('preset=custom&from=2031-01-05&to=2031-01-09&status=due');
    expect(reportQueryOf(custom, now)).toMatchObject({
      from: '2031-01-05',
      to: '2031-01-09',
      status: 'due',
      sort: 'due_in',
      dir: 'asc',
    });
    expect(reportQueryOf(parseMaintenanceReportState('preset=no_date_filter'), now)).not.toHaveProperty(
      'from',
    );
  });
});

describe('repair logs report', { timeout: 20_000 }, () => {
  it('shows the logs with money, totals from the server and sorts through the URL state', async () => {
    serve();
    const props = reportProps();
    wrap(
      <RepairLogsReport
        {...props}
        title="Repair Logs"
        currencySymbol="€"
        state={parseRepairLogReportState('status=closed')}
        printHref="/reports/repair-logs/print"
      />,
    );
    const table = await screen.findByRole('table', { name: 'Repair logs' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Bent fork');
    expect(row.textContent).toContain('€37.50');
    expect(row.textContent).toContain('Closed');
    expect(within(row).getByRole('link', { name: 'Open repair log of BK-7' }).getAttribute('href')).toBe(
      '/inventory/detail/rent/9',
    );
    const totals = screen.getByRole('region', { name: 'Totals of the filtered logs' });
    expect(totals.textContent).toContain('€37.50');
    expect(totals.textContent).toContain('Average days out of service1.5');

    const asked = requests.find((url) => url.pathname.endsWith('/stock/reports/repair-logs'))!;
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      from: '2031-03-01',
      to: '2031-03-31',
      status: 'closed',
      sort: 'opened_at',
      dir: 'desc',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Sort by Total cost' }));
    expect(props.onChange).toHaveBeenCalledWith({ sort: 'cost', dir: 'asc' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'open' } });
    expect(props.onChange).toHaveBeenLastCalledWith({ status: 'open' });
    // The categories belong to inventory holders: without them the filter is left out, not broken.
    await waitFor(() => expect(requests.some((url) => url.pathname.endsWith('/categories'))).toBe(true));
    expect(screen.queryByRole('combobox', { name: 'Category' })).toBeNull();
  });
});

describe('maintenance report', { timeout: 20_000 }, () => {
  it('shows the rule, due-in with overdue hours, status counts and the period’s services', async () => {
    serve();
    const props = reportProps();
    wrap(
      <MaintenanceReport
        {...props}
        title="Maintenance report"
        currencySymbol="$"
        state={parseMaintenanceReportState('')}
        printHref="/reports/maintenance/print"
      />,
    );
    const table = await screen.findByRole('table', { name: 'Items under a maintenance rule' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Every 10 rent hours · Every 30 days');
    expect(row.textContent).toContain('2 rent h overdue · 26 d');
    expect(row.textContent).toContain('Never');
    const period = screen.getByTestId('maintenance-period');
    expect(period.textContent).toContain('$120.00');
    expect(period.textContent).toContain('$125.00');
    fireEvent.click(screen.getByRole('button', { name: 'Due: 1' }));
    expect(props.onChange).toHaveBeenCalledWith({ status: 'due' });
  });
});

describe('repair logs print view', { timeout: 20_000 }, () => {
  it('asks for the largest page of the same filters and prints the totals on the sheet', async () => {
    serve();
    wrap(
      <RepairLogsReportPrint
        locationId={1}
        locationName="Harbor Front"
        currencySymbol="$"
        state={parseRepairLogReportState('status=closed&page=3')}
        backHref="/reports/repair-logs?status=closed"
        now={now}
      />,
    );
    expect((await screen.findByTestId('repair-log-print-totals')).textContent).toBe(
      'Logs: 1 · Open: 0 · Total cost: $37.50 · Average days out of service: 1.5',
    );
    expect(screen.getByText('Harbor Front')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Repair logs' }).textContent).toContain('BK-7');
    const asked = requests.find((url) => url.pathname.endsWith('/stock/reports/repair-logs'))!;
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      status: 'closed',
      page: '1',
      page_size: '200',
    });
    expect(screen.getByRole('link', { name: 'Back to the report' }).getAttribute('href')).toBe(
      '/reports/repair-logs?status=closed',
    );
  });
});

describe('maintenance print view', { timeout: 20_000 }, () => {
  it('prints the period’s figures and the same columns as plain text', async () => {
    serve();
    wrap(
      <MaintenanceReportPrint
        locationId={1}
        locationName={null}
        currencySymbol="$"
        state={parseMaintenanceReportState('')}
        backHref="/reports/maintenance"
        now={now}
      />,
    );
    expect((await screen.findByTestId('maintenance-print-period')).textContent).toBe(
      'Services: 4 · Repairs closed: 3 · Repair cost: $120.00 · Other services cost: $5.00 · Total cost: $125.00',
    );
    const table = screen.getByRole('table', { name: 'Items under a maintenance rule' });
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'Kayak',
      'KY-2',
      'Every 10 rent hours · Every 30 days',
      '12',
      '4',
      '2 rent h overdue · 26 d',
      'Due',
      'Never',
    ]);
    expect(within(table).queryByRole('link')).toBeNull();
  });
});

describe('category options', () => {
  it('puts children under their parent with their depth', () => {
    const options = categoryOptions([
      categoryRow(3, 1, 'Sit-on-top'),
      categoryRow(1, null, 'Kayaks', 1),
      categoryRow(2, null, 'Bikes', 0),
      categoryRow(4, 1, 'Inflatable'),
    ]);
    expect(options.map((o) => `${o.depth}:${o.name}`)).toEqual([
      '0:Bikes',
      '0:Kayaks',
      '1:Inflatable',
      '1:Sit-on-top',
    ]);
  });
});
