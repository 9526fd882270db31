import { patientCards, patients } from '../../db/schema.ts';
import { viewOf, type ColumnName } from '../../db/views.ts';

/** Patient records and their cards as other modules join them. */
export const patientsView = <N extends string = 'patients', K extends ColumnName<typeof patients> = ColumnName<typeof patients>>(
  name = 'patients' as N,
  columns?: readonly K[],
) => viewOf(patients, name, columns);
export const patientCardsView = <
  N extends string = 'patient_cards',
  K extends ColumnName<typeof patientCards> = ColumnName<typeof patientCards>,
>(
  name = 'patient_cards' as N,
  columns?: readonly K[],
) => viewOf(patientCards, name, columns);
