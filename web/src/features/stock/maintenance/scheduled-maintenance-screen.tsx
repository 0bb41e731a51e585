import { Stack } from '@chakra-ui/react';
import { MaintenanceRules } from './maintenance-rules.tsx';
import { RepairLogs } from './repair-logs.tsx';
import { ScheduledItems } from './scheduled-items.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';

export interface ScheduledMaintenanceScreenProps {
  title: string;
  locationId: number | null;
  /** maintenance change: add and delete rules, start services, record and close repairs. */
  canChange: boolean;
  currencySymbol: string;
}

/** inventory/scheduled-maintenance: rules, where each item stands against them, and the repair logs. */
export function ScheduledMaintenanceScreen(props: ScheduledMaintenanceScreenProps) {
  return (
    <Stack gap="8">
      <PageHeading title={props.title} />
      <MaintenanceRules locationId={props.locationId} canChange={props.canChange} />
      <ScheduledItems locationId={props.locationId} canChange={props.canChange} />
      <RepairLogs
        locationId={props.locationId}
        canChange={props.canChange}
        currencySymbol={props.currencySymbol}
      />
    </Stack>
  );
}
