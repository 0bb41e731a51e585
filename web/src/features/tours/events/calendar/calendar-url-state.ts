import { oneOf, positiveInt } from '../../../../lib/list-query.ts';
import { withoutUndefined, type ListUrlCodec } from '../../../../lib/use-list-url-state.ts';

/** The views the calendar offers, as the address names them. */
export const CALENDAR_VIEWS = ['month', 'week', 'day'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** FullCalendar's name of each view (standard plugins: daygrid, timegrid). */
export const fullCalendarView = {
  month: 'dayGridMonth',
  week: 'timeGridWeek',
  day: 'timeGridDay',
} as const satisfies Record<CalendarView, string>;

export function viewOfFullCalendar(type: string): CalendarView | undefined {
  return CALENDAR_VIEWS.find((view) => fullCalendarView[view] === type);
}

/** What the address holds: view, the date shown (none: today), the group and tour filters. */
export interface CalendarState {
  view: CalendarView;
  /** YYYY-MM-DD at the location. */
  date?: string;
  groupId?: number;
  definitionId?: number;
}

const KEYS = { view: 'view', date: 'date', groupId: 'group_id', definitionId: 'definition_id' } as const;

function isDay(value: string | null): value is string {
  if (value === null) return false;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.getUTCDate() === Number(m[3]) && date.getUTCMonth() === Number(m[2]) - 1;
}

/** The calendar's address state; unknown or malformed values fall back to the defaults. */
export const calendarCodec: ListUrlCodec<CalendarState, undefined> = {
  keys: Object.values(KEYS),
  defaults: () => ({ view: 'month' }),
  parse(search, _kind, defaults) {
    const query = new URLSearchParams(search);
    const date = query.get(KEYS.date);
    return withoutUndefined({
      view: oneOf(CALENDAR_VIEWS, query.get(KEYS.view)) ?? defaults.view,
      date: isDay(date) ? date : undefined,
      groupId: positiveInt(query.get(KEYS.groupId), 2_147_483_647),
      definitionId: positiveInt(query.get(KEYS.definitionId), 2_147_483_647),
    });
  },
  serialize(state, defaults) {
    const query = new URLSearchParams();
    if (state.view !== defaults.view) query.set(KEYS.view, state.view);
    if (state.date !== undefined) query.set(KEYS.date, state.date);
    if (state.groupId !== undefined) query.set(KEYS.groupId, String(state.groupId));
    if (state.definitionId !== undefined) query.set(KEYS.definitionId, String(state.definitionId));
    return query.toString();
  },
  update: (state, patch) => withoutUndefined({ ...state, ...patch }),
};
