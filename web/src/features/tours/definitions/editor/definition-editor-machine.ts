import { assign, fromPromise, setup } from 'xstate';
import { errorCatalogue } from '@nine/shared/errors';
import {
  tourDefinitionSteps,
  type TourDefinitionStatus,
  type TourDefinitionStep,
} from '@nine/shared/schemas/tours/definitions';
import { ApiError } from '../../../../lib/api-client.ts';

/** What a saved step or a publish answers that the flow keeps: the draft's id, version and progress. */
export interface SavedDefinition {
  id: number;
  version: number;
  steps_done: readonly TourDefinitionStep[];
  status: TourDefinitionStatus;
}

export interface SaveStepInput {
  /** Null until the first save (basic-info) creates the draft. */
  definitionId: number | null;
  step: TourDefinitionStep;
  /** The step form's values, parsed by the step's shared schema. */
  values: unknown;
  version: number;
}

export interface PublishInput {
  definitionId: number;
  version: number;
}

/** A field issue of a 400 (1001) answer, as the form kit puts it on its field. */
export interface FieldIssue {
  path: (string | number)[];
  code: string;
  message: string;
}

export interface DefinitionEditorContext {
  definitionId: number | null;
  version: number;
  stepsDone: TourDefinitionStep[];
  step: TourDefinitionStep;
  status: TourDefinitionStatus;
  /** The last save's or publish's refusal (the step form puts its field issues on its fields). */
  failure: unknown;
  /** The field issues of that refusal, when it was a 400 with issues. */
  issues: FieldIssue[];
  /** Steps a refused publish named as not done (422 definitionIncomplete). */
  missing: TourDefinitionStep[];
}

export type DefinitionEditorEvent =
  | { type: 'SUBMIT'; values: unknown }
  | { type: 'GOTO'; step: TourDefinitionStep }
  | { type: 'PUBLISH' }
  /** Another write on the definition (a gallery change) answered a new version. */
  | { type: 'SYNC'; definition: SavedDefinition };

export interface DefinitionEditorInput {
  definitionId: number | null;
  version?: number;
  stepsDone?: readonly TourDefinitionStep[];
  status?: TourDefinitionStatus;
  /** The step the address names; a step not reachable yet opens the first one to do. */
  step: TourDefinitionStep;
}

const LAST = tourDefinitionSteps.length - 1;
const indexOf = (step: TourDefinitionStep) => tourDefinitionSteps.indexOf(step);

/** The step after `step`, or `step` itself when it is the last. */
export function nextStep(step: TourDefinitionStep): TourDefinitionStep {
  return tourDefinitionSteps[Math.min(indexOf(step) + 1, LAST)]!;
}

/** The first step not saved yet (null when all are). */
function firstToDo(stepsDone: readonly TourDefinitionStep[]): TourDefinitionStep | null {
  return tourDefinitionSteps.find((step) => !stepsDone.includes(step)) ?? null;
}

/**
 * Where the editor may go: a step already saved, the first one still to do, or the one after the current
 * step once that is saved. Before the draft exists only basic-info is open.
 */
export function reachable(
  context: Pick<DefinitionEditorContext, 'definitionId' | 'stepsDone' | 'step'>,
  step: TourDefinitionStep,
): boolean {
  if (context.definitionId === null) return step === tourDefinitionSteps[0];
  if (context.stepsDone.includes(step) || step === firstToDo(context.stepsDone)) return true;
  return context.stepsDone.includes(context.step) && step === nextStep(context.step);
}

/** Keeps the steps in the editor's order, whatever order the server listed them in. */
const ordered = (steps: readonly TourDefinitionStep[]) =>
  tourDefinitionSteps.filter((s) => steps.includes(s));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function issuesOf(error: unknown): FieldIssue[] {
  if (!(error instanceof ApiError) || error.respCode !== errorCatalogue.validation.code) return [];
  const issues = isRecord(error.data) ? error.data.issues : undefined;
  if (!Array.isArray(issues)) return [];
  return issues.filter(
    (issue): issue is FieldIssue =>
      isRecord(issue) && Array.isArray(issue.path) && typeof issue.code === 'string',
  );
}

function missingOf(error: unknown): TourDefinitionStep[] {
  if (!(error instanceof ApiError) || error.respCode !== errorCatalogue.definitionIncomplete.code) return [];
  const steps = isRecord(error.data) ? error.data.steps : undefined;
  return Array.isArray(steps)
    ? ordered(steps.filter((s): s is TourDefinitionStep => typeof s === 'string'))
    : [];
}

const saved = (output: SavedDefinition) => ({
  definitionId: output.id,
  version: output.version,
  stepsDone: ordered(output.steps_done),
  status: output.status,
  failure: null,
  issues: [],
});

/**
 * The tour definition editor (the seven steps of docs/design/tours.md S4): each step's form is checked by
 * its shared schema, then SUBMIT saves it on the server (the first save creates the draft) and opens the
 * next step; a refusal keeps the step, with its field issues. GOTO opens a step already saved, or the next
 * one to do; PUBLISH makes the draft active, or lists the steps still missing.
 */
export const definitionEditorMachine = setup({
  types: {} as {
    context: DefinitionEditorContext;
    events: DefinitionEditorEvent;
    input: DefinitionEditorInput;
  },
  actors: {
    saveStep: fromPromise<SavedDefinition, SaveStepInput>(async () => {
      throw new Error('saveStep must be provided');
    }),
    publish: fromPromise<SavedDefinition, PublishInput>(async () => {
      throw new Error('publish must be provided');
    }),
  },
  guards: {
    reachable: ({ context, event }) => event.type === 'GOTO' && reachable(context, event.step),
    // The draft exists: only a saved definition can be published.
    hasDraft: ({ context }) => context.definitionId !== null,
  },
  actions: {
    sync: assign(({ context, event }) =>
      event.type === 'SYNC'
        ? {
            version: event.definition.version,
            stepsDone: ordered(event.definition.steps_done),
            status: event.definition.status,
          }
        : context,
    ),
    goto: assign({
      step: ({ context, event }) => (event.type === 'GOTO' ? event.step : context.step),
      failure: null,
      issues: [],
    }),
  },
}).createMachine({
  id: 'definitionEditor',
  context: ({ input }) => {
    const stepsDone = ordered(input.stepsDone ?? []);
    const base = {
      definitionId: input.definitionId,
      version: input.version ?? 1,
      stepsDone,
      step: tourDefinitionSteps[0],
      status: input.status ?? 'draft',
      failure: null,
      issues: [],
      missing: [],
    } satisfies DefinitionEditorContext;
    const step = reachable(base, input.step) ? input.step : (firstToDo(stepsDone) ?? tourDefinitionSteps[0]);
    return { ...base, step };
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        SUBMIT: { target: 'saving' },
        GOTO: { guard: 'reachable', actions: 'goto' },
        PUBLISH: { guard: 'hasDraft', target: 'publishing' },
        SYNC: { actions: 'sync' },
      },
    },
    saving: {
      entry: assign({ failure: null, issues: [], missing: [] }),
      invoke: {
        src: 'saveStep',
        input: ({ context, event }) => ({
          definitionId: context.definitionId,
          step: context.step,
          values: event.type === 'SUBMIT' ? event.values : undefined,
          version: context.version,
        }),
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => ({ ...saved(event.output), step: nextStep(context.step) })),
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({ failure: event.error, issues: issuesOf(event.error) })),
        },
      },
    },
    publishing: {
      entry: assign({ failure: null, issues: [], missing: [] }),
      invoke: {
        src: 'publish',
        input: ({ context }) => ({ definitionId: context.definitionId!, version: context.version }),
        onDone: { target: 'published', actions: assign(({ event }) => saved(event.output)) },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({ failure: event.error, missing: missingOf(event.error) })),
        },
      },
    },
    // Active now; its steps stay editable (each save writes live).
    published: {
      on: {
        SUBMIT: { target: 'saving' },
        GOTO: { guard: 'reachable', target: 'editing', actions: 'goto' },
        SYNC: { actions: 'sync' },
      },
    },
  },
});
