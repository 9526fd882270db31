import { patientCards, patients } from '../../db/schema.ts';
import { viewOf } from '../../db/views.ts';

/** Patient records and their cards as other modules join them. */
export const patientsView = <N extends string = 'patients'>(name = 'patients' as N) => viewOf(patients, name);
export const patientCardsView = <N extends string = 'patient_cards'>(name = 'patient_cards' as N) => viewOf(patientCards, name);
