import { Badge, Box, Fieldset, HStack, Text } from '@chakra-ui/react';
import { useController, type Control } from 'react-hook-form';
import {
  TOUR_COLORS,
  tourGroupInput,
  type TourColor,
  type TourGroupInput,
} from '@nine/shared/schemas/tours/settings';
import type { DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useDeleteTourGroup } from '../api/settings/delete-tour-group.ts';
import { useTourGroups, type TourGroup } from '../api/settings/get-tour-groups.ts';
import { useSaveTourGroup } from '../api/settings/save-tour-group.ts';
import { SettingsListSection } from '../../../components/settings-list/list-section.tsx';
import { useSettingsRowForm } from '../../../components/settings-list/row-form.ts';

/** A group's colour as the calendar shows it: a swatch of the palette and its name. */
export function ColorSwatch({ color, label }: { color: TourColor; label: string }) {
  return (
    <HStack gap="2">
      <Box w="4" h="4" borderRadius="full" bg={`${color}.solid`} aria-hidden />
      <Text as="span">{label}</Text>
    </HStack>
  );
}

/** Groups tab: the business-wide tour groups (the calendar colours events by their group). */
export function GroupsSection({ canEdit }: { canEdit: boolean }) {
  const { t } = useAppTranslation();
  const query = useTourGroups();
  const remove = useDeleteTourGroup();
  const columns: DataTableColumn<TourGroup>[] = [
    { id: 'name', title: t('tours:settings.groups.name'), rowHeader: true, cell: (g) => g.name },
    {
      id: 'color',
      title: t('tours:settings.groups.color'),
      cell: (g) => <ColorSwatch color={g.color} label={t(`tours:settings.colors.${g.color}`)} />,
    },
    { id: 'sort_order', title: t('tours:settings.sort_order'), align: 'end', cell: (g) => g.sort_order },
    {
      id: 'status',
      title: t('tours:settings.status'),
      cell: (g) => (
        <Badge colorPalette={g.active ? 'green' : 'gray'}>
          {g.active ? t('tours:settings.active') : t('tours:settings.inactive')}
        </Badge>
      ),
    },
  ];
  return (
    <SettingsListSection<TourGroup>
      title={t('tours:settings.groups.title')}
      intro={t('tours:settings.groups.intro')}
      rows={query.data?.rows}
      query={query}
      columns={columns}
      emptyNote={t('tours:settings.groups.empty')}
      canEdit={canEdit}
      addLabel={t('tours:settings.groups.add')}
      editLabel={t('tours:settings.edit')}
      editNamed={(g) => t('tours:settings.edit_named', { name: g.name })}
      remove={{
        mutation: remove,
        label: t('tours:settings.delete'),
        named: (g) => t('tours:settings.delete_named', { name: g.name }),
        title: t('tours:settings.groups.delete_title'),
        message: (g) => t('tours:settings.groups.delete_message', { name: g.name }),
        done: t('tours:settings.groups.deleted'),
      }}
      renderDialog={(d) => <GroupDialog {...d} />}
    />
  );
}

/** The palette as native radio swatches: arrow keys move between colours, each named by its label. */
function ColorField({ control }: { control: Control<TourGroupInput> }) {
  const { t } = useAppTranslation();
  const { field } = useController({ control, name: 'color' });
  return (
    <Fieldset.Root>
      <Fieldset.Legend>{t('tours:settings.groups.color')}</Fieldset.Legend>
      <HStack gap="3" wrap="wrap">
        {TOUR_COLORS.map((color) => (
          <HStack as="label" key={color} gap="1.5" cursor="pointer">
            <input
              type="radio"
              name={field.name}
              value={color}
              checked={field.value === color}
              onChange={() => field.onChange(color)}
              onBlur={field.onBlur}
              ref={field.value === color ? field.ref : undefined}
            />
            <ColorSwatch color={color} label={t(`tours:settings.colors.${color}`)} />
          </HStack>
        ))}
      </HStack>
    </Fieldset.Root>
  );
}

function valuesOf(g: TourGroup | undefined): TourGroupInput {
  return g
    ? { name: g.name, color: g.color, sort_order: g.sort_order, active: g.active }
    : { name: '', color: 'blue', sort_order: 0, active: true };
}

function GroupDialog({ open, onClose, row }: { open: boolean; onClose(): void; row: TourGroup | undefined }) {
  const { t } = useAppTranslation();
  const { form, dialog } = useSettingsRowForm(tourGroupInput, {
    newTarget: null,
    open,
    onClose,
    row,
    save: useSaveTourGroup(),
    values: valuesOf,
    saved: t('tours:settings.groups.saved'),
    conflict: t('tours:settings.conflict'),
  });
  const { CheckboxField, TextField, WholeNumberField } = fieldsOf(form.control);
  return (
    <FormDialog
      {...dialog}
      title={row ? t('tours:settings.groups.edit_title') : t('tours:settings.groups.add_title')}
    >
      <TextField name="name" label={t('tours:settings.groups.name')} required maxLength={60} />
      <ColorField control={form.control} />
      <WholeNumberField name="sort_order" label={t('tours:settings.sort_order')} required />
      <CheckboxField
        name="active"
        label={t('tours:settings.active')}
        helperText={t('tours:settings.groups.active_help')}
      />
    </FormDialog>
  );
}
