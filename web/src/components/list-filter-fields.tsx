import { Box, Button, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { anchoredPresets, datePresets, presetRange, type DatePreset } from '../lib/date-presets.ts';

/** A labelled native select; the caller gives the options. */
export function SelectField({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Field.Root>
      <Field.Label htmlFor={id}>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field id={id} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

export interface SelectOption {
  value: string | number;
  label: string;
}

/** The `<option>`s of a native select. */
export function SelectOptions({ options }: { options: readonly SelectOption[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

/**
 * A labelled native select of `options`; with `emptyLabel` ("All statuses", "Choose a category") they are
 * led by an empty choice, which `onChange` reports as "".
 */
export function OptionSelect({
  label,
  emptyLabel,
  options,
  value,
  onChange,
  width = 'auto',
  size,
}: {
  label: string;
  emptyLabel?: string;
  options: readonly SelectOption[];
  value: string | number | undefined;
  onChange(value: string): void;
  width?: string;
  size?: 'sm';
}) {
  return (
    <Field.Root width={width}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size={size}>
        <NativeSelect.Field value={value ?? ''} onChange={(event) => onChange(event.currentTarget.value)}>
          {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
          <SelectOptions options={options} />
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** The search box keeps its own text until submitted, so typing does not reload the list on every key. */
export function SearchField({
  label,
  buttonLabel,
  hint,
  wide = false,
  value,
  onSearch,
}: {
  label: string;
  buttonLabel: string;
  hint?: string;
  /** Spans two grid columns from the md breakpoint. */
  wide?: boolean;
  value: string;
  onSearch(search: string | undefined): void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // A new value from the URL (back, forward, clear) replaces what was typed.
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  return (
    <Box
      as="form"
      role="search"
      gridColumn={wide ? { base: 'auto', md: 'span 2' } : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = text.trim();
        onSearch(trimmed === '' ? undefined : trimmed.slice(0, 100));
      }}
    >
      <Field.Root>
        <Field.Label htmlFor={id}>{label}</Field.Label>
        <HStack width="full" gap="2">
          <Input
            id={id}
            size="sm"
            type="search"
            name="search"
            maxLength={100}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <Button type="submit" size="sm" variant="outline">
            {buttonLabel}
          </Button>
        </HStack>
        {hint !== undefined && <Field.HelperText>{hint}</Field.HelperText>}
      </Field.Root>
    </Box>
  );
}

/** A labelled date input of a list's filters (a location day, YYYY-MM-DD); cleared, it reports undefined. */
export function DateFilter(props: {
  label: string;
  value: string | undefined;
  min?: string | undefined;
  max?: string | undefined;
  onChange(value: string | undefined): void;
}) {
  const id = useId();
  return (
    <Field.Root>
      <Field.Label htmlFor={id}>{props.label}</Field.Label>
      <Input
        id={id}
        size="sm"
        type="date"
        value={props.value ?? ''}
        min={props.min}
        max={props.max}
        onChange={(event) => props.onChange(event.currentTarget.value || undefined)}
      />
    </Field.Root>
  );
}

export interface DateRangeValue {
  datePreset: DatePreset;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * The date presets of spec section 9 (preset, the range it stands for, custom from/to, a period start
 * for the anchored presets). Grid items: render it inside the filters' grid.
 */
export function DateRangeFields({
  value,
  now,
  onChange,
  labels,
}: {
  value: DateRangeValue;
  now: Date;
  onChange(change: DateRangeValue | Partial<Pick<DateRangeValue, 'from' | 'to'>>): void;
  labels: {
    date: string;
    preset(preset: DatePreset): string;
    range(from: string, to: string): string;
    fromDate: string;
    toDate: string;
    periodStart: string;
  };
}) {
  const range = presetRange(value.datePreset, now, { from: value.from, to: value.to });
  const anchored = anchoredPresets.includes(value.datePreset);
  return (
    <>
      <Stack gap="1">
        <SelectField
          label={labels.date}
          value={value.datePreset}
          onChange={(preset) =>
            onChange({
              datePreset: optional<DatePreset>(preset, datePresets) ?? 'no_date_filter',
              from: undefined,
              to: undefined,
            })
          }
        >
          {datePresets.map((preset) => (
            <option key={preset} value={preset}>
              {labels.preset(preset)}
            </option>
          ))}
        </SelectField>
        {range.from !== undefined && range.to !== undefined && value.datePreset !== 'custom' && (
          <Text fontSize="xs" color="fg.muted">
            {labels.range(range.from, range.to)}
          </Text>
        )}
      </Stack>
      {value.datePreset === 'custom' && (
        <>
          <DateFilter
            label={labels.fromDate}
            value={value.from}
            max={value.to}
            onChange={(from) => onChange({ from })}
          />
          <DateFilter
            label={labels.toDate}
            value={value.to}
            min={value.from}
            onChange={(to) => onChange({ to })}
          />
        </>
      )}
      {anchored && (
        <DateFilter
          label={labels.periodStart}
          value={value.from ?? range.from}
          onChange={(from) => onChange({ from })}
        />
      )}
    </>
  );
}

/** `value` when it is one of `allowed` (a select's string back to its union type), else undefined. */
export const optional = <T extends string>(value: string, allowed: readonly T[]): T | undefined =>
  (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
