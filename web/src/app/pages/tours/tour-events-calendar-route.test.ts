import { describe, expect, it } from 'vitest';
import { routeAccess } from '../../route-access.ts';
import { routeFor } from '../../route-at.ts';
import { pageLoaders } from '../../route-pages.tsx';
import { pathTo } from '../../route-table.ts';
import { TourEventsCalendarPage } from './tour-events-calendar-page.tsx';

describe('the tour events calendar route', () => {
  it('answers /tours/events/calendar with its own page chunk', async () => {
    expect(pathTo('tourEventsCalendar')).toBe('/tours/events/calendar');
    expect(routeFor('/tours/events/calendar')?.name).toBe('tourEventsCalendar');
    expect((await pageLoaders.tourEventsCalendar()).default).toBe(TourEventsCalendarPage);
  });

  it('admits whoever may see tours, a guide with tour:view included, and nobody else', () => {
    const route = routeFor('/tours/events/calendar')!;
    const viewer = (permissions: { resource: 'tour' | 'customer'; action: 'view' | 'change' }[]) => ({
      signedIn: true,
      permissions,
      features: { tour: true },
    });
    expect(routeAccess(route, viewer([{ resource: 'tour', action: 'view' }]))).toEqual({ kind: 'render' });
    expect(routeAccess(route, viewer([{ resource: 'tour', action: 'change' }]))).toEqual({ kind: 'render' });
    expect(routeAccess(route, viewer([{ resource: 'customer', action: 'view' }])).kind).not.toBe('render');
  });
});
