import type { ReceiptDocumentInput } from '@nine/shared/receipt';
import type { DashboardSummary } from '../../features/dashboard/api/get-dashboard-summary.ts';
import type { BusinessInfo } from '../../features/settings/api/get-business-info.ts';
import { formatDay, formatNumber, formatTime } from '../../lib/format.ts';
import type { AppT } from '../../lib/i18n.ts';

export interface TodaySummaryInput {
  t: AppT;
  summary: DashboardSummary;
  business: Pick<BusinessInfo, 'site_title' | 'address' | 'zip_code' | 'tel'> | null;
  /** ISO 4217 code of the location's currency. */
  currency: string;
  locale: string;
  staffName: string | null;
  now: Date;
}

/** Receipt text fields are short (48 to 64 characters): long values are cut with an ellipsis. */
function fit(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1)}…`;
}

/** Today's figures of the location as a receipt: the counter's end-of-day slip. */
export function buildTodaySummaryReceipt(input: TodaySummaryInput): ReceiptDocumentInput {
  const { t, summary, business, locale } = input;
  const count = (value: number) => formatNumber(value, {}, locale);
  const title = business?.site_title?.trim() || summary.location.name;
  const address = [business?.address, business?.zip_code].filter((part) => part?.trim()).join(' ');
  const headerLines = [
    t('agent:summary_receipt.title'),
    ...(title !== summary.location.name ? [summary.location.name] : []),
    ...(address !== '' ? [address] : []),
    ...(business?.tel?.trim() ? [business.tel] : []),
  ];
  const figure = (
    key: Exclude<keyof DashboardSummary, 'location' | 'date' | 'revenue_today_minor' | 'currency_symbol'>,
  ) => ({
    label: fit(t(`common:dashboard.cards.${key}`), 48),
    value: count(summary[key]),
  });

  return {
    locale,
    currency: input.currency,
    header: { title: fit(title, 64), lines: headerLines.map((line) => fit(line, 64)) },
    meta: [
      { label: fit(t('agent:summary_receipt.date'), 48), value: formatDay(summary.date, locale) },
      {
        label: fit(t('agent:summary_receipt.printed'), 48),
        value: formatTime(input.now, locale),
      },
      ...(input.staffName !== null
        ? [{ label: fit(t('agent:summary_receipt.staff'), 48), value: fit(input.staffName, 64) }]
        : []),
      figure('departures_today'),
      figure('returns_due_today'),
      figure('overdue'),
      figure('open_sale_orders'),
      figure('orders_created_today'),
    ],
    lines: [],
    totals: [
      {
        label: fit(t('common:dashboard.cards.payments_today'), 48),
        amount: Number(summary.revenue_today_minor),
        emphasis: true,
      },
    ],
    footer: [t('agent:summary_receipt.footer')],
  };
}
