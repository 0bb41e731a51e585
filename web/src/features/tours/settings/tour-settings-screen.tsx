import { Heading, Stack, Tabs } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PageHeading } from '../../../components/page-heading.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useTourSettings } from '../api/settings/get-tour-settings.ts';
import { AgeGroupsSection } from './age-groups-section.tsx';
import { GeneralSettingsForm } from './general-settings-form.tsx';
import { GroupsSection } from './groups-section.tsx';
import { PlacesSection } from './places-section.tsx';
import { TermsSection } from './terms-section.tsx';

export const TOUR_SETTINGS_TABS = ['general', 'locations', 'groups', 'terms', 'age-groups'] as const;
export type TourSettingsTab = (typeof TOUR_SETTINGS_TABS)[number];

export function isTourSettingsTab(value: string | undefined): value is TourSettingsTab {
  return (TOUR_SETTINGS_TABS as readonly string[]).includes(value ?? '');
}

export interface TourSettingsScreenProps {
  locationId: number;
  /** tour manage at this location: the lists and forms are editable (business-wide lists also need it everywhere). */
  canEdit: boolean;
  currencySymbol: string;
  /** 'tabs': the new interface, the tab in the URL; 'classic': every section stacked (the legacy route). */
  variant?: 'tabs' | 'classic';
  tab?: TourSettingsTab;
  onTab?(tab: TourSettingsTab): void;
}

/** Tour settings (docs/design/tours.md S1): general, meeting points and sites, groups, terms, age groups. */
export function TourSettingsScreen({
  locationId,
  canEdit,
  currencySymbol,
  variant = 'tabs',
  tab = 'general',
  onTab,
}: TourSettingsScreenProps) {
  const { t } = useAppTranslation();
  // Groups, terms and age groups are business-wide: the server says whether this person manages tours at
  // every location (a one-location manager would be refused with 403 business_wide_only).
  const settings = useTourSettings(locationId);
  const canEditBusinessWide = canEdit && settings.data?.business_wide_editable === true;
  const sections: Record<TourSettingsTab, ReactNode> = {
    general: <GeneralSettingsForm locationId={locationId} canEdit={canEdit} />,
    locations: <PlacesSection locationId={locationId} canEdit={canEdit} />,
    groups: <GroupsSection canEdit={canEditBusinessWide} />,
    terms: <TermsSection canEdit={canEditBusinessWide} />,
    'age-groups': <AgeGroupsSection canEdit={canEditBusinessWide} currencySymbol={currencySymbol} />,
  };
  if (variant === 'classic')
    return (
      <Stack gap="8">
        <PageHeading title={t('tours:settings.title')} intro={t('tours:settings.intro')} />
        {TOUR_SETTINGS_TABS.map((name) => (
          <Stack key={name} gap="4" as="section" aria-labelledby={`tour-settings-${name}`}>
            <Heading as="h2" size="lg" id={`tour-settings-${name}`}>
              {t(`tours:settings.tabs.${name}`)}
            </Heading>
            {sections[name]}
          </Stack>
        ))}
      </Stack>
    );
  return (
    <Stack gap="5">
      <PageHeading title={t('tours:settings.title')} intro={t('tours:settings.intro')} />
      <Tabs.Root value={tab} onValueChange={(details) => onTab?.(details.value as TourSettingsTab)} lazyMount>
        <Tabs.List>
          {TOUR_SETTINGS_TABS.map((name) => (
            <Tabs.Trigger key={name} value={name}>
              {t(`tours:settings.tabs.${name}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TOUR_SETTINGS_TABS.map((name) => (
          <Tabs.Content key={name} value={name}>
            {sections[name]}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  );
}
