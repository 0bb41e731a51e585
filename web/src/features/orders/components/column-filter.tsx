import {
  Button,
  Field,
  HStack,
  Input,
  Popover,
  Portal,
  Stack,
  Text,
  chakra,
  type InputProps,
} from '@chakra-ui/react';
import { parseDayRange, type ColumnFilterType, type OrderFilterColumn } from '@nine/shared/schemas/orders';
import { useId, useState, type FormEvent } from 'react';
import { FilterIcon } from '../../../components/icons.tsx';
import { useAppTranslation, type AppT } from '../../../lib/i18n.ts';
import { dayRangeValue, filterOptions, isValidFilter } from '../list/column-filters.ts';
import type { OrderKind } from '../order-kind.ts';

export interface ColumnFilterProps {
  kind: OrderKind;
  column: OrderFilterColumn;
  type: ColumnFilterType;
  /** The column's title as shown in its header. */
  title: string;
  value: string | undefined;
  onChange(value: string | undefined): void;
}

function optionLabel(t: AppT, column: OrderFilterColumn, option: string): string {
  if (column === 'status') return t(`orders:status.${option}` as 'orders:status.pending');
  if (column === 'source') return t(`orders:sources.${option}` as 'orders:sources.web');
  return t(`orders:flags.${option}` as 'orders:flags.order_image');
}

/** A column header's filter: a button that opens the filter form of the column's type. */
export function ColumnFilter(props: ColumnFilterProps) {
  const { t } = useAppTranslation();
  const [open, setOpen] = useState(false);
  const active = props.value !== undefined;
  return (
    <Popover.Root open={open} onOpenChange={(e) => setOpen(e.open)} lazyMount unmountOnExit>
      <Popover.Trigger asChild>
        <Button
          size="2xs"
          variant={active ? 'subtle' : 'ghost'}
          colorPalette={active ? 'blue' : undefined}
          aria-label={t(active ? 'orders:column_filter.open_active' : 'orders:column_filter.open', {
            column: props.title,
          })}
          aria-pressed={active}
          px="1"
          minW="6"
        >
          <FilterIcon
            boxSize="3.5"
            fill={active ? 'currentColor' : 'none'}
            data-testid="column-filter-icon"
          />
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="xs">
            <Popover.Body>
              <FilterForm
                {...props}
                onDone={(value) => {
                  props.onChange(value);
                  setOpen(false);
                }}
              />
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

function FilterForm({
  kind,
  column,
  type,
  title,
  value,
  onDone,
}: ColumnFilterProps & { onDone(value: string | undefined): void }) {
  const { t } = useAppTranslation();
  const headingId = useId();
  const range = type === 'daterange' || type === 'timestamp' ? parseDayRange(value ?? '') : null;
  const [text, setText] = useState(type === 'text' ? (value ?? '') : '');
  const [chosen, setChosen] = useState<string[]>(type === 'options' && value ? value.split(',') : []);
  const [from, setFrom] = useState(range?.from ?? '');
  const [to, setTo] = useState(type === 'daterange' ? (range?.to ?? '') : '');
  const [invalid, setInvalid] = useState(false);
  // Editing a field clears the refusal shown under it.
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setInvalid(false);
  };

  const draft =
    type === 'text'
      ? text.trim()
      : type === 'options'
        ? chosen.join(',')
        : type === 'timestamp'
          ? from
          : dayRangeValue(from, to);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft === '') return onDone(undefined);
    if (!isValidFilter(kind, column, draft)) return setInvalid(true);
    onDone(draft);
  };

  return (
    <chakra.form onSubmit={submit} aria-labelledby={headingId} noValidate>
      <Stack gap="3">
        <Text id={headingId} fontWeight="semibold">
          {t('orders:column_filter.heading', { column: title })}
        </Text>
        {type === 'text' && (
          <DraftField
            label={t(column === 'number' ? 'orders:column_filter.number' : 'orders:column_filter.contains')}
            invalid={invalid}
            error={t('orders:column_filter.invalid')}
            value={text}
            inputMode={column === 'number' ? 'numeric' : undefined}
            maxLength={100}
            autoFocus
            onEdit={edit(setText)}
          />
        )}
        {type === 'options' && (
          <chakra.fieldset>
            <chakra.legend srOnly>{title}</chakra.legend>
            <Stack gap="1.5">
              {filterOptions(kind, column).map((option) => (
                <chakra.label key={option} display="flex" alignItems="center" gap="2" fontSize="sm">
                  <chakra.input
                    type="checkbox"
                    checked={chosen.includes(option)}
                    accentColor="blue.600"
                    onChange={(e) => {
                      const checked = e.target.checked;
                      setChosen((current) =>
                        checked ? [...current, option] : current.filter((c) => c !== option),
                      );
                    }}
                  />
                  {optionLabel(t, column, option)}
                </chakra.label>
              ))}
            </Stack>
          </chakra.fieldset>
        )}
        {(type === 'timestamp' || type === 'daterange') && (
          <Stack gap="2">
            <DraftField
              label={t(type === 'timestamp' ? 'orders:column_filter.on_day' : 'orders:column_filter.from')}
              invalid={invalid}
              type="date"
              value={from}
              autoFocus
              onEdit={edit(setFrom)}
            />
            {type === 'daterange' && (
              <DraftField
                label={t('orders:column_filter.to')}
                invalid={invalid}
                error={t('orders:column_filter.invalid_range')}
                type="date"
                value={to}
                min={from || undefined}
                onEdit={edit(setTo)}
              />
            )}
          </Stack>
        )}
        <HStack justify="flex-end" gap="2">
          <Button size="xs" variant="ghost" type="button" onClick={() => onDone(undefined)}>
            {t('orders:column_filter.clear')}
          </Button>
          <Button size="xs" type="submit">
            {t('orders:column_filter.apply')}
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}

/** One of the filter's inputs, with the refusal under it when the draft is invalid. */
function DraftField({
  label,
  invalid,
  error,
  onEdit,
  ...input
}: Omit<InputProps, 'onChange'> & {
  label: string;
  invalid: boolean;
  error?: string;
  onEdit(value: string): void;
}) {
  return (
    <Field.Root invalid={invalid}>
      <Field.Label>{label}</Field.Label>
      <Input size="sm" {...input} onChange={(e) => onEdit(e.target.value)} />
      {error !== undefined && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
