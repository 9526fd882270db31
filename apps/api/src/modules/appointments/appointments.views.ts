import { appointments } from '../../db/schema.ts';
import { viewOf } from '../../db/views.ts';

/** Appointments as other modules join them. */
export const appointmentsView = <N extends string = 'appointments'>(name = 'appointments' as N) => viewOf(appointments, name);
