import { describe, expect, it } from 'vitest';
import { equipmentNeeds, type TourEquipmentItem } from '../src/tour-equipment.ts';

const ADULT = 1;
const CHILD = 2;
const KAYAK = 10;
const VEST = 11;
const DRYBAG = 12;

const items: TourEquipmentItem[] = [
  { product_id: KAYAK, per: 'participant', age_group_id: ADULT, units: 1, per_count: 2 },
  { product_id: VEST, per: 'participant', age_group_id: null, units: 1, per_count: 1 },
  { product_id: DRYBAG, per: 'booking', age_group_id: null, units: 1, per_count: 1 },
];

describe('equipmentNeeds', () => {
  it('rounds per-participant needs up and counts per-booking items once', () => {
    const needs = equipmentNeeds(items, { [ADULT]: 3, [CHILD]: 1 });
    expect(needs.get(KAYAK)).toBe(2); // ceil(3 / 2)
    expect(needs.get(VEST)).toBe(4); // everyone
    expect(needs.get(DRYBAG)).toBe(1);
  });

  it('accepts a Map and leaves out products nobody needs', () => {
    const needs = equipmentNeeds(items, new Map([[CHILD, 2]]));
    expect(needs.has(KAYAK)).toBe(false);
    expect(needs.get(VEST)).toBe(2);
    expect(needs.get(DRYBAG)).toBe(1);
  });

  it('needs nothing for an empty party', () => {
    expect(equipmentNeeds(items, {}).size).toBe(0);
  });

  it('adds lines of the same product together', () => {
    const two: TourEquipmentItem[] = [
      { product_id: VEST, per: 'participant', age_group_id: ADULT, units: 1, per_count: 1 },
      { product_id: VEST, per: 'participant', age_group_id: CHILD, units: 2, per_count: 1 },
    ];
    expect(equipmentNeeds(two, { [ADULT]: 2, [CHILD]: 3 }).get(VEST)).toBe(8);
  });
});
