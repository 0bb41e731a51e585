import {
  tourReservationSortFields,
  tourReservationStatusFilters,
  type TourReservationStatusFilter,
} from '@nine/shared/schemas/tours/reservations';
import { createListCodec, listField, PAGE_SIZES, type ListField } from '../../../lib/use-list-url-state.ts';
import type { TourReservationListParams } from '../api/reservations/get-tour-reservations.ts';

export type ReservationSort = (typeof tourReservationSortFields)[number];

/** The reservations list as its URL holds it; days are the location's calendar days (YYYY-MM-DD). */
export interface ReservationListState {
  page: number;
  pageSize: number;
  sort: ReservationSort;
  sortType: 'asc' | 'desc';
  search?: string;
  /** One event: the list becomes that event's manifest. */
  event?: number;
  /** One tour (definition): its departures' reservations. */
  tour?: number;
  from?: string;
  to?: string;
  status: TourReservationStatusFilter;
  balance?: 'due' | 'paid';
  signed?: 'complete' | 'incomplete';
}

const day: (key: string) => ListField<string> = (key) => ({
  key,
  parse: (raw) => (/^\d{4}-\d{2}-\d{2}$/.test(raw) && !Number.isNaN(Date.parse(raw)) ? raw : undefined),
});

export const reservationListCodec = createListCodec<ReservationListState>(
  {
    page: listField.page(),
    pageSize: listField.pageSize(PAGE_SIZES),
    sort: listField.oneOf('sort', tourReservationSortFields),
    sortType: listField.oneOf('sort_type', ['asc', 'desc']),
    search: listField.text('search'),
    event: listField.id('event'),
    tour: listField.id('tour'),
    from: day('from'),
    to: day('to'),
    status: listField.oneOf('status', tourReservationStatusFilters),
    balance: listField.oneOf('balance', ['due', 'paid']),
    signed: listField.oneOf('signed', ['complete', 'incomplete']),
  },
  (pageSize) => ({ page: 1, pageSize, sort: 'created_at', sortType: 'desc', status: 'all' }),
);

/** The list's query string: the URL state in the server's words. */
export function reservationListParams(state: ReservationListState): TourReservationListParams {
  return {
    page: state.page,
    page_size: state.pageSize,
    sort: state.sort,
    sort_type: state.sortType,
    search: state.search,
    event_id: state.event,
    definition_id: state.tour,
    from: state.from,
    to: state.to,
    status: state.status,
    balance: state.balance,
    signed: state.signed,
  };
}

/** True when any filter narrows the list (the empty text then says "no match"). */
export function reservationListFiltered(state: ReservationListState): boolean {
  return (
    state.search !== undefined ||
    state.event !== undefined ||
    state.tour !== undefined ||
    state.from !== undefined ||
    state.to !== undefined ||
    state.status !== 'all' ||
    state.balance !== undefined ||
    state.signed !== undefined
  );
}
