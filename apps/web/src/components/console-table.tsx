import { Alert, Loader, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/api-errors.ts';
import { Pager } from './pager.tsx';
import { ScrollTable } from './scroll-table.tsx';

/** One column of a console table: its header, what each row shows in it, and how the cell is laid out. */
export interface ConsoleColumn<Row> {
  /** The header cell's text (a `th` with `scope="col"`). */
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  width?: number | string;
  /** The cell's content stays on one line (dates, amounts, a row's buttons). */
  nowrap?: boolean;
  /** The cell's language when it is not the page's (a question's Ukrainian text on an English page). */
  lang?: string;
}

/** The pages of a paged list: how many were found and the page buttons. */
export interface ConsolePaging {
  total: number;
  page: number;
  pageSize: number;
  onChange: (page: number) => void;
  /** The count's own words ("Users found: n"); "Found: n" by default. */
  foundText?: string;
}

interface ConsoleTableProps<Row> {
  /** The scrolling region's name, and the table's when it has no caption. */
  label: string;
  /** A visible caption (a count, a hint); it names the table. */
  caption?: ReactNode;
  columns: readonly ConsoleColumn<Row>[];
  /** The rows; undefined while the first answer is awaited. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row, index: number) => string | number;
  /** Below this width the region scrolls sideways (a 360 px phone keeps the page itself from scrolling). */
  minWidth: number;
  /** The failed request, said in an alert above the table. */
  error?: unknown;
  /** What an empty list says (by default "Nothing to show."). */
  emptyText?: string;
  paging?: ConsolePaging;
  striped?: boolean;
  highlightOnHover?: boolean;
}

/** A list's failure as an alert (nothing without one). */
export function LoadError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert color="danger" role="alert">
      {errorText(t, error)}
    </Alert>
  );
}

/** "Found: n" and the page buttons (only with more than one page). */
export function ConsolePages({ total, page, pageSize, onChange, foundText }: ConsolePaging) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="sm" c="dimmed" role="status">
        {foundText ?? t('adminConsole.found', { count: total })}
      </Text>
      <Pager total={total} pageSize={pageSize} page={page} onChange={onChange} />
    </>
  );
}

/**
 * The staff consoles' table: columns described as data, in a region that scrolls sideways on a narrow screen, with its
 * loading, failure and empty states and, for a paged list, "Found: n" and the page buttons under it.
 */
export function ConsoleTable<Row>({
  label,
  caption,
  columns,
  rows,
  rowKey,
  minWidth,
  error,
  emptyText,
  paging,
  striped = false,
  highlightOnHover = false,
}: ConsoleTableProps<Row>) {
  const { t } = useTranslation();
  return (
    <>
      <LoadError error={error} />
      {rows === undefined && !error && <Loader role="status" size="sm" aria-label={t('common.loading')} />}
      {rows?.length === 0 && <Text c="dimmed">{emptyText ?? t('adminConsole.empty')}</Text>}
      {rows && rows.length > 0 && (
        <ScrollTable label={label} minWidth={minWidth}>
          <Table striped={striped} highlightOnHover={highlightOnHover} aria-label={caption ? undefined : label}>
            {caption && <Table.Caption>{caption}</Table.Caption>}
            <Table.Thead>
              <Table.Tr>
                {columns.map((column, index) => (
                  <Table.Th key={index} scope="col" w={column.width} style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                    {column.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, rowIndex) => (
                <Table.Tr key={rowKey(row, rowIndex)}>
                  {columns.map((column, index) => (
                    <Table.Td key={index} lang={column.lang} style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                      {column.cell(row, rowIndex)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {paging && <ConsolePages {...paging} />}
    </>
  );
}
