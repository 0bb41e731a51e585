import { SKILL_EXPIRY_WARNING_DAYS } from '@nine/shared/schemas/tours/leaders';

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10));

/** A skill's badge: expired before `today`, or expiring within 30 days of it ("YYYY-MM-DD" both). */
export function skillExpiry(expiresOn: string | null, today: string): 'expired' | 'soon' | null {
  if (expiresOn === null) return null;
  if (expiresOn < today) return 'expired';
  return dayMs(expiresOn) - dayMs(today) <= SKILL_EXPIRY_WARNING_DAYS * DAY_MS ? 'soon' : null;
}
