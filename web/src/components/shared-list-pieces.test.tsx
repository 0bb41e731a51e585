import { act, fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useForm } from 'react-hook-form';
import { ApiError } from '../lib/api-client.ts';
import { initI18n } from '../lib/i18n.ts';
import { saveFailureText } from '../lib/save-failure.ts';
import { SEARCH_DELAY_MS } from '../lib/use-debounced-value.ts';
import { renderWithProviders } from '../testing/render-with-providers.tsx';
import { DataTable } from './data-table/data-table.tsx';
import { RowActionButton } from './data-table/row-action-button.tsx';
import { fieldsOf } from './form/form-fields.tsx';
import { SubmitForm } from './form/submit-form.tsx';
import { LiveSearchField } from './live-search-field.tsx';

beforeAll(async () => {
  await initI18n();
});

describe('the shared list and form pieces', () => {
  it('DataTable with emptyNote says the note instead of an empty table', () => {
    const columns = [{ id: 'name', title: 'Name', cell: (row: { id: number }) => row.id }];
    const { rerender } = renderWithProviders(
      <DataTable
        columns={columns}
        rows={[]}
        rowId={(r) => r.id}
        caption="Coupons"
        emptyNote="No coupons yet."
      />,
    );
    expect(screen.getByText('No coupons yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    rerender(
      <DataTable
        columns={columns}
        rows={[{ id: 7 }]}
        rowId={(r) => r.id}
        caption="Coupons"
        emptyNote="No coupons yet."
      />,
    );
    expect(screen.getByRole('table', { name: 'Coupons' })).toBeTruthy();
    expect(screen.queryByText('No coupons yet.')).toBeNull();
  });

  it('RowActionButton shows its label and is named after its row', () => {
    const onClick = vi.fn();
    renderWithProviders(<RowActionButton label="Edit" name="Edit Ann Lee" onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Edit Ann Lee' });
    expect(button.textContent).toBe('Edit');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('LiveSearchField searches once typing pauses, trimmed, and undefined when cleared', () => {
    vi.useFakeTimers();
    try {
      const onSearch = vi.fn();
      renderWithProviders(<LiveSearchField label="Search partners" value={undefined} onSearch={onSearch} />);
      const box = screen.getByRole('searchbox', { name: 'Search partners' });
      fireEvent.change(box, { target: { value: ' ann ' } });
      expect(onSearch).not.toHaveBeenCalled();
      act(() => void vi.advanceTimersByTime(SEARCH_DELAY_MS));
      expect(onSearch).toHaveBeenLastCalledWith('ann');
    } finally {
      vi.useRealTimers();
    }
  });

  it('SubmitForm hands its submit over without leaving the page', () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <SubmitForm aria-label="Pair" onSubmit={onSubmit}>
        <button type="submit">Send</button>
      </SubmitForm>,
    );
    const event = new Event('submit', { bubbles: true, cancelable: true });
    screen.getByRole('form', { name: 'Pair' }).dispatchEvent(event);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
  });

  it("the kit's CheckboxField is described by its helper text, and SelectField options keep their lang", () => {
    function Form() {
      const form = useForm({ defaultValues: { kiosk: false, language: 'fr-FR' } });
      const { CheckboxField, SelectField } = fieldsOf(form.control);
      return (
        <>
          <CheckboxField name="kiosk" label="Kiosk mode" helperText="This device only." />
          <SelectField
            name="language"
            label="Language"
            options={[{ value: 'fr-FR', label: 'Français', lang: 'fr-FR' }]}
          />
        </>
      );
    }
    renderWithProviders(<Form />);
    expect(screen.getByLabelText('Kiosk mode').getAttribute('aria-describedby')).toBe(
      screen.getByText('This device only.').id,
    );
    expect(screen.getByRole('option', { name: 'Français' }).getAttribute('lang')).toBe('fr-FR');
  });

  it('saveFailureText words a stale version in the screen’s words, else the server’s message', () => {
    const failure = (respCode: number) =>
      new ApiError({ kind: 'http', status: 409, message: 'Server says no', respCode });
    expect(saveFailureText(failure(1021), 'Someone else saved it first.')).toBe(
      'Someone else saved it first.',
    );
    expect(saveFailureText(failure(1001), 'Someone else saved it first.')).toBe('Server says no');
    expect(saveFailureText(null, 'Someone else saved it first.')).toBeNull();
  });
});
