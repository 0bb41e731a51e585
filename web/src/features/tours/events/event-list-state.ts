import { tourEventStatuses, type TourEventStatus } from '@nine/shared/tour-event-status';
import { fromLocalInput } from '../../../lib/format.ts';
import { createListCodec, listField, type ListField } from '../../../lib/use-list-url-state.ts';
import type { TourEventListParams } from '../api/events/get-tour-events.ts';

export const EVENT_PAGE_SIZES = [10, 25, 50, 100, 200] as const;
export const eventWhen = ['upcoming', 'all'] as const;
export type EventWhen = (typeof eventWhen)[number];

/** The events list as its URL holds it: days are the location's calendar days (YYYY-MM-DD). */
export interface EventListState {
  page: number;
  pageSize: number;
  sortType: 'asc' | 'desc';
  /** Without a from day: from now on ('upcoming'), or every event ('all'). */
  when: EventWhen;
  from?: string;
  to?: string;
  definition?: number;
  group?: number;
  status?: TourEventStatus;
  /** Only the events the viewer leads. */
  mine?: 'true';
}

const day: (key: string) => ListField<string> = (key) => ({
  key,
  parse: (raw) =>
    /^\d{4}-\d{2}-\d{2}$/.test(raw) && fromLocalInput(`${raw}T00:00`) !== null ? raw : undefined,
});

export const eventListCodec = createListCodec<EventListState>(
  {
    page: listField.page(),
    pageSize: listField.pageSize(EVENT_PAGE_SIZES),
    sortType: listField.oneOf('sort_type', ['asc', 'desc']),
    when: listField.oneOf('when', eventWhen),
    from: day('from'),
    to: day('to'),
    definition: listField.id('definition'),
    group: listField.id('group'),
    status: listField.oneOf('status', tourEventStatuses),
    mine: listField.oneOf('mine', ['true']),
  },
  (pageSize) => ({ page: 1, pageSize, sortType: 'asc', when: 'upcoming' }),
);

/** The day after a calendar day (YYYY-MM-DD), across month and year ends. */
export function nextDay(value: string): string {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/**
 * The list's query: the from day's start and the end of the to day on the location's clock; without a
 * from day, 'upcoming' starts now.
 */
export function eventListParams(state: EventListState, now: Date): TourEventListParams {
  const from =
    state.from !== undefined
      ? (fromLocalInput(`${state.from}T00:00`) ?? undefined)
      : state.when === 'upcoming'
        ? now.toISOString()
        : undefined;
  const to = state.to === undefined ? undefined : (fromLocalInput(`${nextDay(state.to)}T00:00`) ?? undefined);
  return {
    page: state.page,
    page_size: state.pageSize,
    sort: 'starts_at',
    sort_type: state.sortType,
    from,
    to,
    definition_id: state.definition,
    group_id: state.group,
    status: state.status,
    mine: state.mine,
  };
}
