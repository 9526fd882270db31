import { z } from 'zod';
import { multiLineTextSchema, oneLineTextSchema } from './common.ts';
import { patientSchema } from './patients.ts';

export const DOCTOR_PATIENTS_PAGE_SIZE = 20;
export const DOCTOR_NOTE_MAX = 5000;

/** `GET /v1/doctors/:id/patients`: a search among the doctor's own patients (name, e-mail, phone), one page at a time. */
export const doctorPatientsQuerySchema = z.strictObject({
  query: oneLineTextSchema(254).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type DoctorPatientsQuery = z.infer<typeof doctorPatientsQuerySchema>;

export const doctorPatientsSchema = z.object({
  patients: z.array(patientSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type DoctorPatients = z.infer<typeof doctorPatientsSchema>;

/** A doctor's note on a patient: read by the patient's doctors (and admins), never by the patient. */
export const doctorNoteSchema = z.object({
  id: z.string(),
  patient_id: z.string(),
  /** Null once the author's account is gone. */
  author_id: z.string().nullable(),
  author_name: z.string().nullable(),
  text: z.string(),
  created_at: z.string(),
});
export type DoctorNote = z.infer<typeof doctorNoteSchema>;

export const doctorNotesSchema = z.object({ notes: z.array(doctorNoteSchema) });
export type DoctorNotes = z.infer<typeof doctorNotesSchema>;

export const createDoctorNoteBodySchema = z.strictObject({ text: multiLineTextSchema(DOCTOR_NOTE_MAX).min(1) });
export type CreateDoctorNoteBody = z.infer<typeof createDoctorNoteBodySchema>;
