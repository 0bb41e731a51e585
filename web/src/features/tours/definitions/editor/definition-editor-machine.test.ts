import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { TourDefinitionStep } from '@nine/shared/schemas/tours/definitions';
import { httpError } from '../../../../testing/api-error.ts';
import {
  definitionEditorMachine,
  type DefinitionEditorInput,
  type PublishInput,
  type SavedDefinition,
  type SaveStepInput,
} from './definition-editor-machine.ts';

type Reply = SavedDefinition | Error;

/** A fake server: each save answers the next reply, else the draft with the step added. */
function start(input: DefinitionEditorInput, script: { saves?: Reply[]; publishes?: Reply[] } = {}) {
  const saves: SaveStepInput[] = [];
  const publishes: PublishInput[] = [];
  let done: TourDefinitionStep[] = [...(input.stepsDone ?? [])];
  const machine = definitionEditorMachine.provide({
    actors: {
      saveStep: fromPromise<SavedDefinition, SaveStepInput>(async ({ input: call }) => {
        saves.push(call);
        const reply = script.saves?.shift();
        if (reply instanceof Error) throw reply;
        if (reply) return reply;
        done = [...new Set([...done, call.step])];
        return { id: call.definitionId ?? 41, version: call.version + 1, steps_done: done, status: 'draft' };
      }),
      publish: fromPromise<SavedDefinition, PublishInput>(async ({ input: call }) => {
        publishes.push(call);
        const reply = script.publishes?.shift();
        if (reply instanceof Error) throw reply;
        return (
          reply ?? { id: call.definitionId, version: call.version + 1, steps_done: done, status: 'active' }
        );
      }),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, saves, publishes };
}

type Actor = ReturnType<typeof start>['actor'];
const settled = (actor: Actor) => waitFor(actor, (s) => !s.matches('saving') && !s.matches('publishing'));

async function submit(actor: Actor, values: unknown = {}) {
  actor.send({ type: 'SUBMIT', values });
  await settled(actor);
}

const allSteps: TourDefinitionStep[] = [
  'basic-info',
  'pricing',
  'cancellation-fee',
  'gallery',
  'location',
  'items',
  'description',
];

describe('definition editor flow', () => {
  it('goes through the seven steps in order, each saved with the version the last save answered', async () => {
    const { actor, saves } = start({ definitionId: null, step: 'basic-info' });
    const seen: TourDefinitionStep[] = [];
    for (let i = 0; i < 7; i += 1) {
      seen.push(actor.getSnapshot().context.step);
      await submit(actor, { n: i });
    }
    expect(seen).toEqual(allSteps);
    expect(saves.map((s) => s.step)).toEqual(allSteps);
    expect(saves.map((s) => s.version)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(saves[2]!.values).toEqual({ n: 2 });
    // The last step stays open once saved, every step done.
    const { context } = actor.getSnapshot();
    expect(context.step).toBe('description');
    expect(context.stepsDone).toEqual(allSteps);
    expect(context.version).toBe(8);
  });

  it('creates the draft with the first save: the new id replaces "new" from then on', async () => {
    const { actor, saves } = start({ definitionId: null, step: 'basic-info' });
    expect(actor.getSnapshot().context.definitionId).toBeNull();
    await submit(actor, { name: 'Sunset Kayak' });
    expect(saves[0]).toMatchObject({ definitionId: null, step: 'basic-info' });
    expect(actor.getSnapshot().context).toMatchObject({ definitionId: 41, step: 'pricing' });
    await submit(actor);
    expect(saves[1]).toMatchObject({ definitionId: 41, step: 'pricing', version: 2 });
  });

  it('goes only to steps already saved or the next one to do', async () => {
    const { actor } = start({ definitionId: null, step: 'basic-info' });
    actor.send({ type: 'GOTO', step: 'pricing' });
    expect(actor.getSnapshot().context.step).toBe('basic-info');
    await submit(actor);
    await submit(actor); // pricing saved, cancellation-fee open
    actor.send({ type: 'GOTO', step: 'gallery' });
    expect(actor.getSnapshot().context.step).toBe('cancellation-fee');
    actor.send({ type: 'GOTO', step: 'basic-info' });
    expect(actor.getSnapshot().context.step).toBe('basic-info');
    // From a saved step, the step after it and the first step to do are open, not beyond.
    actor.send({ type: 'GOTO', step: 'description' });
    expect(actor.getSnapshot().context.step).toBe('basic-info');
    actor.send({ type: 'GOTO', step: 'cancellation-fee' });
    expect(actor.getSnapshot().context.step).toBe('cancellation-fee');
  });

  it('resumes a draft from the server at the step asked, or the first to do when that is out of reach', () => {
    const draft = {
      definitionId: 7,
      version: 4,
      stepsDone: ['pricing', 'basic-info'] as TourDefinitionStep[],
    };
    expect(start({ ...draft, step: 'pricing' }).actor.getSnapshot().context).toMatchObject({
      step: 'pricing',
      version: 4,
      stepsDone: ['basic-info', 'pricing'],
    });
    expect(start({ ...draft, step: 'items' }).actor.getSnapshot().context.step).toBe('cancellation-fee');
    expect(start({ definitionId: null, step: 'gallery' }).actor.getSnapshot().context.step).toBe(
      'basic-info',
    );
  });

  it('keeps the step and its issues when the save is refused, and saves again with the same version', async () => {
    const issues = [{ path: ['capacity'], code: 'too_small', message: 'Too small' }];
    const { actor, saves } = start(
      { definitionId: 7, version: 3, stepsDone: ['basic-info'], step: 'basic-info' },
      { saves: [httpError(400, 1001, 'The request is not valid.', { issues })] },
    );
    await submit(actor, { capacity: 0 });
    let { context } = actor.getSnapshot();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(context.step).toBe('basic-info');
    expect(context.issues).toEqual(issues);
    expect(context.failure).toMatchObject({ respCode: 1001 });
    await submit(actor, { capacity: 4 });
    context = actor.getSnapshot().context;
    expect(saves.map((s) => s.version)).toEqual([3, 3]);
    expect(context).toMatchObject({ step: 'pricing', issues: [], failure: null, version: 4 });
  });

  it('keeps a stale-version refusal to show, with no field issues', async () => {
    const { actor } = start(
      { definitionId: 7, version: 3, stepsDone: ['basic-info'], step: 'basic-info' },
      { saves: [httpError(409, 1021, 'Someone saved first.')] },
    );
    await submit(actor);
    const { context } = actor.getSnapshot();
    expect(context.step).toBe('basic-info');
    expect(context.issues).toEqual([]);
    expect(context.failure).toMatchObject({ respCode: 1021 });
  });

  it('lists the steps a refused publish names, in the editor order', async () => {
    const { actor, publishes } = start(
      { definitionId: 7, version: 5, stepsDone: ['basic-info', 'pricing', 'location'], step: 'location' },
      {
        publishes: [
          httpError(422, 1750, 'Some steps are not done.', {
            steps: ['items', 'gallery', 'cancellation-fee'],
          }),
        ],
      },
    );
    actor.send({ type: 'PUBLISH' });
    await settled(actor);
    const { context } = actor.getSnapshot();
    expect(publishes).toEqual([{ definitionId: 7, version: 5 }]);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(context.missing).toEqual(['cancellation-fee', 'gallery', 'items']);
    expect(context.status).toBe('draft');
  });

  it('publishes a complete draft and stays editable', async () => {
    const { actor } = start({ definitionId: 7, version: 9, stepsDone: allSteps, step: 'description' });
    actor.send({ type: 'PUBLISH' });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('published');
    expect(actor.getSnapshot().context).toMatchObject({ status: 'active', version: 10, missing: [] });
    actor.send({ type: 'GOTO', step: 'pricing' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.step).toBe('pricing');
  });

  it('cannot publish before the draft exists', () => {
    const { actor, publishes } = start({ definitionId: null, step: 'basic-info' });
    actor.send({ type: 'PUBLISH' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(publishes).toEqual([]);
  });
});

describe('definition editor flow, other writes', () => {
  it('takes the version a gallery change answered, so the next save is not stale', async () => {
    const { actor, saves } = start({
      definitionId: 7,
      version: 3,
      stepsDone: ['basic-info', 'pricing', 'cancellation-fee'],
      step: 'gallery',
    });
    actor.send({
      type: 'SYNC',
      definition: {
        id: 7,
        version: 6,
        steps_done: ['basic-info', 'pricing', 'cancellation-fee'],
        status: 'draft',
      },
    });
    await submit(actor);
    expect(saves[0]).toMatchObject({ step: 'gallery', version: 6 });
  });
});
