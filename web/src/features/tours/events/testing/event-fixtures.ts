import type { TourEventDetail } from '@nine/shared/schemas/tours/events';

/** Departure 5 of the Sunset Kayak tour (definition 2), in UTC, three of twelve seats taken. */
export function eventDetailFixture(overrides: Partial<TourEventDetail> = {}): TourEventDetail {
  return {
    id: 5,
    definition_id: 2,
    definition_name: 'Sunset Kayak',
    definition_code: 'SUNSET',
    group_id: 1,
    group_name: 'Kayak',
    group_color: 'teal',
    series_id: null,
    detached: false,
    occurrence_day: null,
    starts_at: '2030-06-04T09:00:00.000Z',
    ends_at: '2030-06-04T11:00:00.000Z',
    duration_minutes: 120,
    status: 'scheduled',
    status_reason: null,
    capacity: 12,
    min_participants: 2,
    seats_taken: 3,
    leaders: 0,
    leader_names: [],
    leader_list: [],
    leaders_needed: 1,
    private_order_id: null,
    note: null,
    meeting_point: { id: 1, name: 'Harbor gate', address: 'Pier 4', instructions: null },
    time_zone: 'UTC',
    equipment_short: [],
    version: 4,
    ...overrides,
  };
}
