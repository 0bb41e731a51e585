import { describe, expect, it } from 'vitest';
import { isGroup, sideMenu, visibleMenu, type MenuEntry } from './menu.ts';
import { routeTable, type RouteDef } from './route-table.ts';

const route = (name: string, resources: RouteDef['resources'] = []): RouteDef =>
  ({ name, path: `/${name}`, titleKey: null, resources, layout: 'dashboard' }) as unknown as RouteDef;

const menu: MenuEntry[] = [
  {
    label: 'dashboard',
    route: 'DashboardIndex',
    children: [{ label: 'action_panel', route: 'actionPanel' }],
  },
  {
    label: 'orders',
    children: [
      { label: 'rent_orders', route: 'rentOrders' },
      { label: 'sale_orders', route: 'saleOrders' },
    ],
  },
  { label: 'staff', children: [{ label: 'users', route: 'usersManagement' }] },
  { label: 'download_center', route: 'downloadCenter' },
  { label: 'version_history', route: 'versionHistory' },
];

const routes = [
  route('DashboardIndex'),
  route('rentOrders', ['rent_order']),
  route('saleOrders', ['sell_order']),
  route('usersManagement', ['staff']),
  route('versionHistory'),
];

const labels = (items: ReturnType<typeof visibleMenu>) =>
  items.map((i) => (i.children.length ? `${i.label}[${i.children.map((c) => c.label).join(',')}]` : i.label));

describe('visibleMenu', () => {
  it('hides items whose route is not in the route table', () => {
    const shown = visibleMenu(menu, { routes, permissions: [] });
    expect(labels(shown)).toEqual(['dashboard', 'version_history']);
  });

  it('hides items whose resources the user lacks, and groups left empty', () => {
    const shown = visibleMenu(menu, { routes, permissions: [{ resource: 'sell_order', action: 'view' }] });
    expect(labels(shown)).toEqual(['dashboard', 'orders[sale_orders]', 'version_history']);
  });

  it('shows a whole group when the user holds every resource', () => {
    const shown = visibleMenu(menu, {
      routes,
      permissions: [
        { resource: 'rent_order', action: 'any' },
        { resource: 'sell_order', action: 'manage' },
        { resource: 'staff', action: 'view' },
      ],
    });
    expect(labels(shown)).toEqual([
      'dashboard',
      'orders[rent_orders,sale_orders]',
      'staff[users]',
      'version_history',
    ]);
    expect(shown[1]?.route).toBeUndefined();
  });

  it('with the real route table shows Local and Version History to all, Activity only with activity', () => {
    const clerk = ['rent_order', 'sell_order', 'staff', 'customer', 'tour'].map((resource) => ({
      resource,
      action: 'any',
    })) as Parameters<typeof visibleMenu>[1]['permissions'];
    const shown = labels(visibleMenu(sideMenu, { permissions: clerk }));
    expect(shown[0]).toBe('dashboard');
    expect(shown).toContain('configurations[local_settings]');
    expect(shown).toContain('version_history');

    const admin = visibleMenu(sideMenu, {
      permissions: [...clerk, { resource: 'activity', action: 'view' }],
    });
    expect(labels(admin)).toContain('configurations[local_settings,activity_settings]');
    const configurations = admin.find((item) => item.label === 'configurations');
    expect(configurations?.children.map((c) => c.route?.path)).toEqual([
      '/local-settings',
      '/settings/activity',
    ]);
  });

  it('carries the full side-menu structure of the spec as data', () => {
    expect(sideMenu.map((e) => e.label)).toEqual([
      'dashboard',
      'orders',
      'invoices',
      'financial_reports',
      'inventory_reports',
      'operational_reports',
      'inventory',
      'customers',
      'staff',
      'tours',
      'configurations',
      'sms_messaging',
      'download_center',
      'availability_calendar',
      'support',
      'version_history',
      'template_assignment',
    ]);
    const dashboard = sideMenu[0];
    expect(dashboard && isGroup(dashboard) ? dashboard.children.map((c) => c.label) : []).toEqual([
      'action_panel',
      'report_panel',
      'client_portal',
    ]);
    expect(routeTable.length).toBeGreaterThan(0);
  });
});

describe('the Tours group', () => {
  const tourMenu: MenuEntry[] = [
    {
      label: 'tours',
      feature: 'tour',
      children: [
        { label: 'tour_settings', route: 'tourManagementSettings', legacyRoute: 'tourSettings' },
        { label: 'tour_leaders', route: 'tourLeaders' },
        { label: 'tour_events', route: 'tourEvents', legacyRoute: 'tourInstances' },
      ],
    },
    { label: 'version_history', route: 'versionHistory' },
  ];
  const tourRoutes = [
    ...['tourManagementSettings', 'tourSettings', 'tourLeaders', 'tourEvents', 'tourInstances'].map((name) =>
      route(name, ['tour']),
    ),
    route('versionHistory'),
  ];
  const guide = [{ resource: 'tour', action: 'view' }] as Parameters<typeof visibleMenu>[1]['permissions'];
  const targets = (filter: Partial<Parameters<typeof visibleMenu>[1]>) =>
    visibleMenu(tourMenu, { routes: tourRoutes, permissions: guide, ...filter })
      .find((item) => item.label === 'tours')
      ?.children.map((child) => child.route?.name);

  it('is hidden while the business has tours off, or before it is known', () => {
    expect(targets({ features: { tour: false }, newTourInterface: true })).toBeUndefined();
    expect(targets({ newTourInterface: true })).toBeUndefined();
  });

  it('is hidden without the tour permission', () => {
    expect(targets({ features: { tour: true }, permissions: [] })).toBeUndefined();
  });

  it('opens the new screens with the new tour interface, the classic ones without', () => {
    expect(targets({ features: { tour: true }, newTourInterface: true })).toEqual([
      'tourManagementSettings',
      'tourLeaders',
      'tourEvents',
    ]);
    expect(targets({ features: { tour: true }, newTourInterface: false })).toEqual([
      'tourSettings',
      'tourLeaders',
      'tourInstances',
    ]);
  });

  it("maps the real menu's tour entries to their classic routes", () => {
    const tours = sideMenu.find((entry) => entry.label === 'tours');
    expect(tours && isGroup(tours) ? tours.feature : undefined).toBe('tour');
    const legacy =
      tours && isGroup(tours) ? tours.children.map((c) => [c.route, c.legacyRoute ?? c.route]) : [];
    expect(legacy).toEqual([
      ['tourManagementSettings', 'tourSettings'],
      ['tourDefinitionsList', 'tourDefinitions'],
      ['tourLeaders', 'tourLeaders'],
      ['tourReservations', 'tourReservations'],
      ['tourReservationList', 'tourReservationList'],
      ['tourEventsCalendar', 'tourEventsCalendar'],
      ['tourEvents', 'tourInstances'],
    ]);
  });
});
