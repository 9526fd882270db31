import { getTableColumns } from 'drizzle-orm';
import { QueryBuilder, type PgTable } from 'drizzle-orm/pg-core';

const queryBuilder = new QueryBuilder();

/**
 * A module's table as other modules' repositories may join it (docs/architecture.md, "Tables and their owners"): a
 * read-only subquery named `name`, which PostgreSQL folds into the statement (the plan is the table's own). Use a
 * distinct name for each time one statement joins it.
 */
export const viewOf = <T extends PgTable, N extends string>(table: T, name: N) =>
  queryBuilder
    .select(getTableColumns(table))
    .from(table as PgTable)
    .as(name);

/** A view's columns, to select a whole row of it as one object. */
export const viewColumns = <V extends { _: { selectedFields: unknown } }>(view: V): V['_']['selectedFields'] => view._.selectedFields;
