import { Button, HStack, Stack } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { MessageAlert } from '../../../../components/message-alert.tsx';
import { SubmitForm } from '../../../../components/form/submit-form.tsx';
import { applyServerIssues, type SchemaForm } from '../../../../components/form/use-schema-form.ts';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { saveFailureText } from '../../../../lib/save-failure.ts';

/** What the editor hands every step: the flow's state and its two moves. */
export interface StepControls {
  /** A save (or publish) is under way. */
  busy: boolean;
  /** The last refusal; its field issues go on the step's fields. */
  failure: unknown;
  /** The previous step is open (saved or the next to do). */
  canGoBack: boolean;
  isFirst: boolean;
  isLast: boolean;
  onBack(): void;
  /** The step's values, checked by its shared schema: saved, then the next step opens. */
  onSubmit(values: unknown): void;
}

/**
 * A step's form with Back and Save and continue: the step's schema checks the fields first (Next is
 * refused on the page, nothing sent), then the server's field issues land on the same fields.
 */
export function StepFrame<Input extends FieldValues, Output>({
  form,
  controls,
  children,
}: {
  form: SchemaForm<Input, Output>;
  controls: StepControls;
  children: ReactNode;
}) {
  const { t } = useAppTranslation();
  const [landed, setLanded] = useState(false);
  const { failure } = controls;
  useEffect(() => {
    setLanded(failure !== null && failure !== undefined && applyServerIssues(form, failure));
  }, [failure, form]);
  const message = landed ? null : saveFailureText(failure, t('tours:definitions.editor.conflict'));
  return (
    <SubmitForm onSubmit={form.handleSubmit((values) => controls.onSubmit(values))}>
      <Stack gap="5">
        {children}
        {message !== null && <MessageAlert status="error">{message}</MessageAlert>}
        <HStack gap="3" justify="space-between">
          {controls.isFirst ? (
            <span />
          ) : (
            <Button
              variant="outline"
              onClick={controls.onBack}
              disabled={!controls.canGoBack || controls.busy}
            >
              {t('tours:definitions.editor.back')}
            </Button>
          )}
          <Button type="submit" colorPalette="blue" loading={controls.busy}>
            {controls.isLast ? t('tours:definitions.editor.save') : t('tours:definitions.editor.save_next')}
          </Button>
        </HStack>
      </Stack>
    </SubmitForm>
  );
}
