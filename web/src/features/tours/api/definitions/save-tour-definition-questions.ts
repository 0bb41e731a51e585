import type {
  DefinitionQuestionsResult,
  DefinitionQuestionsUpdate,
} from '@nine/shared/schemas/tours/participants';
import { api } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';

/** PUT /api/nine/tours/definitions/:id/questions: the whole list, in order, with the definition's version. */
export function saveTourDefinitionQuestions(
  id: number,
  body: DefinitionQuestionsUpdate,
): Promise<DefinitionQuestionsResult> {
  return api.put<DefinitionQuestionsResult>(`nine/tours/definitions/${id}/questions`, { json: body });
}

/** Saving the questions; the definitions list is refreshed (the editor takes the new detail itself). */
export function useSaveTourDefinitionQuestions() {
  return useInvalidatingMutation(
    ({ id, body }: { id: number; body: DefinitionQuestionsUpdate }) => saveTourDefinitionQuestions(id, body),
    [['tours', 'definitions', 'list']],
  );
}
