import { Button, Fieldset, HStack, Input, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { errorCatalogue } from '@nine/shared/errors';
import {
  ANSWER_LONG_MAX,
  ANSWER_SHORT_MAX,
  type DefinitionQuestion,
} from '@nine/shared/schemas/tours/participants';
import type {
  PublicParticipant,
  PublicParticipantInput,
  PublicParticipantPage,
} from '@nine/shared/schemas/tours/public';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import { FieldShell, useBoundField } from '../../../components/form/fields.tsx';
import { SubmitForm } from '../../../components/form/submit-form.tsx';
import { applyServerIssues, useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { todayAtLocation } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { addParticipant } from '../api/add-participant.ts';
import { usePublicSend } from '../public-failure.tsx';
import { participantSchemaFor } from './participant-schema.ts';

/** What the signing step needs of a participant just added: the page only shows others by first name. */
export interface AddedParticipant {
  participant: PublicParticipant;
  fullName: string;
  birthDate: string | null;
}

type Values = PublicParticipantInput;
type FormControl = Control<Values, unknown, unknown>;

/** Age groups with a seat nobody has taken yet. */
export function openSeats(page: PublicParticipantPage) {
  return page.seats.filter(
    (seat) => page.participants.filter((p) => p.age_group_id === seat.age_group_id).length < seat.quantity,
  );
}

/** The age group of a free seat (and `current`, the group an edited participant already holds). */
export function AgeGroupField<T extends FieldValues>({
  control,
  page,
  label,
  current = null,
}: {
  control: Control<T, unknown, unknown>;
  page: PublicParticipantPage;
  label: string;
  current?: number | null;
}) {
  const { field, bind, shell } = useBoundField({
    control,
    name: 'age_group_id' as FieldPath<T>,
    label,
    required: true,
  });
  const free = new Set(openSeats(page).map((seat) => seat.age_group_id));
  const open = page.seats.filter((seat) => free.has(seat.age_group_id) || seat.age_group_id === current);
  return (
    <FieldShell {...shell}>
      <NativeSelect.Root>
        <NativeSelect.Field
          {...bind}
          value={field.value === null || field.value === undefined ? '' : String(field.value)}
          onChange={(event) => field.onChange(Number(event.currentTarget.value))}
        >
          {open.map((seat) => (
            <option key={seat.age_group_id} value={seat.age_group_id}>
              {seat.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FieldShell>
  );
}

/** One question of the tour, with the control its kind calls for. */
function QuestionField({ control, question }: { control: FormControl; question: DefinitionQuestion }) {
  const { t } = useAppTranslation();
  const { field, bind, shell } = useBoundField({
    control,
    name: `answers.${question.id}`,
    label: question.label,
    required: question.required,
  });
  const { field: answers } = useController({ control, name: 'answers' });
  // An emptied answer leaves the record rather than staying as "" (the server takes only given answers).
  const set = (value: string | boolean | undefined) => {
    const next = { ...(answers.value ?? {}) };
    if (value === undefined || value === '') delete next[String(question.id)];
    else next[String(question.id)] = value;
    answers.onChange(next);
  };
  const value: unknown = field.value;
  if (question.kind === 'yes_no' || question.kind === 'choice') {
    const options =
      question.kind === 'yes_no'
        ? [
            { value: 'yes', label: t('participant:sign.answer_yes') },
            { value: 'no', label: t('participant:sign.answer_no') },
          ]
        : (question.options ?? []).map((option) => ({ value: option, label: option }));
    const selected =
      question.kind === 'yes_no'
        ? value === true
          ? 'yes'
          : value === false
            ? 'no'
            : ''
        : typeof value === 'string'
          ? value
          : '';
    return (
      <FieldShell {...shell}>
        <NativeSelect.Root>
          <NativeSelect.Field
            {...bind}
            value={selected}
            onChange={(event) => {
              const picked = event.currentTarget.value;
              set(question.kind === 'yes_no' ? (picked === '' ? undefined : picked === 'yes') : picked);
            }}
          >
            <option value="">{t('participant:sign.answer_pick')}</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FieldShell>
    );
  }
  const text = typeof value === 'string' ? value : '';
  return (
    <FieldShell {...shell}>
      {question.kind === 'long' ? (
        <Textarea
          {...bind}
          value={text}
          maxLength={ANSWER_LONG_MAX}
          rows={3}
          onChange={(e) => set(e.currentTarget.value)}
        />
      ) : (
        <Input
          {...bind}
          value={text}
          maxLength={ANSWER_SHORT_MAX}
          onChange={(e) => set(e.currentTarget.value)}
        />
      )}
    </FieldShell>
  );
}

export interface ParticipantFormProps {
  token: string;
  page: PublicParticipantPage;
  onAdded(added: AddedParticipant): void;
  /** The page's summary is out of date (the seats filled up meanwhile): read it again. */
  onStale(): void;
  onCancel?(): void;
}

/**
 * Adds one person to the booking: name, the age group of a free seat, the contact fields the location asks
 * for, and the tour's questions. Checked with the shared schema plus the location's required fields.
 */
export function ParticipantForm({ token, page, onAdded, onStale, onCancel }: ParticipantFormProps) {
  const { t } = useAppTranslation();
  const required = page.required_fields;
  const schema = useMemo(
    () => participantSchemaFor(page.required_fields, page.questions),
    [page.required_fields, page.questions],
  );
  const isTour = page.order.kind === 'tour';
  const hasOrganiser = page.participants.some((p) => p.is_organiser);
  const form = useSchemaForm(schema, {
    defaultValues: {
      first_name: '',
      last_name: '',
      birth_date: null,
      age_group_id: isTour ? (openSeats(page)[0]?.age_group_id ?? null) : null,
      email: '',
      phone: '',
      emergency_name: '',
      emergency_phone: '',
      answers: {},
      is_organiser: !hasOrganiser && page.participants.length === 0,
    },
    // The server's own refusals of a date of birth ahead of today and of a second organiser.
    messages: {
      birth_date: { future: 'participant:sign.birth_date_future' },
      is_organiser: { organiser_taken: 'participant:sign.organiser_taken' },
    },
  });
  const { TextField, DateTimeField, CheckboxField } = fieldsOf(form.control);
  const { busy, failure, send } = usePublicSend();

  const submit = form.handleSubmit((values) =>
    send(
      async () => {
        const participant = await addParticipant(token, values);
        onAdded({
          participant,
          fullName: `${values.first_name} ${values.last_name}`,
          birthDate: values.birth_date,
        });
      },
      (error) => {
        if (applyServerIssues(form, error)) return true;
        if (error instanceof ApiError && error.respCode === errorCatalogue.ageGroupMismatch.code) {
          form.setError('birth_date', { message: t('errors:ageGroupMismatch') }, { shouldFocus: true });
          return true;
        }
        if (error instanceof ApiError && error.respCode === errorCatalogue.participantsExceedSeats.code)
          onStale();
        return false;
      },
    ),
  );

  return (
    <SubmitForm onSubmit={submit} aria-label={t('participant:sign.add_title')}>
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextField
            name="first_name"
            label={t('participant:sign.first_name')}
            required
            autoComplete="given-name"
          />
          <TextField
            name="last_name"
            label={t('participant:sign.last_name')}
            required
            autoComplete="family-name"
          />
        </SimpleGrid>
        {isTour && (
          <AgeGroupField control={form.control} page={page} label={t('participant:sign.age_group')} />
        )}
        <DateTimeField
          name="birth_date"
          label={t('participant:sign.birth_date')}
          required={required.includes('birth_date')}
          max={todayAtLocation()}
        />
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextField
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            label={t('participant:sign.email')}
            required={required.includes('email')}
          />
          <TextField
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            label={t('participant:sign.phone')}
            required={required.includes('phone')}
          />
        </SimpleGrid>
        <Fieldset.Root>
          <Fieldset.Legend>{t('participant:sign.emergency_contact')}</Fieldset.Legend>
          <Fieldset.Content>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <TextField
                name="emergency_name"
                label={t('participant:sign.emergency_name')}
                required={required.includes('emergency_contact')}
              />
              <TextField
                name="emergency_phone"
                type="tel"
                inputMode="tel"
                label={t('participant:sign.emergency_phone')}
                required={required.includes('emergency_contact')}
              />
            </SimpleGrid>
          </Fieldset.Content>
        </Fieldset.Root>
        {page.questions.map((question) => (
          <QuestionField key={question.id} control={form.control} question={question} />
        ))}
        {!hasOrganiser && <CheckboxField name="is_organiser" label={t('participant:sign.is_organiser')} />}
        {failure !== null && <MessageAlert status="error">{failure}</MessageAlert>}
        <HStack gap="3" wrap="wrap">
          <Button type="submit" loading={busy} size="lg">
            {t('participant:sign.add_submit')}
          </Button>
          {onCancel && (
            <Button variant="ghost" size="lg" onClick={onCancel}>
              {t('participant:sign.cancel')}
            </Button>
          )}
        </HStack>
      </Stack>
    </SubmitForm>
  );
}
