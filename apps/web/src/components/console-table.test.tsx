import { ApiError } from '../lib/api-client.ts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { show } from '../test/render.tsx';
import { ConsolePages, ConsoleTable, LoadError, type ConsoleColumn } from './console-table.tsx';

interface Fruit {
  id: string;
  name: string;
  price: number;
}

const fruits: Fruit[] = [
  { id: 'a', name: 'Apple', price: 10 },
  { id: 'b', name: 'Banana', price: 20 },
];

const columns: ConsoleColumn<Fruit>[] = [
  { header: 'Name', cell: (fruit) => fruit.name },
  { header: 'Price', cell: (fruit) => `${fruit.price} UAH`, nowrap: true, width: 120 },
  { header: 'Row', cell: (_fruit, index) => `#${index + 1}`, lang: 'uk' },
];

const refusal = () => new ApiError(403, { code: 'FORBIDDEN', message: 'Forbidden' });

describe('the console table', () => {
  it('shows a header per column with scope="col" and a row per item, in a named region that scrolls', async () => {
    await show(<ConsoleTable label="Fruit" minWidth={600} columns={columns} rows={fruits} rowKey={(fruit) => fruit.id} />);
    const region = screen.getByRole('region', { name: 'Fruit' });
    expect(region).toHaveAttribute('tabindex', '0');
    const table = within(region).getByRole('table', { name: 'Fruit' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'Price', 'Row']);
    for (const header of headers) expect(header).toHaveAttribute('scope', 'col');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Apple', '10 UAH', '#1']);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Banana', '20 UAH', '#2']);
  });

  it('keeps a nowrap column on one line and marks a column in another language', async () => {
    await show(<ConsoleTable label="Fruit" minWidth={600} columns={columns} rows={fruits} rowKey={(fruit) => fruit.id} />);
    const [, price, row] = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    expect(price).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(row).toHaveAttribute('lang', 'uk');
    expect(screen.getByRole('columnheader', { name: 'Name' })).not.toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('names the table by its visible caption when it has one', async () => {
    await show(
      <ConsoleTable
        label="Fruit"
        caption="Fruit in stock: 2"
        minWidth={600}
        columns={columns}
        rows={fruits}
        rowKey={(fruit) => fruit.id}
      />,
    );
    expect(screen.getByRole('table', { name: 'Fruit in stock: 2' })).toBeInTheDocument();
    expect(screen.getByText('Fruit in stock: 2').tagName).toBe('CAPTION');
    expect(screen.getByRole('region', { name: 'Fruit' })).toBeInTheDocument();
  });

  it('says it is loading until the first rows come, without an empty table', async () => {
    await show(<ConsoleTable label="Fruit" minWidth={600} columns={columns} rows={undefined} rowKey={(fruit) => fruit.id} />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says the list is empty instead of showing headers over nothing, in both languages', async () => {
    const { unmount } = await show(<ConsoleTable label="Fruit" minWidth={600} columns={columns} rows={[]} rowKey={(fruit) => fruit.id} />);
    expect(screen.getByText('Nothing to show.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    unmount();
    await show(<ConsoleTable label="Фрукти" minWidth={600} columns={columns} rows={[]} rowKey={(fruit) => fruit.id} />, { locale: 'uk' });
    expect(screen.getByText('Тут нічого немає.')).toBeInTheDocument();
  });

  it('uses its own words for an empty list when given', async () => {
    await show(
      <ConsoleTable label="Fruit" minWidth={600} columns={columns} rows={[]} rowKey={(fruit) => fruit.id} emptyText="No fruit today." />,
    );
    expect(screen.getByText('No fruit today.')).toBeInTheDocument();
    expect(screen.queryByText('Nothing to show.')).not.toBeInTheDocument();
  });

  it('shows a failed request as an alert, and no loader while it has failed', async () => {
    await show(
      <ConsoleTable label="Fruit" minWidth={600} columns={columns} rows={undefined} rowKey={(fruit) => fruit.id} error={refusal()} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('You are not allowed to do this');
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('keeps the rows it has under the alert when a later page fails', async () => {
    await show(
      <ConsoleTable label="Fruit" minWidth={600} columns={columns} rows={fruits} rowKey={(fruit) => fruit.id} error={refusal()} />,
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });
});

/** A table of 45 numbered items, 20 to a page, as a section drives it. */
function PagedNumbers({ onPage }: { onPage: (page: number) => void }) {
  const [page, setPage] = useState(1);
  const all = Array.from({ length: 45 }, (_, index) => ({ id: String(index + 1), name: `Item ${index + 1}`, price: index }));
  const rows = all.slice((page - 1) * 20, page * 20);
  return (
    <ConsoleTable
      label="Items"
      minWidth={600}
      columns={columns}
      rows={rows}
      rowKey={(item) => item.id}
      paging={{
        total: all.length,
        page,
        pageSize: 20,
        onChange: (next) => {
          onPage(next);
          setPage(next);
        },
      }}
    />
  );
}

describe('the console table’s pages', () => {
  it('says how many were found and moves between pages', async () => {
    const onPage = vi.fn();
    await show(<PagedNumbers onPage={onPage} />);
    expect(screen.getByRole('status')).toHaveTextContent('Found: 45');
    expect(screen.getAllByRole('row')[1]).toHaveTextContent('Item 1');
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPage).toHaveBeenLastCalledWith(3);
    expect(screen.getAllByRole('row')).toHaveLength(6);
    expect(screen.getAllByRole('row')[1]).toHaveTextContent('Item 41');
  });

  it('says the count in Ukrainian', async () => {
    await show(<PagedNumbers onPage={() => {}} />, { locale: 'uk' });
    expect(screen.getByRole('status')).toHaveTextContent('Знайдено: 45');
  });

  it('has no page buttons when everything fits on one page, and takes its own words for the count', async () => {
    await show(<ConsolePages total={7} page={1} pageSize={20} onChange={() => {}} foundText="Users found: 7" />);
    expect(screen.getByRole('status')).toHaveTextContent('Users found: 7');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('a list’s failure', () => {
  it('is said only when there is one', async () => {
    const { unmount } = await show(<LoadError error={null} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    unmount();
    await show(<LoadError error={new TypeError('Failed to fetch')} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Unknown error');
  });
});
