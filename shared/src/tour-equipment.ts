// Rental equipment a party of a tour needs (docs/design/tours.md 1.2): per participant items count
// ceil(participants × units / per_count) of their age group (every group when none is named); per booking
// items count `units` once. Used by the events' equipment check (#19) and by booking (#20).

export interface TourEquipmentItem {
  product_id: number;
  per: 'participant' | 'booking';
  age_group_id: number | null;
  units: number;
  per_count: number;
}

/** Seats of the party by age group id. */
export type SeatsByAgeGroup = ReadonlyMap<number, number> | Readonly<Record<number, number>>;

function seatsOf(seats: SeatsByAgeGroup): Map<number, number> {
  return seats instanceof Map
    ? new Map(seats)
    : new Map(Object.entries(seats).map(([k, v]) => [Number(k), v]));
}

/** Units needed per product for one booking (or the worst case of an event), products with no need left out. */
export function equipmentNeeds(
  items: readonly TourEquipmentItem[],
  seatsByAgeGroup: SeatsByAgeGroup,
): Map<number, number> {
  const seats = seatsOf(seatsByAgeGroup);
  const total = [...seats.values()].reduce((sum, n) => sum + n, 0);
  const needs = new Map<number, number>();
  for (const item of items) {
    let need: number;
    if (item.per === 'booking') need = total > 0 ? item.units : 0;
    else {
      const people = item.age_group_id === null ? total : (seats.get(item.age_group_id) ?? 0);
      need = Math.ceil((people * item.units) / item.per_count);
    }
    if (need > 0) needs.set(item.product_id, (needs.get(item.product_id) ?? 0) + need);
  }
  return needs;
}
