import { appointments } from '../../db/schema.ts';
import { viewsOf } from '../../db/views.ts';

/** Appointments as other modules join them. */
export const appointmentsView = viewsOf(appointments, 'appointments');
