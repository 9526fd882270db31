import { doctors } from '../../db/schema.ts';
import { viewOf } from '../../db/views.ts';

/** Doctors' profiles as other modules join them. */
export const doctorsView = <N extends string = 'doctors'>(name = 'doctors' as N) => viewOf(doctors, name);
