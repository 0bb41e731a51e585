import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n.ts';
import { columnTitles } from '../../testing/column-titles.ts';
import { renderAtPath } from '../../testing/render-at-path.tsx';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { createListCodec, listField, useListUrlState } from '../../lib/use-list-url-state.ts';
import { DataTable, type DataTableColumn, type DataTableProps, type DataTableQuery } from './data-table.tsx';

interface Person {
  id: number;
  name: string;
  email: string;
}

interface PeopleState {
  page: number;
  pageSize: number;
  sort: 'id' | 'name';
  sortType: 'asc' | 'desc';
}

const codec = createListCodec<PeopleState>(
  {
    page: listField.page(),
    pageSize: listField.pageSize(),
    sort: listField.oneOf('sort', ['id', 'name']),
    sortType: listField.oneOf('sort_type', ['asc', 'desc']),
  },
  (pageSize) => ({ page: 1, pageSize, sort: 'id', sortType: 'asc' }),
);

const columns: DataTableColumn<Person>[] = [
  { id: 'id', title: 'ID', cell: (p) => p.id, sortable: true },
  { id: 'name', title: 'Name', cell: (p) => p.name, sortable: true, sortDescFirst: true },
  { id: 'email', title: 'E-mail', cell: (p) => p.email },
];

const people = (n: number): Person[] =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    name: `Person ${i + 1}`,
    email: `p${i + 1}@example.com`,
  }));

/** A list as a screen writes it: URL state through the one hook, the page from "the server". */
function People(props: Partial<DataTableProps<Person>> & { total?: number }) {
  const { state, change } = useListUrlState(codec, undefined, 10);
  return (
    <DataTable<Person>
      columns={columns}
      rows={people(3)}
      rowId={(p) => p.id}
      caption="People"
      sort={{ column: state.sort, direction: state.sortType }}
      onSort={({ column, direction }) => change({ sort: column as PeopleState['sort'], sortType: direction })}
      pager={{
        page: state.page,
        pageSize: state.pageSize,
        total: props.total ?? 30,
        onPage: (page) => change({ page }),
        onPageSize: (pageSize) => change({ pageSize }),
      }}
      {...props}
    />
  );
}

function setup(path: string, props: Partial<DataTableProps<Person>> & { total?: number } = {}) {
  return renderAtPath(path, <People {...props} />).location;
}

beforeAll(async () => {
  await initI18n();
});

describe('DataTable', () => {
  it('sorts through the URL and says the order in aria-sort', () => {
    const location = setup('/people');
    const table = screen.getByRole('table', { name: 'People' });
    const id = within(table).getByRole('columnheader', { name: /ID/ });
    expect(id.getAttribute('aria-sort')).toBe('ascending');
    expect(within(table).getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('none');
    expect(within(table).getByRole('columnheader', { name: 'E-mail' }).hasAttribute('aria-sort')).toBe(false);

    // A new column sorts in its first direction, the sorted one flips.
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Name' }));
    expect(location.history.at(-1)).toBe('/people?sort=name&sort_type=desc');
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: 'Name, sorted descending' }));
    expect(location.history.at(-1)).toBe('/people?sort=name');
    expect(screen.getByRole('columnheader', { name: /ID/ }).getAttribute('aria-sort')).toBe('none');
  });

  it('pages through ListPager, and a change of page size starts again at page 1', () => {
    const location = setup('/people?page=2');
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(location.history.at(-1)).toBe('/people?page=3');
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '25' } });
    expect(location.history.at(-1)).toBe('/people?page_size=25');
  });

  it('shows loading, then the empty text under the headers; without one an empty page shows no table', () => {
    const { unmount } = renderWithProviders(
      <DataTable<Person> columns={columns} rows={undefined} rowId={(p) => p.id} caption="People" />,
    );
    expect(screen.getByText('Loading…')).toBeTruthy();
    unmount();
    setup('/people', { rows: [], empty: 'Nobody here yet.' });
    expect(screen.getByRole('columnheader', { name: 'E-mail' })).toBeTruthy();
    expect(screen.getByText('Nobody here yet.')).toBeTruthy();
  });

  it('hides the table on an empty page without empty text', () => {
    setup('/people', { rows: [] });
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says a failed load and tries again', () => {
    const query: DataTableQuery = {
      isError: true,
      error: new Error('Server unreachable'),
      isFetching: false,
      refetch: vi.fn(),
    };
    setup('/people', { rows: undefined, query, errorTitle: 'Could not load people' });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Could not load people')).toBeTruthy();
    expect(within(alert).getByText('Server unreachable')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(query.refetch).toHaveBeenCalledTimes(1);
  });

  it('opens a row from the keyboard', () => {
    const location = setup('/people', { rowHref: (p) => `/people/${p.id}` });
    const row = screen.getByRole('row', { name: /Person 2/ });
    expect(row.tabIndex).toBe(0);
    row.focus();
    fireEvent.keyDown(row, { key: 'Enter' });
    expect(location.history.at(-1)).toBe('/people/2');
  });

  it('hides and orders columns from the column config', () => {
    setup('/people', { columnVisibility: { email: false }, columnOrder: ['name', 'id', 'email'] });
    expect(columnTitles()).toEqual(['Name', 'ID']);
    expect(screen.queryByText('p1@example.com')).toBeNull();
  });

  it('names sort buttons by their title until sorted, and can leave out the unsorted marker', () => {
    setup('/people', { sortButtonNames: 'title-until-sorted', unsortedMarker: false });
    expect(screen.getByRole('button', { name: 'ID, sorted ascending' })).toBeTruthy();
    const name = screen.getByRole('button', { name: 'Name' });
    expect(name.textContent).toBe('Name');
    fireEvent.click(name);
    expect(screen.getByRole('button', { name: 'Name, sorted descending' }).textContent).toBe('Name ▼');
  });

  it('names rows by a row-header column, keeps an actions title for screen readers, and bounds its height', () => {
    renderWithProviders(
      <DataTable<Person>
        columns={[
          { id: 'name', title: 'Name', cell: (p) => p.name, rowHeader: true },
          { id: 'email', title: 'E-mail', cell: (p) => p.email, align: 'center' },
          {
            id: 'actions',
            title: 'Actions',
            titleHidden: true,
            cell: (p) => <button type="button">{`Edit ${p.name}`}</button>,
          },
        ]}
        rows={people(2)}
        rowId={(p) => p.id}
        caption="People"
        maxH="40"
      />,
    );
    const table = screen.getByRole('table', { name: 'People' });
    const name = within(table).getByRole('rowheader', { name: 'Person 2' });
    expect(name.tagName).toBe('TH');
    expect(name.getAttribute('scope')).toBe('row');
    // A cell is read with its row's header: "Person 2", then the e-mail.
    expect(
      within(table)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['p1@example.com', 'Edit Person 1', 'p2@example.com', 'Edit Person 2']);
    const actions = within(table).getByRole('columnheader', { name: 'Actions' });
    // Out of sight but read: the title sits in a visually hidden box (emotion writes its rule to <style>).
    const hidden = within(actions).getByText('Actions');
    const rules = [...document.querySelectorAll('style')].map((style) => style.textContent).join('');
    expect(rules).toMatch(new RegExp(`\\.${hidden.className}\\{[^}]*position:absolute`));
    expect(within(table).getByRole('columnheader', { name: 'Name' }).querySelector('span')).toBeNull();
    // A bounded table scrolls inside its box, without a virtual window.
    const box = table.parentElement!;
    const boxRule = rules.match(new RegExp(`\\.${box.className.split(' ').at(-1)}\\{[^}]*\\}`))?.[0];
    expect(boxRule).toContain('max-height:var(--chakra-sizes-40)');
    expect(boxRule).toContain('overflow-y:auto');
    expect(table.hasAttribute('aria-rowcount')).toBe(false);
  });

  it('leaves the header row out with showHeader={false}, still named by its caption', () => {
    setup('/people', { showHeader: false });
    const table = screen.getByRole('table', { name: 'People' });
    expect(table.querySelector('thead')).toBeNull();
    expect(within(table).queryAllByRole('columnheader')).toEqual([]);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('p2@example.com')).toBeTruthy();
  });

  it('counts rows from 1 in a long page without a header row', () => {
    setup('/people', { rows: people(2000), showHeader: false });
    const table = screen.getByRole('table');
    expect(table.getAttribute('aria-rowcount')).toBe('2000');
    expect(within(table).getAllByRole('row')[0]!.getAttribute('aria-rowindex')).toBe('1');
  });

  it('renders only a window of a long page, and every row of a short one', () => {
    setup('/people', { rows: people(2000) });
    const table = screen.getByRole('table');
    expect(table.getAttribute('aria-rowcount')).toBe('2001');
    const rendered = within(table).getAllByRole('row').length;
    expect(rendered).toBeGreaterThan(10);
    expect(rendered).toBeLessThan(100);
    expect(screen.getByText('Person 1')).toBeTruthy();
    expect(screen.queryByText('Person 2000')).toBeNull();
  });

  it('keeps a cell’s control, its focus and text, when the screen re-renders with new column objects', () => {
    function Notes() {
      const [note, setNote] = useState('');
      return (
        <DataTable<Person>
          columns={[
            {
              id: 'note',
              title: 'Note',
              cell: (p) => (
                <input
                  aria-label={`Note on ${p.name}`}
                  value={note}
                  onChange={(event) => setNote(event.currentTarget.value)}
                />
              ),
            },
          ]}
          rows={people(1)}
          rowId={(p) => p.id}
          caption="Notes"
        />
      );
    }
    renderAtPath('/notes', <Notes />);
    const input = screen.getByLabelText('Note on Person 1') as HTMLInputElement;
    input.focus();
    fireEvent.change(input, { target: { value: 'a' } });
    expect(screen.getByLabelText('Note on Person 1')).toBe(input);
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe('a');
  });
});
