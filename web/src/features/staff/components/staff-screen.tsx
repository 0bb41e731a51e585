import { Stack, Tabs } from '@chakra-ui/react';
import type { Permission } from '@nine/shared/permissions';
import { grants } from '@nine/shared/permissions';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { AccessPolicyForm } from './access-policy-form.tsx';
import { RolesTab } from './roles-tab.tsx';
import { UsersTab } from './users-tab.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';

export type StaffTab = 'users' | 'roles' | 'policies';

export interface StaffScreenProps {
  tab: StaffTab;
  onTab(tab: StaffTab): void;
  /** The viewer's permissions in the current location. */
  held: readonly Permission[];
  currentUserId: number;
  locations: readonly { id: number; name: string }[];
  currencySymbol: string;
}

/** Users, Roles and Access Policies on one screen; each tab shows only when the viewer may see it. */
export function StaffScreen({
  tab,
  onTab,
  held,
  currentUserId,
  locations,
  currencySymbol,
}: StaffScreenProps) {
  const { t } = useAppTranslation();
  const may = (resource: 'staff' | 'role_and_permission', action: 'view' | 'change' | 'manage') =>
    grants(held, { resource, action });
  const shown: StaffTab[] = [
    ...(may('staff', 'view') ? (['users'] as const) : []),
    ...(may('role_and_permission', 'view') ? (['roles'] as const) : []),
    ...(may('staff', 'view') ? (['policies'] as const) : []),
  ];
  const current = shown.includes(tab) ? tab : (shown[0] ?? tab);

  return (
    <Stack gap="5">
      <PageHeading title={t('staff:title')} />
      <Tabs.Root value={current} onValueChange={(details) => onTab(details.value as StaffTab)} lazyMount>
        <Tabs.List>
          {shown.map((value) => (
            <Tabs.Trigger key={value} value={value}>
              {t(`staff:tabs.${value}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="users">
          <UsersTab
            currentUserId={currentUserId}
            canChange={may('staff', 'change')}
            canReadRoles={may('role_and_permission', 'view')}
            locations={locations}
          />
        </Tabs.Content>
        <Tabs.Content value="roles">
          <RolesTab canChange={may('role_and_permission', 'change')} held={held} />
        </Tabs.Content>
        <Tabs.Content value="policies">
          <AccessPolicyForm canChange={may('staff', 'manage')} currencySymbol={currencySymbol} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
