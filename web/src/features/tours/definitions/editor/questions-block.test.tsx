import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TourDefinitionDetail } from '@nine/shared/schemas/tours/definitions';
import { jsonResponse, stubApi } from '../../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../../testing/render-with-providers.tsx';
import { QuestionsBlock } from './questions-block.tsx';

setUpTranslatedSuite();

const definition = {
  id: 41,
  version: 5,
  questions: [{ id: 7, label: 'Can you swim?', kind: 'yes_no', options: null, required: true }],
} as unknown as TourDefinitionDetail;

describe('questions for participants', () => {
  it('checks a choice’s options on the page, then saves the whole list with the version', async () => {
    const saved = [
      definition.questions[0]!,
      { id: 8, label: 'T-shirt size', kind: 'choice' as const, options: ['S', 'M'], required: false },
    ];
    const calls = stubApi({
      'PUT nine/tours/definitions/41/questions': () =>
        jsonResponse(200, { data: { questions: saved, version: 6 } }),
      'GET nine/tours/definitions/41': () =>
        jsonResponse(200, { data: { ...definition, version: 6, questions: saved } }),
    });
    const onDefinition = vi.fn();
    renderWithProviders(<QuestionsBlock definition={definition} onDefinition={onDefinition} />);
    expect((screen.getByRole('textbox', { name: /^Question 1/ }) as HTMLInputElement).value).toBe(
      'Can you swim?',
    );
    const unsaved = 'These questions have unsaved changes: save them before leaving this step.';
    expect(screen.queryByText(unsaved)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Question 2/ }), {
      target: { value: 'T-shirt size' },
    });
    expect(await screen.findByText(unsaved)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Answer type of question 2/), { target: { value: 'choice' } });
    const options = await screen.findByLabelText(/Choices of question 2/);
    fireEvent.change(options, { target: { value: 'S' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save questions' }));
    expect(await screen.findByText('Give at least two choices, one per line.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(options, { target: { value: 'S\nM\n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save questions' }));
    await waitFor(() => expect(onDefinition).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      questions: [
        { id: 7, label: 'Can you swim?', kind: 'yes_no', required: true, options: null },
        { label: 'T-shirt size', kind: 'choice', required: false, options: ['S', 'M'] },
      ],
      version: 5,
    });
    expect(onDefinition.mock.calls[0]![0]).toMatchObject({ version: 6 });
    expect(await screen.findByText('Questions saved.')).toBeTruthy();
    expect(screen.queryByText(unsaved)).toBeNull();
  });
});
