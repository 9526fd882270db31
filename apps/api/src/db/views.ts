import { getTableColumns } from 'drizzle-orm';
import { QueryBuilder, type PgTable } from 'drizzle-orm/pg-core';

const queryBuilder = new QueryBuilder();

type ColumnName<T extends PgTable> = keyof T['_']['columns'] & string;

/**
 * A module's table as other modules' repositories may join it (docs/architecture.md, "Tables and their owners"): a
 * read-only subquery named `name`, which PostgreSQL folds into the statement (the plan is the table's own). Use a
 * distinct name for each time one statement joins it. `columns` narrows it to what the statement reads: the statement
 * is then shorter to parse and plan, which the hot paths (the session and profile look-ups) need.
 */
function viewOf<T extends PgTable, N extends string, K extends ColumnName<T> = ColumnName<T>>(table: T, name: N, columns?: readonly K[]) {
  const all = getTableColumns(table) as T['_']['columns'];
  const picked = (columns ? Object.fromEntries(columns.map((column) => [column, all[column]])) : all) as Pick<T['_']['columns'], K>;
  return queryBuilder
    .select(picked)
    .from(table as PgTable)
    .as(name);
}

/**
 * The owner module's view of one table, to export: `accountsView('u')` is the whole row named `u`,
 * `accountsView('u', ['id', 'userName'])` only those columns; without a name it has the table's own.
 */
export const viewsOf =
  <T extends PgTable, D extends string>(table: T, defaultName: D) =>
  <N extends string = D, K extends ColumnName<T> = ColumnName<T>>(name = defaultName as string as N, columns?: readonly K[]) =>
    viewOf(table, name, columns);

/** A view's columns, to select a whole row of it as one object. */
export const viewColumns = <V extends { _: { selectedFields: unknown } }>(view: V): V['_']['selectedFields'] => view._.selectedFields;
