import { appointments } from '../../db/schema.ts';
import { viewOf, type ColumnName } from '../../db/views.ts';

/** Appointments as other modules join them. */
export const appointmentsView = <
  N extends string = 'appointments',
  K extends ColumnName<typeof appointments> = ColumnName<typeof appointments>,
>(
  name = 'appointments' as N,
  columns?: readonly K[],
) => viewOf(appointments, name, columns);
