import { useLocation, useSearch } from 'wouter';
import { APP_BASE } from '@nine/shared/constants';
import { AvailabilityCalendarScreen } from '../../features/stock/calendar/availability-calendar-screen.tsx';
import { CalendarDetailsScreen } from '../../features/stock/calendar/calendar-details-screen.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { pathTo, pathWith } from '../route-table.ts';
import { useStockScreen } from './use-screen-context.ts';

const DEFAULT_FORMAT = 'MM/DD/YYYY hh:mm A';

const detailsPath = (target: { product_id: number; from: string; to: string }) =>
  `${pathTo('availabilityCalendarDetails')}?${new URLSearchParams({
    product_id: String(target.product_id),
    from: target.from,
    to: target.to,
  }).toString()}`;

/** availability-calendar. */
export function AvailabilityCalendarPage() {
  const { t } = useAppTranslation();
  const screen = useStockScreen();
  const [, navigate] = useLocation();
  return (
    <AvailabilityCalendarScreen
      title={t('stock:titles.availability_calendar')}
      locationId={screen.locationId}
      dateTimeFormat={screen.settings?.calendar_date_time_format ?? DEFAULT_FORMAT}
      intervalHours={screen.settings?.calendar_time_intervals ?? 1}
      detailsHref={(target) => `${APP_BASE}${detailsPath(target)}`}
      onOpenDetails={(href) => navigate(href.slice(APP_BASE.length))}
    />
  );
}

const isoInstant = (value: string | null) =>
  value !== null && !Number.isNaN(Date.parse(value)) ? value : null;

/** availability-calendar/details?product_id=&from=&to=. */
export function AvailabilityCalendarDetailsPage() {
  const { t } = useAppTranslation();
  const screen = useStockScreen();
  const query = new URLSearchParams(useSearch());
  const productId = Number(query.get('product_id'));
  const from = isoInstant(query.get('from'));
  const to = isoInstant(query.get('to'));
  const target =
    Number.isInteger(productId) && productId > 0 && from !== null && to !== null
      ? { product_id: productId, from, to }
      : null;
  return (
    <CalendarDetailsScreen
      title={t('stock:titles.availability_details')}
      locationId={screen.locationId}
      target={target}
      dateTimeFormat={screen.settings?.calendar_date_time_format ?? DEFAULT_FORMAT}
      orderHref={(id, type) =>
        type === 'rent'
          ? pathWith('rentOrder', { id })
          : type === 'sale'
            ? pathWith('saleOrder', { id })
            : null
      }
      backHref={pathTo('availabilityCalendar')}
    />
  );
}
