import { doctors } from '../../db/schema.ts';
import { viewOf, type ColumnName } from '../../db/views.ts';

/** Doctors' profiles as other modules join them. */
export const doctorsView = <N extends string = 'doctors', K extends ColumnName<typeof doctors> = ColumnName<typeof doctors>>(
  name = 'doctors' as N,
  columns?: readonly K[],
) => viewOf(doctors, name, columns);
