import { Button } from '@chakra-ui/react';
import { Link } from 'wouter';
import { grantsAnyOf } from '@nine/shared/permissions';
import { useAppTranslation } from '../../lib/i18n.ts';
import { findRoute, pathTo } from '../route-table.ts';
import { useViewerPermissions } from '../use-viewer-permissions.ts';

/**
 * The way to the cash registers (the side menu has no entry for them): shown to whoever may open them.
 * Its own file so the dashboard does not load the registers screen with it.
 */
export function CashRegistersLink() {
  const { t } = useAppTranslation();
  const permissions = useViewerPermissions() ?? [];
  const route = findRoute('cashRegisters');
  if (route === undefined || !grantsAnyOf(permissions, route.resources)) return null;
  return (
    <Button asChild size="sm" variant="outline" alignSelf="flex-start">
      <Link href={pathTo('cashRegisters')}>{t('money:registers.link')}</Link>
    </Button>
  );
}
