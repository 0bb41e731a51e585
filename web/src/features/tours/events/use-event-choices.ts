import { useTourDefinitions } from '../api/definitions/list-tour-definitions.ts';
import { useLeaders } from '../api/leaders/get-leaders.ts';
import { useTourPlaces } from '../api/settings/get-tour-places.ts';

/*
 * The choices the events screens offer, read through the definitions, leaders and settings endpoints. A
 * location runs tens of tours and a handful of guides, so one page of the most a page holds is all of them.
 */

/** The location's tours by name; only the active ones (which take new events) with `status: 'active'`. */
export function useTourChoices(locationId: number | null, status?: 'active') {
  return useTourDefinitions(locationId, { status, page_size: 200, sort: 'name' }).data?.rows;
}

/** The active leaders working at the location, by name. */
export function useLeaderChoices(locationId: number | null) {
  return useLeaders(locationId, { active: 'active', page_size: 200, sort: 'name' }).data?.rows;
}

/** The location's active meeting points. */
export function useMeetingPointChoices(locationId: number | null) {
  return useTourPlaces(locationId, { kind: 'meeting_point', active: true }).data?.rows;
}
