import { doctors } from '../../db/schema.ts';
import { viewsOf } from '../../db/views.ts';

/** Doctors' profiles as other modules join them. */
export const doctorsView = viewsOf(doctors, 'doctors');
