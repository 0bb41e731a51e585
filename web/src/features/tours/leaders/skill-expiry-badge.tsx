import { Badge } from '@chakra-ui/react';
import { todayAtLocation } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { skillExpiry } from './skill-expiry.ts';

/** "Expired" (red) or "Expires soon" (orange) beside a skill's expiry; nothing when it is far off. */
export function SkillExpiryBadge({ expiresOn }: { expiresOn: string | null }) {
  const { t } = useAppTranslation();
  const state = skillExpiry(expiresOn, todayAtLocation());
  if (state === null) return null;
  return (
    <Badge colorPalette={state === 'expired' ? 'red' : 'orange'}>
      {t(state === 'expired' ? 'tours:leaders.skills.expired' : 'tours:leaders.skills.expiring_soon')}
    </Badge>
  );
}
