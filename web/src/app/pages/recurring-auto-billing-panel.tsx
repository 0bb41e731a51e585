import { Box } from '@chakra-ui/react';
import { grants } from '@nine/shared/permissions';
import { AutoBillingButton } from '../../features/recurring/components/auto-billing.tsx';
import { useViewerPermissions } from '../use-viewer-permissions.ts';

/** The rent order view's auto billing: recurring orders need sell_order (spec section 8), not rent_order. */
export function RecurringAutoBillingPanel({ locationId, orderId }: { locationId: number; orderId: number }) {
  const permissions = useViewerPermissions() ?? [];
  if (!grants(permissions, { resource: 'sell_order', action: 'view' })) return null;
  return (
    <Box mt="4">
      <AutoBillingButton
        locationId={locationId}
        orderId={orderId}
        canChange={grants(permissions, { resource: 'sell_order', action: 'change' })}
      />
    </Box>
  );
}
