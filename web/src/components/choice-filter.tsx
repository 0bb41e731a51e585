import { SelectField, optional } from './list-filter-fields.tsx';

/**
 * A list filter over a fixed set of values, led by "any": choosing it (or a value the list no longer
 * offers) clears the filter.
 */
export function ChoiceFilter<V extends string>({
  label,
  anyLabel,
  values,
  value,
  optionLabel,
  onChange,
}: {
  label: string;
  anyLabel: string;
  values: readonly V[];
  value: V | undefined;
  optionLabel(value: V): string;
  onChange(value: V | undefined): void;
}) {
  return (
    <SelectField label={label} value={value ?? ''} onChange={(raw) => onChange(optional(raw, values))}>
      <option value="">{anyLabel}</option>
      {values.map((choice) => (
        <option key={choice} value={choice}>
          {optionLabel(choice)}
        </option>
      ))}
    </SelectField>
  );
}
