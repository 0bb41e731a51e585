import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateRangeFields, OptionSelect, SearchField, SelectField, optional } from './list-filter-fields.tsx';

afterEach(cleanup);

const wrap = (node: ReactNode) => render(<ChakraProvider value={defaultSystem}>{node}</ChakraProvider>);

const labels = {
  date: 'Date',
  preset: (preset: string) => `preset ${preset}`,
  range: (from: string, to: string) => `${from} to ${to}`,
  fromDate: 'From',
  toDate: 'To',
  periodStart: 'Period start',
};

describe('SelectField', () => {
  it('is named by its label and hands back the chosen value', () => {
    const onChange = vi.fn();
    wrap(
      <SelectField label="Status" value="a" onChange={onChange}>
        <option value="a">A</option>
        <option value="b">B</option>
      </SelectField>,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'b' } });
    expect(onChange).toHaveBeenCalledWith('b');
  });
});

describe('OptionSelect', () => {
  const options = [
    { value: 'open', label: 'Open' },
    { value: 7, label: 'Seven' },
  ];

  it('leads with the empty choice, is named by its label and hands back "" or the value', () => {
    const onChange = vi.fn();
    wrap(
      <OptionSelect
        label="Status"
        emptyLabel="All"
        options={options}
        value={undefined}
        onChange={onChange}
      />,
    );
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Status' });
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ['', 'All'],
      ['open', 'Open'],
      ['7', 'Seven'],
    ]);
    expect(select.value).toBe('');
    fireEvent.change(select, { target: { value: '7' } });
    expect(onChange).toHaveBeenLastCalledWith('7');
  });

  it('offers only the options without an empty label', () => {
    wrap(<OptionSelect label="View" options={options} value="open" onChange={() => {}} />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'View' });
    expect([...select.options].map((option) => option.value)).toEqual(['open', '7']);
    expect(select.value).toBe('open');
  });
});

describe('SearchField', () => {
  it('searches only on submit, trimmed, and clears with an empty box', () => {
    const onSearch = vi.fn();
    wrap(<SearchField label="Search" buttonLabel="Go" hint="Name or number" value="" onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: '  anna ' } });
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.getByText('Name or number')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(onSearch).toHaveBeenLastCalledWith('anna');
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.submit(box.closest('form')!);
    expect(onSearch).toHaveBeenLastCalledWith(undefined);
  });
});

describe('DateRangeFields', () => {
  const now = new Date('2026-03-18T10:00:00Z');

  it('shows from and to only for a custom range', () => {
    const onChange = vi.fn();
    wrap(
      <DateRangeFields
        value={{ datePreset: 'custom', from: '2026-03-01' }}
        now={now}
        onChange={onChange}
        labels={labels}
      />,
    );
    expect(screen.queryByLabelText('Period start')).toBeNull();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-09' } });
    expect(onChange).toHaveBeenCalledWith({ to: '2026-03-09' });
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-03-01');
  });

  it('resets the dates when the preset changes', () => {
    const onChange = vi.fn();
    wrap(<DateRangeFields value={{ datePreset: 'custom' }} now={now} onChange={onChange} labels={labels} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Date' }), { target: { value: 'monthly' } });
    expect(onChange).toHaveBeenCalledWith({ datePreset: 'monthly', from: undefined, to: undefined });
  });

  it('asks for the period start of an anchored preset', () => {
    wrap(<DateRangeFields value={{ datePreset: 'monthly' }} now={now} onChange={vi.fn()} labels={labels} />);
    expect(screen.getByLabelText('Period start')).toBeTruthy();
    expect(screen.queryByLabelText('To')).toBeNull();
  });
});

describe('optional', () => {
  it('keeps only allowed values', () => {
    expect(optional('b', ['a', 'b'] as const)).toBe('b');
    expect(optional('', ['a', 'b'] as const)).toBeUndefined();
  });
});
