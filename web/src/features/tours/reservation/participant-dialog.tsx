import { SimpleGrid, Stack } from '@chakra-ui/react';
import {
  tourParticipantInput,
  type DefinitionQuestion,
  type OrderParticipants,
  type TourParticipant,
  type TourParticipantInput,
} from '@nine/shared/schemas/tours/participants';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import {
  applyServerIssues,
  useResetOnOpen,
  useSchemaForm,
} from '../../../components/form/use-schema-form.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { saveFailureText } from '../../../lib/save-failure.ts';
import { useAddParticipant } from '../api/reservation/add-participant.ts';
import { useUpdateParticipant } from '../api/reservation/update-participant.ts';
import { IdSelectField } from '../definitions/editor/id-select-field.tsx';

type Values = TourParticipantInput;

/** Yes/no questions start at "no" (a checkbox has no unanswered state): a required one can be answered no. */
const yesNoDefaults = (questions: readonly DefinitionQuestion[]) =>
  Object.fromEntries(questions.filter((q) => q.kind === 'yes_no').map((q) => [String(q.id), false]));

const valuesOf = (
  participant: TourParticipant | null,
  ageGroupId: number | null,
  questions: readonly DefinitionQuestion[],
): Values => ({
  first_name: participant?.first_name ?? '',
  last_name: participant?.last_name ?? '',
  birth_date: participant?.birth_date ?? null,
  age_group_id: participant?.age_group_id ?? ageGroupId,
  email: participant?.email ?? '',
  phone: participant?.phone ?? '',
  emergency_name: participant?.emergency_name ?? '',
  emergency_phone: participant?.emergency_phone ?? '',
  answers: { ...yesNoDefaults(questions), ...(participant?.answers ?? {}) },
  is_organiser: participant?.is_organiser ?? false,
});

const blank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The location's required fields and the tour's required questions left empty: the shared schema does not
 * know them (they are settings), so they are checked here before sending, as the server checks them.
 */
export function missingRequired(
  values: Values,
  required: OrderParticipants['required_fields'],
  questions: readonly DefinitionQuestion[],
): string[] {
  const missing: string[] = [];
  for (const field of required) {
    if (field === 'emergency_contact') {
      if (blank(values.emergency_name)) missing.push('emergency_name');
      if (blank(values.emergency_phone)) missing.push('emergency_phone');
    } else if (blank(values[field])) missing.push(field);
  }
  for (const question of questions)
    if (question.required && question.kind !== 'yes_no' && blank(values.answers?.[String(question.id)]))
      missing.push(`answers.${question.id}`);
  return missing;
}

export interface ParticipantDialogProps {
  open: boolean;
  onClose(): void;
  orderId: number;
  data: OrderParticipants;
  /** The participant to edit, null to add one. */
  participant: TourParticipant | null;
}

/** A participant's details and answers to the tour's questions, added or corrected by staff. */
export function ParticipantDialog({ open, onClose, orderId, data, participant }: ParticipantDialogProps) {
  const { t } = useAppTranslation();
  const add = useAddParticipant();
  const update = useUpdateParticipant();
  const save = participant === null ? add : update;
  // A new participant takes the first age group that still has an unnamed seat.
  const firstOpen =
    data.seats.find(
      (seat) => data.participants.filter((p) => p.age_group_id === seat.age_group_id).length < seat.quantity,
    )?.age_group_id ?? null;
  const form = useSchemaForm(tourParticipantInput, {
    defaultValues: valuesOf(participant, firstOpen, data.questions),
    messages: {
      email: 'tours:participants.form.email_invalid',
      birth_date: { future: 'tours:participants.form.birth_date_future' },
      is_organiser: { organiser_taken: 'tours:participants.form.organiser_taken' },
    },
  });
  useResetOnOpen(form, {
    open,
    record: participant?.id,
    values: () => valuesOf(participant, firstOpen, data.questions),
    onOpen: () => {
      add.reset();
      update.reset();
    },
  });
  const required = new Set(data.required_fields);
  const onError = (error: Error) => applyServerIssues(form, error) && save.reset();

  const submit = form.handleSubmit((values) => {
    const raw = form.getValues();
    const missing = missingRequired(raw, data.required_fields, data.questions);
    if (missing.length > 0) {
      for (const path of missing)
        form.setError(path as 'first_name', { type: 'required', message: t('common:form.required') });
      return;
    }
    if (participant === null) add.mutate({ orderId, body: values }, { onSuccess: onClose, onError });
    else
      update.mutate(
        { id: participant.id, body: { ...values, version: participant.version } },
        { onSuccess: onClose, onError },
      );
  });

  const { TextField, TextareaField, CheckboxField, SelectField, DateTimeField } = fieldsOf(form.control);
  const name = participant === null ? '' : `${participant.first_name} ${participant.last_name}`.trim();
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={
        participant === null
          ? t('tours:participants.form.add_title')
          : t('tours:participants.form.edit_title', { name })
      }
      onSubmit={() => void submit()}
      saving={save.isPending}
      error={saveFailureText(save.error, t('tours:participants.conflict'))}
      size="lg"
      scrollInside
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField
            name="first_name"
            label={t('tours:participants.form.first_name')}
            required
            autoFocus
            maxLength={80}
          />
          <TextField
            name="last_name"
            label={t('tours:participants.form.last_name')}
            required
            maxLength={80}
          />
          {data.kind === 'tour' && (
            <IdSelectField
              control={form.control}
              name="age_group_id"
              label={t('tours:participants.form.age_group')}
              required
              options={data.seats.map((seat) => ({ id: seat.age_group_id, label: seat.name }))}
            />
          )}
          <DateTimeField
            name="birth_date"
            label={t('tours:participants.form.birth_date')}
            required={required.has('birth_date')}
          />
          <TextField
            name="email"
            type="email"
            label={t('tours:participants.form.email')}
            required={required.has('email')}
            autoComplete="off"
            maxLength={254}
          />
          <TextField
            name="phone"
            type="tel"
            label={t('tours:participants.form.phone')}
            required={required.has('phone')}
            autoComplete="off"
            maxLength={40}
          />
          <TextField
            name="emergency_name"
            label={t('tours:participants.form.emergency_name')}
            required={required.has('emergency_contact')}
            maxLength={120}
          />
          <TextField
            name="emergency_phone"
            type="tel"
            label={t('tours:participants.form.emergency_phone')}
            required={required.has('emergency_contact')}
            maxLength={40}
          />
        </SimpleGrid>
        <CheckboxField name="is_organiser" label={t('tours:participants.form.is_organiser')} />
        {data.questions.map((question) => {
          // Answers are keyed by question id: `answers.<id>` is a path of the form's `answers` record.
          const path = `answers.${question.id}` as never;
          if (question.kind === 'yes_no')
            return <CheckboxField key={question.id} name={path} label={question.label} />;
          if (question.kind === 'choice')
            return (
              <SelectField
                key={question.id}
                name={path}
                label={question.label}
                required={question.required}
                placeholder={t('tours:participants.form.choose')}
                options={(question.options ?? []).map((option) => ({ value: option, label: option }))}
              />
            );
          if (question.kind === 'long')
            return (
              <TextareaField
                key={question.id}
                name={path}
                label={question.label}
                required={question.required}
                maxLength={2000}
              />
            );
          return (
            <TextField
              key={question.id}
              name={path}
              label={question.label}
              required={question.required}
              maxLength={200}
            />
          );
        })}
      </Stack>
    </FormDialog>
  );
}
