/**
 * The statuses of a tour event (a departure) and the moves between them (issue #19). The server refuses any
 * other move (422 eventTransitionRefused) and the web app offers only these.
 */
export const tourEventStatuses = ['scheduled', 'confirmed', 'cancelled', 'completed'] as const;
export type TourEventStatus = (typeof tourEventStatuses)[number];

const transitions: Record<TourEventStatus, readonly TourEventStatus[]> = {
  scheduled: ['confirmed', 'cancelled', 'completed'],
  confirmed: ['cancelled', 'completed'],
  // Back to scheduled only while the event is still ahead (the server checks the time).
  cancelled: ['scheduled'],
  completed: [],
};

/** The statuses an event in `from` may move to. */
export function nextTourEventStatuses(from: TourEventStatus): readonly TourEventStatus[] {
  return transitions[from];
}

/**
 * Whether `from` → `to` is allowed. `startsInFuture` says whether the event is still ahead: a cancelled
 * event is scheduled again only then, and an event that has not started cannot be completed.
 */
export function canMoveTourEvent(
  from: TourEventStatus,
  to: TourEventStatus,
  startsInFuture: boolean,
): boolean {
  if (!transitions[from].includes(to)) return false;
  if (from === 'cancelled' && to === 'scheduled') return startsInFuture;
  if (to === 'completed') return !startsInFuture;
  return true;
}
