import { patientCards, patients } from '../../db/schema.ts';
import { viewsOf } from '../../db/views.ts';

/** Patient records and their cards as other modules join them. */
export const patientsView = viewsOf(patients, 'patients');
export const patientCardsView = viewsOf(patientCards, 'patient_cards');
