import { Checkbox, Field, Fieldset, SimpleGrid } from '@chakra-ui/react';
import { tourLanguages, type TourLanguage } from '@nine/shared/schemas/tours/definitions';
import { useMemo } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import type { BoundFieldProps } from '../../../../components/form/fields.tsx';
import { currentLanguage } from '../../../../lib/i18n.ts';

/** Each language named in the interface language (Intl's own names, so no strings to translate). */
function languageNames(): Record<TourLanguage, string> {
  const names = new Intl.DisplayNames([currentLanguage()], { type: 'language' });
  return Object.fromEntries(tourLanguages.map((code) => [code, names.of(code) ?? code])) as Record<
    TourLanguage,
    string
  >;
}

/** The languages a tour is guided in: a labelled group of check boxes (a multi-select the keyboard reaches). */
export function LanguagesField<T extends FieldValues>({
  control,
  name,
  label,
  disabled,
}: Omit<BoundFieldProps<T, string[] | null | undefined>, 'required'>) {
  const { field, fieldState } = useController({ control, name });
  const names = useMemo(languageNames, []);
  const chosen = (field.value as string[] | undefined) ?? [];
  const toggle = (code: TourLanguage, on: boolean) =>
    field.onChange(
      on ? tourLanguages.filter((c) => c === code || chosen.includes(c)) : chosen.filter((c) => c !== code),
    );
  return (
    <Fieldset.Root invalid={fieldState.error !== undefined} disabled={disabled}>
      <Fieldset.Legend>{label}</Fieldset.Legend>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="2">
        {tourLanguages.map((code, index) => (
          <Checkbox.Root
            key={code}
            checked={chosen.includes(code)}
            onCheckedChange={(details) => toggle(code, details.checked === true)}
          >
            <Checkbox.HiddenInput ref={index === 0 ? field.ref : undefined} onBlur={field.onBlur} />
            <Checkbox.Control />
            <Checkbox.Label lang={code}>{names[code]}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </SimpleGrid>
      {fieldState.error !== undefined && (
        <Field.Root invalid>
          <Field.ErrorText>{fieldState.error.message}</Field.ErrorText>
        </Field.Root>
      )}
    </Fieldset.Root>
  );
}
