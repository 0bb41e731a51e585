import type { MaintenanceReportRow } from '@nine/shared/schemas/stock';
import { formatDay, formatDecimal } from '../../../lib/format.ts';
import type { AppT } from '../../../lib/i18n.ts';

/** The period a report covers, as its heading shows it. */
export function periodLabel(t: AppT, range: { from?: string; to?: string }, locale: string): string {
  if (range.from && range.to)
    return t('stock:reports.period_label', {
      from: formatDay(range.from, locale),
      to: formatDay(range.to, locale),
    });
  if (range.from) return t('stock:reports.since', { from: formatDay(range.from, locale) });
  if (range.to) return t('stock:reports.until', { to: formatDay(range.to, locale) });
  return t('stock:reports.all_dates');
}

export function ruleLabel(t: AppT, row: MaintenanceReportRow, locale: string): string {
  const parts: string[] = [];
  if (row.every_rent_hours !== null)
    parts.push(
      t('stock:reports.maintenance.rule_hours', { hours: formatDecimal(row.every_rent_hours, locale) }),
    );
  if (row.every_days !== null)
    parts.push(t('stock:reports.maintenance.rule_days', { days: formatDecimal(row.every_days, locale) }));
  return parts.join(' · ');
}

/** 'Due in': rent hours and/or days left, each negative one shown as overdue. */
export function dueInLabel(t: AppT, row: MaintenanceReportRow, locale: string): string {
  const parts: string[] = [];
  if (row.due_in_hours !== null) {
    const hours = formatDecimal(Math.abs(row.due_in_hours), locale);
    parts.push(
      row.due_in_hours < 0
        ? t('stock:reports.maintenance.overdue_hours', { hours })
        : t('stock:reports.maintenance.due_hours', { hours }),
    );
  }
  if (row.due_in_days !== null) {
    const days = formatDecimal(Math.abs(row.due_in_days), locale);
    parts.push(
      row.due_in_days < 0
        ? t('stock:reports.maintenance.overdue_days', { days })
        : t('stock:reports.maintenance.due_days', { days }),
    );
  }
  return parts.join(' · ');
}

export const maintenanceStatusPalette = {
  ok: 'green',
  due_soon: 'yellow',
  due: 'red',
  in_repair: 'orange',
} as const;
