import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState, type MouseEvent } from 'react';
import type { CalendarRow } from '@nine/shared/schemas/stock';
import { OptionSelect } from '../../../components/list-filter-fields.tsx';
import { TextFilterField } from '../../../components/text-filter-field.tsx';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { useAvailabilityCalendar, type CalendarParams } from '../api/get-availability-calendar.ts';
import { todayAtLocation, wallClock } from '../../../lib/format.ts';
import { dayOfMonth, daysInMonth, formatWithPattern, splitPattern } from './date-pattern.ts';
import { PageHeading } from '../../../components/page-heading.tsx';

export interface CalendarDetailsTarget {
  product_id: number;
  from: string;
  to: string;
}

export interface AvailabilityCalendarScreenProps {
  title: string;
  locationId: number | null;
  /** General setting calendar_date_time_format. */
  dateTimeFormat: string;
  /** General setting calendar_time_intervals: hours per slot in the one-day view. */
  intervalHours: number;
  /** The details sub-route's href (with the app's base) for a product and slot. */
  detailsHref(target: CalendarDetailsTarget): string;
  /** In-app navigation to the same details (links are real links; a plain click stays in the app). */
  onOpenDetails(href: string): void;
}

type Mode = 'month' | 'day';
type GroupBy = 'product' | 'category';

interface GridRow {
  key: string;
  label: string;
  sub: string;
  productId: number | null;
  capacity: number;
  booked: number[];
}

function byCategory(rows: CalendarRow[], none: string): GridRow[] {
  const groups = new Map<string, GridRow>();
  for (const row of rows) {
    const name = row.category ?? none;
    const group = groups.get(name) ?? {
      key: `c:${name}`,
      label: name,
      sub: '',
      productId: null,
      capacity: 0,
      booked: row.booked.map(() => 0),
    };
    group.capacity += row.capacity;
    row.booked.forEach((n, i) => (group.booked[i] = (group.booked[i] ?? 0) + n));
    groups.set(name, group);
  }
  return [...groups.values()].sort((a, b) => a.label.localeCompare(b.label));
}

// Plain table markup, styled once from the wrapper: a month of 300 products is over 9,000 cells.
const gridCss = {
  '& table': { borderCollapse: 'separate', borderSpacing: 0, fontSize: 'sm' },
  '& th, & td': { borderBottom: '1px solid', borderColor: 'border', padding: '1 2', textAlign: 'center' },
  '& thead th': { position: 'sticky', top: 0, background: 'bg', zIndex: 1, fontWeight: 'semibold' },
  '& tbody th': {
    position: 'sticky',
    left: 0,
    background: 'bg',
    textAlign: 'start',
    minWidth: '56',
    fontWeight: 'normal',
  },
  '& td a': { display: 'block', borderRadius: 'sm', textDecoration: 'none', minWidth: '8' },
  '& td a:focus-visible': { outline: '2px solid', outlineColor: 'colorPalette.focusRing' },
  '& .free': { color: 'fg.success' },
  '& .low': { color: 'fg.warning' },
  '& .none': { color: 'fg.error', fontWeight: 'bold' },
  // A closed day of the location: its column is shaded, the header says so.
  '& thead th.closed, & td.closed': { background: 'bg.muted' },
} as const;

/** availability-calendar: available versus booked per product (or category) per day, or per slot of a day. */
export function AvailabilityCalendarScreen(props: AvailabilityCalendarScreenProps) {
  const { t } = useAppTranslation();
  // Today at the location: its calendar is the location's days.
  const today = todayAtLocation();
  const [mode, setMode] = useState<Mode>('month');
  const [month, setMonth] = useState(today.slice(0, 7));
  const [day, setDay] = useState(today);
  const [search, setSearch] = useState('');
  const [groupBy, setGroupBy] = useState<GroupBy>('product');
  const locale = currentLanguage();
  const pattern = splitPattern(props.dateTimeFormat);
  const interval = Math.min(24, Math.max(1, props.intervalHours));

  const params: CalendarParams = useMemo(() => {
    const base = { search: search.trim() };
    return mode === 'month'
      ? {
          ...base,
          start_day: `${month}-01`,
          slot_minutes: 1440,
          slots: daysInMonth(month),
        }
      : {
          ...base,
          start_day: day,
          slot_minutes: interval * 60,
          slots: Math.ceil(24 / interval),
        };
  }, [mode, month, day, search, interval]);
  const calendar = useAvailabilityCalendar(props.locationId, params);
  const data = calendar.data;

  const rows: GridRow[] = useMemo(() => {
    if (!data) return [];
    if (groupBy === 'category') return byCategory(data.rows, t('stock:calendar.no_category'));
    return data.rows.map((r) => ({
      key: `p:${r.product_id}`,
      label: r.name,
      sub: r.sku,
      productId: r.product_id,
      capacity: r.capacity,
      booked: r.booked,
    }));
  }, [data, groupBy, t]);

  // The location's closed days (business calendar: weekdays marked closed, holidays).
  const closedDays = new Set(data?.closed_days ?? []);
  const headers = (data?.slots ?? []).map((iso, i) => {
    // A month's days are the location's days: named from the month asked for, not from any clock.
    if (mode === 'month') {
      const date = dayOfMonth(month, i + 1);
      const long = formatWithPattern(date, pattern.date, locale);
      const closed = closedDays.has(`${month}-${String(i + 1).padStart(2, '0')}`);
      return {
        short: formatWithPattern(date, 'D', locale),
        long: closed ? t('stock:calendar.closed_day', { day: long }) : long,
        closed,
      };
    }
    // A day's slots are instants, named by the location's clock.
    const at = wallClock(iso);
    if (at === null) return { short: iso, long: iso, closed: false };
    return {
      short: formatWithPattern(at, pattern.time, locale),
      long: `${formatWithPattern(at, pattern.date, locale)} ${formatWithPattern(at, pattern.time, locale)}`,
      closed: false,
    };
  });

  const onGridClick = (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as HTMLElement).closest('a[data-details]');
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    props.onOpenDetails(link.getAttribute('data-details')!);
  };

  return (
    <Stack gap="5">
      <PageHeading title={props.title} />
      <HStack gap="4" wrap="wrap" align="end">
        <OptionSelect
          label={t('stock:calendar.view')}
          options={[
            { value: 'month', label: t('stock:calendar.month_view') },
            { value: 'day', label: t('stock:calendar.day_view') },
          ]}
          value={mode}
          width="40"
          onChange={(value) => setMode(value as Mode)}
        />
        {/* The month or the day the grid shows; a new field (key) when the view changes. */}
        <TextFilterField
          key={mode}
          label={mode === 'month' ? t('stock:calendar.month') : t('stock:calendar.day')}
          type={mode === 'month' ? 'month' : 'date'}
          width="48"
          value={mode === 'month' ? month : day}
          onChange={(value) => {
            if (value) (mode === 'month' ? setMonth : setDay)(value);
          }}
        />
        <OptionSelect
          label={t('stock:calendar.group_by')}
          options={[
            { value: 'product', label: t('stock:calendar.by_product') },
            { value: 'category', label: t('stock:calendar.by_category') },
          ]}
          value={groupBy}
          width="40"
          onChange={(value) => setGroupBy(value as GroupBy)}
        />
        <TextFilterField label={t('stock:calendar.search')} width="56" value={search} onChange={setSearch} />
      </HStack>
      <Text color="fg.muted">{t('stock:calendar.legend')}</Text>
      {mode === 'day' && closedDays.has(day) && (
        <Text role="status" fontWeight="semibold" color="fg.warning">
          {t('stock:calendar.day_closed')}
        </Text>
      )}
      {calendar.isPending ? (
        <Text>{t('stock:common.loading')}</Text>
      ) : rows.length === 0 ? (
        <Text color="fg.muted">{t('stock:calendar.empty')}</Text>
      ) : (
        <Box overflow="auto" maxH="70vh" css={gridCss} onClick={onGridClick} aria-busy={calendar.isFetching}>
          <table>
            <caption
              className="sr-only"
              style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden' }}
            >
              {t('stock:calendar.caption')}
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  {groupBy === 'product' ? t('stock:calendar.product') : t('stock:calendar.category')}
                </th>
                {headers.map((h, i) => (
                  <th
                    key={i}
                    scope="col"
                    title={h.long}
                    aria-label={h.long}
                    className={h.closed ? 'closed' : undefined}
                    data-closed={h.closed || undefined}
                  >
                    {h.short}
                    {h.closed && (
                      <Text as="span" display="block" fontSize="2xs" fontWeight="normal" aria-hidden>
                        {t('stock:calendar.closed')}
                      </Text>
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">
                    {row.label}
                    <Text as="span" color="fg.muted" fontSize="xs">
                      {' '}
                      {row.sub ? `${row.sub} · ` : ''}
                      {t('stock:calendar.held', { count: row.capacity })}
                    </Text>
                  </th>
                  {row.booked.map((booked, i) => {
                    const free = Math.max(0, row.capacity - booked);
                    const level = free === 0 ? 'none' : free * 4 <= row.capacity ? 'low' : 'free';
                    const tone = headers[i]?.closed ? `${level} closed` : level;
                    const label = t('stock:calendar.cell', {
                      name: row.label,
                      slot: headers[i]?.long ?? '',
                      available: free,
                      booked,
                    });
                    if (row.productId === null || booked === 0)
                      return (
                        <td key={i} className={tone} title={label}>
                          {free}
                        </td>
                      );
                    const href = props.detailsHref({
                      product_id: row.productId,
                      from: data!.slots[i]!,
                      to: data!.slots[i + 1] ?? data!.end,
                    });
                    return (
                      <td key={i} className={tone}>
                        <a href={href} data-details={href} aria-label={label} title={label}>
                          {free}
                          <sup>{booked}</sup>
                        </a>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </Box>
      )}
      {data && data.total > data.rows.length && (
        <Text color="fg.muted">
          {t('stock:calendar.more', { shown: data.rows.length, total: data.total })}
        </Text>
      )}
    </Stack>
  );
}
