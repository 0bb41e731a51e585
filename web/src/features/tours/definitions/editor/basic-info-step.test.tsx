import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { httpError } from '../../../../testing/api-error.ts';
import { setUpTranslatedSuite } from '../../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../../testing/render-with-providers.tsx';
import { BasicInfoStep } from './basic-info-step.tsx';
import type { StepControls } from './step-frame.tsx';

setUpTranslatedSuite();

const controls = (over: Partial<StepControls> = {}): StepControls => ({
  busy: false,
  failure: null,
  canGoBack: false,
  isFirst: true,
  isLast: false,
  onBack: vi.fn(),
  onSubmit: vi.fn(),
  ...over,
});

const groups = [
  { id: 1, label: 'Kayak' },
  { id: 2, label: 'Bike' },
];

function renderStep(over: Partial<StepControls> = {}) {
  const stepControls = controls(over);
  const view = renderWithProviders(
    <BasicInfoStep
      definition={null}
      defaults={{ capacity: 12, min_participants: 2 }}
      groups={groups}
      controls={stepControls}
    />,
  );
  return { ...view, controls: stepControls };
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

// Many typed fields per test: slow on a busy machine, so more than the default 5 s.
describe('basic-info step', { timeout: 20_000 }, () => {
  it('refuses to go on while the shared schema refuses the fields, saying why on each field', async () => {
    const { controls: step } = renderStep();
    // The location's defaults are proposed.
    expect(screen.getByLabelText('Capacity', { exact: false })).toHaveProperty('value', '12');
    type('Code', 'x');
    type('Minimum participants', '20');
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Use 2 to 20 letters, digits or dashes.')).toBeTruthy();
    expect(screen.getByText('The minimum cannot be above the capacity.')).toBeTruthy();
    expect(screen.getAllByText('Fill this in.').length).toBeGreaterThan(0);
    expect(step.onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Name', { exact: false }).getAttribute('aria-invalid')).toBe('true');
  });

  it('hands the parsed values on once they are valid', async () => {
    const { controls: step } = renderStep();
    type('Name', 'Sunset Kayak');
    type('Code', 'SUN-KAYAK');
    fireEvent.change(screen.getByLabelText('Group', { exact: false }), { target: { value: '1' } });
    type('Duration', '150');
    const english = screen.getByRole('checkbox', { name: 'English' }) as HTMLInputElement;
    fireEvent.click(english);
    await waitFor(() => expect(english.checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(step.onSubmit).toHaveBeenCalledTimes(1));
    expect(step.onSubmit).toHaveBeenCalledWith({
      code: 'SUN-KAYAK',
      name: 'Sunset Kayak',
      group_id: 1,
      duration_minutes: 150,
      capacity: 12,
      min_participants: 2,
      participants_per_leader: null,
      min_leaders: 1,
      languages: ['en'],
    });
  });

  it('puts the server’s field issues on their fields, and words a stale version as a conflict', async () => {
    const refused = httpError(400, 1001, 'The request is not valid.', {
      issues: [{ path: ['code'], code: 'invalid_format', message: 'invalid_code' }],
    });
    const { rerender } = renderStep({ failure: refused });
    expect(await screen.findByText('Use 2 to 20 letters, digits or dashes.')).toBeTruthy();
    expect(screen.queryByRole('alert', { name: /request/ })).toBeNull();
    rerender(
      <BasicInfoStep
        definition={null}
        defaults={{ capacity: 12, min_participants: 2 }}
        groups={groups}
        controls={controls({ failure: httpError(409, 1021, 'stale') })}
      />,
    );
    expect(await screen.findByText(/Someone else saved this tour meanwhile/)).toBeTruthy();
  });
});
