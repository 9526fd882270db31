import { idParamsSchema } from '../common.ts';
import { createDoctorNoteBodySchema, doctorNoteSchema, doctorNotesSchema } from '../doctor-patients.ts';
import { endpoint } from '../endpoint.ts';
import { doctorPatientPaths } from '../paths.ts';

/** Doctors (the service keeps a doctor to its own patients) and admins; only a doctor of the patient writes. */
const doctors = { access: ['doctor'] } as const;

export const list = endpoint({
  method: 'GET',
  path: doctorPatientPaths.notes,
  ...doctors,
  summary: "The doctors' notes on a patient, newest first",
  params: idParamsSchema,
  responses: { 200: doctorNotesSchema },
});

export const create = endpoint({
  method: 'POST',
  path: doctorPatientPaths.notes,
  ...doctors,
  params: idParamsSchema,
  body: createDoctorNoteBodySchema,
  responses: { 201: doctorNoteSchema },
});
