import { Fragment, type ReactNode } from 'react';
import { SectionCard } from '../../../../components/section-card.tsx';
import { useGeneralSettings, type GeneralSettings } from '../../api/get-general-settings.ts';
import { useUpdateGeneralSettings } from '../../api/update-general-settings.ts';
import { SectionLoad } from './section-shell.tsx';

export type GeneralSettingsUpdate = ReturnType<typeof useUpdateGeneralSettings>;

/**
 * A section of a location's general settings (Regional, Payment, Other settings): loads them and draws the
 * section's editor. The editor starts over when this section's saved values change (someone saved them),
 * not when another section's save moves the shared version: a draft here survives that and saves with the
 * new version.
 */
export function GeneralSettingsSection<Values>({
  title,
  locationId,
  valuesOf,
  children,
}: {
  title: string;
  locationId: number;
  /** This section's saved values, as its form holds them. */
  valuesOf: (settings: GeneralSettings) => Values;
  children: (settings: GeneralSettings, update: GeneralSettingsUpdate) => ReactNode;
}) {
  const query = useGeneralSettings(locationId);
  const update = useUpdateGeneralSettings();
  return (
    <SectionCard title={title}>
      <SectionLoad query={query}>
        {(settings) => (
          <Fragment key={`${settings.location_id}:${JSON.stringify(valuesOf(settings))}`}>
            {children(settings, update)}
          </Fragment>
        )}
      </SectionLoad>
    </SectionCard>
  );
}
