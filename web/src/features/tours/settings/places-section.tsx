import { Badge, SimpleGrid } from '@chakra-ui/react';
import { TOUR_PLACE_KINDS, tourPlaceInput, type TourPlaceInput } from '@nine/shared/schemas/tours/settings';
import type { DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import { ParsedTextField } from '../../../components/form/parsed-text-field.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useDeleteTourPlace } from '../api/settings/delete-tour-place.ts';
import { useTourPlaces, type TourPlace } from '../api/settings/get-tour-places.ts';
import { useSaveTourPlace } from '../api/settings/save-tour-place.ts';
import { SettingsListSection } from '../../../components/settings-list/list-section.tsx';
import { useSettingsRowForm } from '../../../components/settings-list/row-form.ts';

/** A coordinate typed with a dot or a comma ("41.38", "-2,18"): null when empty, NaN when not a number. */
const coordinateOf = (text: string) => {
  const t = text.trim().replace(',', '.');
  if (t === '') return null;
  return /^-?\d{1,3}(\.\d{1,6})?$/.test(t) ? Number(t) : Number.NaN;
};
const coordinateText = (value: unknown) =>
  typeof value === 'number' && !Number.isNaN(value) ? String(value) : '';

/** Locations tab: the meeting points and tour sites of this location. */
export function PlacesSection({ locationId, canEdit }: { locationId: number; canEdit: boolean }) {
  const { t } = useAppTranslation();
  const query = useTourPlaces(locationId);
  const remove = useDeleteTourPlace();
  const columns: DataTableColumn<TourPlace>[] = [
    { id: 'name', title: t('tours:settings.places.name'), rowHeader: true, cell: (p) => p.name },
    {
      id: 'kind',
      title: t('tours:settings.places.kind'),
      cell: (p) => t(`tours:settings.places.kinds.${p.kind}`),
    },
    { id: 'address', title: t('tours:settings.places.address'), cell: (p) => p.address ?? '' },
    {
      id: 'position',
      title: t('tours:settings.places.position'),
      cell: (p) =>
        p.latitude === null || p.longitude === null
          ? ''
          : `${formatNumber(p.latitude, { maximumFractionDigits: 6 })}, ${formatNumber(p.longitude, { maximumFractionDigits: 6 })}`,
    },
    {
      id: 'status',
      title: t('tours:settings.status'),
      cell: (p) => (
        <Badge colorPalette={p.active ? 'green' : 'gray'}>
          {p.active ? t('tours:settings.active') : t('tours:settings.inactive')}
        </Badge>
      ),
    },
  ];
  return (
    <SettingsListSection<TourPlace>
      title={t('tours:settings.places.title')}
      intro={t('tours:settings.places.intro')}
      rows={query.data?.rows}
      query={query}
      columns={columns}
      emptyNote={t('tours:settings.places.empty')}
      canEdit={canEdit}
      addLabel={t('tours:settings.places.add')}
      editLabel={t('tours:settings.edit')}
      editNamed={(p) => t('tours:settings.edit_named', { name: p.name })}
      remove={{
        mutation: remove,
        label: t('tours:settings.delete'),
        named: (p) => t('tours:settings.delete_named', { name: p.name }),
        title: t('tours:settings.places.delete_title'),
        message: (p) => t('tours:settings.places.delete_message', { name: p.name }),
        done: t('tours:settings.places.deleted'),
      }}
      renderDialog={(d) => <PlaceDialog {...d} />}
    />
  );
}

function valuesOf(p: TourPlace | undefined): TourPlaceInput {
  return p
    ? {
        kind: p.kind,
        name: p.name,
        address: p.address ?? '',
        latitude: p.latitude,
        longitude: p.longitude,
        instructions: p.instructions ?? '',
        active: p.active,
      }
    : {
        kind: 'meeting_point',
        name: '',
        address: '',
        latitude: null,
        longitude: null,
        instructions: '',
        active: true,
      };
}

function PlaceDialog({ open, onClose, row }: { open: boolean; onClose(): void; row: TourPlace | undefined }) {
  const { t } = useAppTranslation();
  const { form, dialog } = useSettingsRowForm(tourPlaceInput, {
    newTarget: null,
    open,
    onClose,
    row,
    save: useSaveTourPlace(),
    values: valuesOf,
    saved: t('tours:settings.places.saved'),
    conflict: t('tours:settings.conflict'),
    messages: {
      latitude: 'tours:settings.places.latitude_invalid',
      longitude: {
        coordinates_pair: 'tours:settings.places.coordinates_pair',
        '*': 'tours:settings.places.longitude_invalid',
      },
    },
  });
  const { CheckboxField, SelectField, TextareaField, TextField } = fieldsOf(form.control);
  return (
    <FormDialog
      {...dialog}
      title={row ? t('tours:settings.places.edit_title') : t('tours:settings.places.add_title')}
    >
      <SelectField
        name="kind"
        label={t('tours:settings.places.kind')}
        options={TOUR_PLACE_KINDS.map((value) => ({
          value,
          label: t(`tours:settings.places.kinds.${value}`),
        }))}
        required
      />
      <TextField name="name" label={t('tours:settings.places.name')} required maxLength={120} />
      <TextField name="address" label={t('tours:settings.places.address')} maxLength={300} />
      <SimpleGrid columns={2} gap="4">
        <ParsedTextField
          control={form.control}
          name="latitude"
          label={t('tours:settings.places.latitude')}
          helperText={t('tours:settings.places.latitude_help')}
          toText={coordinateText}
          read={coordinateOf}
          input={{ inputMode: 'decimal' }}
        />
        <ParsedTextField
          control={form.control}
          name="longitude"
          label={t('tours:settings.places.longitude')}
          helperText={t('tours:settings.places.longitude_help')}
          toText={coordinateText}
          read={coordinateOf}
          input={{ inputMode: 'decimal' }}
        />
      </SimpleGrid>
      <TextareaField
        name="instructions"
        label={t('tours:settings.places.instructions')}
        maxLength={2000}
        rows={3}
      />
      <CheckboxField
        name="active"
        label={t('tours:settings.active')}
        helperText={t('tours:settings.places.active_help')}
      />
    </FormDialog>
  );
}
