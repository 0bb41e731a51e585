import { Button, Fieldset, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import {
  QUESTION_KINDS,
  QUESTIONS_MAX,
  definitionQuestionsForm,
  type DefinitionQuestion,
} from '@nine/shared/schemas/tours/participants';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import { applyServerIssues, useSchemaForm } from '../../../../components/form/use-schema-form.ts';
import { MessageAlert } from '../../../../components/message-alert.tsx';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { saveFailureText } from '../../../../lib/save-failure.ts';
import { getTourDefinition, type TourDefinitionDetail } from '../../api/definitions/get-tour-definition.ts';
import { useSaveTourDefinitionQuestions } from '../../api/definitions/save-tour-definition-questions.ts';

/** A saved question in the form, with its id: a relabel keeps the id its answers are keyed by. */
const draftOf = (q: DefinitionQuestion) => ({
  id: q.id,
  label: q.label,
  kind: q.kind,
  options_text: (q.options ?? []).join('\n'),
  required: q.required,
});

/**
 * "Questions for participants" in the description step: what the share link and the counter ask everyone
 * ("Can you swim?"). Saved on its own (the whole list, with the definition's version), since the step's own
 * save sends only the description; the new version is handed back to the editor.
 */
export function QuestionsBlock({
  definition,
  onDefinition,
}: {
  definition: TourDefinitionDetail;
  onDefinition(definition: TourDefinitionDetail): void;
}) {
  const { t } = useAppTranslation();
  const form = useSchemaForm(definitionQuestionsForm, {
    defaultValues: { questions: definition.questions.map(draftOf) },
    messages: {
      'questions.*.options_text': {
        choice_needs_options: 'tours:definitions.editor.questions.choice_needs_options',
        too_many_options: 'tours:definitions.editor.questions.too_many_options',
        option_too_long: 'tours:definitions.editor.questions.option_too_long',
        duplicate: 'tours:definitions.editor.questions.duplicate_option',
      },
    },
  });
  const { control } = form;
  const { TextField, SelectField, CheckboxField, TextareaField } = fieldsOf(control);
  const rows = useFieldArray({ control, name: 'questions' });
  const kinds = useWatch({ control, name: 'questions' });
  const mutation = useSaveTourDefinitionQuestions();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const unsaved = form.formState.isDirty;
  // The step's own save leaves these out: closing or reloading the page with edits pending asks first.
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);

  const save = form.handleSubmit(async (values) => {
    setBusy(true);
    setFailure(null);
    setSaved(false);
    try {
      await mutation.mutateAsync({
        id: definition.id,
        body: { questions: values.questions, version: definition.version },
      });
      const detail = await getTourDefinition(definition.id);
      form.reset({ questions: detail.questions.map(draftOf) });
      onDefinition(detail);
      setSaved(true);
    } catch (error) {
      if (!applyServerIssues(form, error)) setFailure(error);
    } finally {
      setBusy(false);
    }
  });

  const kindOptions = QUESTION_KINDS.map((kind) => ({
    value: kind,
    label: t(`tours:definitions.editor.questions.kinds.${kind}`),
  }));
  const failureText = saveFailureText(failure, t('tours:definitions.editor.conflict'));
  return (
    <Fieldset.Root>
      <Fieldset.Legend>{t('tours:definitions.editor.questions.title')}</Fieldset.Legend>
      <Fieldset.HelperText>{t('tours:definitions.editor.questions.help')}</Fieldset.HelperText>
      <Stack gap="4" mt="2">
        {rows.fields.length === 0 && (
          <Text color="fg.muted">{t('tours:definitions.editor.questions.none')}</Text>
        )}
        {rows.fields.map((row, index) => (
          <Stack key={row.id} gap="3" borderWidth="1px" borderRadius="md" p="3">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              <TextField
                name={`questions.${index}.label`}
                label={t('tours:definitions.editor.questions.label', { n: index + 1 })}
                maxLength={200}
                required
              />
              <SelectField
                name={`questions.${index}.kind`}
                label={t('tours:definitions.editor.questions.kind', { n: index + 1 })}
                options={kindOptions}
                required
              />
            </SimpleGrid>
            {kinds?.[index]?.kind === 'choice' && (
              <TextareaField
                name={`questions.${index}.options_text`}
                label={t('tours:definitions.editor.questions.options', { n: index + 1 })}
                helperText={t('tours:definitions.editor.questions.options_help')}
                rows={3}
                maxLength={2100}
                required
              />
            )}
            <HStack justify="space-between">
              <CheckboxField
                name={`questions.${index}.required`}
                label={t('tours:definitions.editor.questions.required', { n: index + 1 })}
              />
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => rows.remove(index)}>
                {t('tours:definitions.editor.questions.remove', { n: index + 1 })}
              </Button>
            </HStack>
          </Stack>
        ))}
        <HStack gap="3">
          <Button
            size="sm"
            variant="outline"
            disabled={rows.fields.length >= QUESTIONS_MAX}
            onClick={() => rows.append({ label: '', kind: 'yes_no', options_text: '', required: false })}
          >
            {t('tours:definitions.editor.questions.add')}
          </Button>
          {/* A button, not a form: the block sits inside the step's form. */}
          <Button size="sm" colorPalette="blue" loading={busy} onClick={() => void save()}>
            {t('tours:definitions.editor.questions.save')}
          </Button>
          {saved && !unsaved && (
            <Text role="status" color="fg.success" fontSize="sm">
              {t('tours:definitions.editor.questions.saved')}
            </Text>
          )}
        </HStack>
        {unsaved && (
          <Text role="status" color="fg.warning" fontSize="sm">
            {t('tours:definitions.editor.questions.unsaved')}
          </Text>
        )}
        {failureText !== null && <MessageAlert status="error">{failureText}</MessageAlert>}
      </Stack>
    </Fieldset.Root>
  );
}
