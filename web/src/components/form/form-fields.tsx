import type { ComponentProps, ReactElement } from 'react';
import type { Control, FieldValues } from 'react-hook-form';
import { CheckboxField, DateTimeField, SelectField, TextareaField, TextField } from './fields.tsx';
import { MoneyField, PercentField } from './money-field.tsx';
import { InstantField, WholeNumberField } from './number-and-instant-fields.tsx';
import { RichTextField } from '../rich-text-editor.tsx';

type Unbound<P> = Omit<P, 'control'>;

/** The kit's fields already bound to one form: each takes its name, label and options, not the control. */
export interface FormFields<T extends FieldValues> {
  TextField(props: Unbound<ComponentProps<typeof TextField<T>>>): ReactElement;
  TextareaField(props: Unbound<ComponentProps<typeof TextareaField<T>>>): ReactElement;
  SelectField(props: Unbound<ComponentProps<typeof SelectField<T>>>): ReactElement;
  CheckboxField(props: Unbound<ComponentProps<typeof CheckboxField<T>>>): ReactElement;
  DateTimeField(props: Unbound<ComponentProps<typeof DateTimeField<T>>>): ReactElement;
  MoneyField(props: Unbound<ComponentProps<typeof MoneyField<T>>>): ReactElement;
  PercentField(props: Unbound<ComponentProps<typeof PercentField<T>>>): ReactElement;
  WholeNumberField(props: Unbound<ComponentProps<typeof WholeNumberField<T>>>): ReactElement;
  InstantField(props: Unbound<ComponentProps<typeof InstantField<T>>>): ReactElement;
  RichTextField(props: Unbound<ComponentProps<typeof RichTextField<T>>>): ReactElement;
}

// One set per form control, so the bound components keep their identity from render to render (a new
// component type each render would remount the input and lose its focus).
const boundSets = new WeakMap<object, FormFields<never>>();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyField = (props: any) => ReactElement;

function bindAll(control: object): FormFields<never> {
  const bind = (Field: AnyField, name: string): AnyField => {
    const Bound: AnyField = (props) => <Field {...props} control={control} />;
    Object.defineProperty(Bound, 'name', { value: name });
    return Bound;
  };
  return {
    TextField: bind(TextField, 'TextField'),
    TextareaField: bind(TextareaField, 'TextareaField'),
    SelectField: bind(SelectField, 'SelectField'),
    CheckboxField: bind(CheckboxField, 'CheckboxField'),
    DateTimeField: bind(DateTimeField, 'DateTimeField'),
    MoneyField: bind(MoneyField, 'MoneyField'),
    PercentField: bind(PercentField, 'PercentField'),
    WholeNumberField: bind(WholeNumberField, 'WholeNumberField'),
    InstantField: bind(InstantField, 'InstantField'),
    RichTextField: bind(RichTextField, 'RichTextField'),
  };
}

/**
 * The fields of one form, typed by its values so a field's name is checked against them:
 * `const { TextField } = fieldsOf(form.control)`, then `<TextField name="email" label={…} />`.
 */
// The control's other type parameters differ from form to form (input, context, output).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function fieldsOf<T extends FieldValues>(control: Control<T, any, any>): FormFields<T> {
  let fields = boundSets.get(control);
  if (fields === undefined) {
    fields = bindAll(control);
    boundSets.set(control, fields);
  }
  return fields as unknown as FormFields<T>;
}
