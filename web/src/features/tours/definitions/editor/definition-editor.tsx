import { Badge, Button, HStack, Stack, Text, chakra } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import {
  tourDefinitionSteps,
  type TourBasicInfo,
  type TourDefinitionStep,
  type TourDefinitionStepBody,
} from '@nine/shared/schemas/tours/definitions';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { MessageAlert } from '../../../../components/message-alert.tsx';
import { PageHeading } from '../../../../components/page-heading.tsx';
import { QueryError } from '../../../../components/query-error.tsx';
import { RecordLoadFailed, RecordLoading } from '../../../../components/record-load-state.tsx';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { createTourDefinition } from '../../api/definitions/create-tour-definition.ts';
import { useTourAgeGroups } from '../../api/settings/get-tour-age-groups.ts';
import { useTourGroups } from '../../api/settings/get-tour-groups.ts';
import { useTourPlaces } from '../../api/settings/get-tour-places.ts';
import { useTourSettings } from '../../api/settings/get-tour-settings.ts';
import { useTourTerms } from '../../api/settings/get-tour-terms.ts';
import {
  tourDefinitionKey,
  useTourDefinition,
  type TourDefinitionDetail,
} from '../../api/definitions/get-tour-definition.ts';
import { publishTourDefinition } from '../../api/definitions/publish-tour-definition.ts';
import { saveTourDefinitionStep } from '../../api/definitions/save-tour-definition-step.ts';
import type { UploadAuth } from '../../api/definitions/upload-tour-definition-image.ts';
import { BasicInfoStep } from './basic-info-step.tsx';
import { CancellationFeeStep } from './cancellation-fee-step.tsx';
import { definitionEditorMachine, reachable, type SavedDefinition } from './definition-editor-machine.ts';
import { DescriptionStep } from './description-step.tsx';
import { GalleryStep } from './gallery-step.tsx';
import { ItemsStep } from './items-step.tsx';
import { LocationStep } from './location-step.tsx';
import { activeAgeGroups } from './price-rule.ts';
import { PricingStep } from './pricing-step.tsx';
import { StepIndicator } from './step-indicator.tsx';
import type { StepControls } from './step-frame.tsx';

export interface DefinitionEditorProps {
  /** The definition the address names; null for `new`. */
  definitionId: number | null;
  /** The step the address names (anything else opens the step the flow allows). */
  step: string;
  locationId: number;
  currencySymbol: string;
  /** The session's token, for the gallery's uploads (multipart, outside the JSON client). */
  token: string;
  /** Puts the flow's definition and step in the address (replacing it: back leaves the editor). */
  onNavigate(definitionId: number | 'new', step: TourDefinitionStep): void;
  /** The tours list, where back and the end of the editor lead. */
  listHref: string;
  renderListLink(children: ReactNode): ReactNode;
}

const summaryOf = (d: TourDefinitionDetail): SavedDefinition => ({
  id: d.id,
  version: d.version,
  steps_done: d.steps_done,
  status: d.status,
});

/**
 * The tour definition editor (/tour-management/definitions/:id/:step): loads the draft from the server, so
 * leaving and coming back resumes it, then runs the seven steps (definition-editor-machine.ts).
 */
export function DefinitionEditor(props: DefinitionEditorProps) {
  const { t } = useAppTranslation();
  const query = useTourDefinition(props.locationId, props.definitionId);
  // The draft this editor created keeps the same flow when the address takes its new id.
  const created = useRef<number | null>(null);
  // Only the first load can fail the screen: a later refetch's failure leaves the flow as it is.
  if (props.definitionId !== null && query.data === undefined && query.isError) {
    return (
      <RecordLoadFailed
        error={query.error}
        notFound={t('tours:definitions.editor.not_found')}
        failed={t('tours:definitions.editor.load_failed')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (props.definitionId !== null && query.data === undefined) return <RecordLoading />;
  const flowKey =
    props.definitionId !== null && props.definitionId === created.current
      ? 'new'
      : String(props.definitionId ?? 'new');
  return (
    <EditorFlow
      key={flowKey}
      {...props}
      initial={props.definitionId === null ? null : (query.data ?? null)}
      onCreated={(id) => {
        created.current = id;
      }}
    />
  );
}

function EditorFlow({
  definitionId,
  step: urlStep,
  locationId,
  currencySymbol,
  token,
  onNavigate,
  renderListLink,
  initial,
  onCreated,
}: DefinitionEditorProps & { initial: TourDefinitionDetail | null; onCreated(id: number): void }) {
  const { t } = useAppTranslation();
  const queryClient = useQueryClient();
  const keep = (detail: TourDefinitionDetail) => {
    queryClient.setQueryData(tourDefinitionKey(detail.id), detail);
    // The tours list shows names, steps and covers.
    void queryClient.invalidateQueries({ queryKey: ['tours', 'definitions', 'list'] });
    return summaryOf(detail);
  };
  const machine = useMemo(
    () =>
      definitionEditorMachine.provide({
        actors: {
          saveStep: fromPromise(async ({ input }) => {
            if (input.definitionId === null) {
              const detail = await createTourDefinition(input.values as TourBasicInfo);
              onCreated(detail.id);
              return keep(detail);
            }
            const body = { ...(input.values as object), step: input.step, version: input.version };
            return keep(await saveTourDefinitionStep(input.definitionId, body as TourDefinitionStepBody));
          }),
          publish: fromPromise(async ({ input }) =>
            keep(await publishTourDefinition(input.definitionId, input.version)),
          ),
        },
      }),
    // The actors are made once per flow; they read nothing that changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [state, send, actor] = useMachine(machine, {
    input: {
      definitionId: initial?.id ?? null,
      version: initial?.version,
      stepsDone: initial?.steps_done,
      status: initial?.status,
      step: (tourDefinitionSteps as readonly string[]).includes(urlStep)
        ? (urlStep as TourDefinitionStep)
        : tourDefinitionSteps[0],
    },
  });
  const { context } = state;

  // The address is where the step comes from: a step typed there is asked of the flow; whatever the flow
  // is on then (the same step, or the one it stayed on) is written back.
  const lastUrlStep = useRef(urlStep);
  useEffect(() => {
    if (urlStep !== lastUrlStep.current) {
      lastUrlStep.current = urlStep;
      if ((tourDefinitionSteps as readonly string[]).includes(urlStep)) {
        actor.send({ type: 'GOTO', step: urlStep as TourDefinitionStep });
      }
    }
    const now = actor.getSnapshot().context;
    if (now.step !== urlStep || now.definitionId !== definitionId) {
      lastUrlStep.current = now.step;
      onNavigate(now.definitionId ?? 'new', now.step);
    }
  }, [urlStep, definitionId, context.step, context.definitionId, actor, onNavigate]);

  const definitionQuery = useTourDefinition(locationId, context.definitionId);
  const definition = definitionQuery.data ?? initial;
  const settings = useTourSettings(locationId);
  const groups = useTourGroups();
  const ageGroups = useTourAgeGroups();
  const places = useTourPlaces(locationId);
  const terms = useTourTerms();
  const auth: UploadAuth = { token, locationId };

  const index = tourDefinitionSteps.indexOf(context.step);
  const previous = index > 0 ? tourDefinitionSteps[index - 1]! : null;
  const busy = state.matches('saving') || state.matches('publishing');
  const controls: StepControls = {
    busy,
    failure: state.matches('publishing') ? null : context.missing.length > 0 ? null : context.failure,
    canGoBack: previous !== null && reachable(context, previous),
    isFirst: index === 0,
    isLast: index === tourDefinitionSteps.length - 1,
    onBack: () => previous !== null && send({ type: 'GOTO', step: previous }),
    onSubmit: (values) => send({ type: 'SUBMIT', values }),
  };

  const lookupFailed = [settings, groups, ageGroups, places, terms].find((q) => q.isError);
  const stepBody = (): ReactNode => {
    if (lookupFailed !== undefined) {
      return (
        <QueryError
          title={t('tours:definitions.editor.lookups_failed')}
          error={lookupFailed.error}
          onRetry={() => void lookupFailed.refetch()}
        />
      );
    }
    if (context.step === 'basic-info') {
      if (groups.data === undefined || settings.data === undefined) return <RecordLoading />;
      return (
        <BasicInfoStep
          definition={definition}
          defaults={{
            capacity: settings.data.default_capacity,
            min_participants: settings.data.default_min_participants,
          }}
          groups={groups.data.rows
            .filter((g) => g.active || g.id === definition?.group_id)
            .map((g) => ({ id: g.id, label: g.name }))}
          controls={controls}
        />
      );
    }
    if (definition === null) return <RecordLoading />;
    switch (context.step) {
      case 'pricing':
        if (ageGroups.data === undefined) return <RecordLoading />;
        return (
          <PricingStep
            definition={definition}
            ageGroups={activeAgeGroups(ageGroups.data.rows)}
            currencySymbol={currencySymbol}
            controls={controls}
          />
        );
      case 'cancellation-fee':
        return <CancellationFeeStep definition={definition} controls={controls} />;
      case 'gallery':
        return (
          <GalleryStep
            definition={definition}
            maxBytes={settings.data?.gallery_max_bytes ?? null}
            auth={auth}
            onDefinition={(detail) => send({ type: 'SYNC', definition: keep(detail) })}
            controls={controls}
          />
        );
      case 'location':
        if (places.data === undefined) return <RecordLoading />;
        return <LocationStep definition={definition} places={places.data.rows} controls={controls} />;
      case 'items':
        if (ageGroups.data === undefined) return <RecordLoading />;
        return (
          <ItemsStep
            definition={definition}
            ageGroups={activeAgeGroups(ageGroups.data.rows)}
            locationId={locationId}
            controls={controls}
          />
        );
      case 'description':
        if (terms.data === undefined) return <RecordLoading />;
        return (
          <DescriptionStep
            definition={definition}
            terms={terms.data.rows}
            onDefinition={(detail) => send({ type: 'SYNC', definition: keep(detail) })}
            controls={controls}
          />
        );
    }
  };

  const stepName = (step: TourDefinitionStep) => t(`tours:definitions.editor.steps.${step}`);
  return (
    <Stack gap="5">
      <PageHeading
        title={definition?.name ?? t('tours:definitions.editor.new_title')}
        intro={t('tours:definitions.editor.intro')}
        actions={
          <HStack gap="3">
            <Badge
              colorPalette={
                context.status === 'active' ? 'green' : context.status === 'draft' ? 'orange' : 'gray'
              }
            >
              {t(`tours:definitions.editor.status.${context.status}`)}
            </Badge>
            {context.definitionId !== null && context.status === 'draft' && (
              <Button
                colorPalette="green"
                loading={state.matches('publishing')}
                disabled={busy}
                onClick={() => send({ type: 'PUBLISH' })}
              >
                {t('tours:definitions.editor.publish')}
              </Button>
            )}
          </HStack>
        }
      />
      <StepIndicator
        current={context.step}
        done={context.stepsDone}
        isOpen={(step) => reachable(context, step)}
        onGoto={(step) => send({ type: 'GOTO', step })}
      />
      {state.matches('published') && (
        <MessageAlert status="success">
          {t('tours:definitions.editor.published')}{' '}
          {renderListLink(t('tours:definitions.editor.back_to_list'))}
        </MessageAlert>
      )}
      {context.missing.length > 0 && (
        <MessageAlert status="error">
          <Text>{t('tours:definitions.editor.missing')}</Text>
          <chakra.ul ps="5" listStyleType="disc">
            {context.missing.map((step) => (
              <li key={step}>
                {reachable(context, step) ? (
                  <Button
                    variant="plain"
                    size="sm"
                    p="0"
                    h="auto"
                    textDecoration="underline"
                    onClick={() => send({ type: 'GOTO', step })}
                  >
                    {stepName(step)}
                  </Button>
                ) : (
                  stepName(step)
                )}
              </li>
            ))}
          </chakra.ul>
        </MessageAlert>
      )}
      <chakra.section aria-labelledby="definition-step-heading">
        <chakra.h2 id="definition-step-heading" fontSize="xl" fontWeight="semibold" mb="4">
          {t('tours:definitions.editor.step_heading', {
            n: index + 1,
            total: tourDefinitionSteps.length,
            name: stepName(context.step),
          })}
        </chakra.h2>
        {/* Keyed by the step and the draft: each step's form starts from what the server holds. */}
        <StepBody key={`${context.step}/${context.definitionId ?? 'new'}`}>{stepBody()}</StepBody>
      </chakra.section>
    </Stack>
  );
}

function StepBody({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
