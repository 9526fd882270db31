import { z } from 'zod';
import { chatPatientStatuses } from './constants.ts';
import { idSchema, oneLineTextSchema } from './common.ts';
import { quizLevelSchema } from './quiz.ts';

export const chatPatientStatusSchema = z.enum(chatPatientStatuses);

export const quizResultSchema = z.strictObject({ question_id: idSchema, answer_id: idSchema });
export type QuizResult = z.infer<typeof quizResultSchema>;

export const quizRecommendationSchema = z.object({
  quiz_recommendation_date: z.string(),
  quiz_recommendation_title: z.string(),
  quiz_recommendation_text: z.string(),
  quiz_recommendation_level: quizLevelSchema,
  /** "A: n, B: n, C: n" */
  quiz_recommendation_score: z.string(),
});
export type QuizRecommendation = z.infer<typeof quizRecommendationSchema>;

export const patientNoteSchema = z.object({ note_id: z.string(), note_text: z.string(), note_date: z.string() });
export type PatientNote = z.infer<typeof patientNoteSchema>;

export const patientCardSchema = z.object({
  patient_cardId: z.string(),
  patient_quizz_results: z.array(z.object({ question_id: z.string(), answer_id: z.string() })),
  patient_quizz_recommendations: z.array(quizRecommendationSchema),
  patient_quizz_is_completed: z.boolean(),
  patient_notes: z.array(patientNoteSchema),
  patient_available_free_consultations: z.number().int(),
});
export type PatientCard = z.infer<typeof patientCardSchema>;

export const QUIZ_RESULTS_MAX = 500;

/**
 * The patient writes the answers and the completed flag; an admin the free consultations.
 * Recommendations and notes are accepted (the web client sends the card back) but ignored: the server writes them.
 */
export const updatePatientCardBodySchema = z
  .strictObject({
    patient_cardId: oneLineTextSchema(64).optional(),
    patient_quizz_results: z.array(quizResultSchema).max(QUIZ_RESULTS_MAX).optional(),
    patient_quizz_is_completed: z.boolean().optional(),
    patient_quizz_recommendations: z.array(z.unknown()).max(1000).optional(),
    patient_notes: z.array(z.unknown()).max(1000).optional(),
    patient_available_free_consultations: z.number().int().min(0).max(1000).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Nothing to update' });
export type UpdatePatientCardBody = z.infer<typeof updatePatientCardBodySchema>;

export const patientSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  user_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  chat_patient_status: chatPatientStatusSchema,
  interacting_with_operator: z.string().nullable(),
  patient_cardId: z.string(),
  created_at: z.string(),
});
export type Patient = z.infer<typeof patientSchema>;

export const patientLookupQuerySchema = z.strictObject({ findCriteria: oneLineTextSchema(254).min(1) });
export type PatientLookupQuery = z.infer<typeof patientLookupQuerySchema>;
export const PATIENT_LOOKUP_MAX = 20;
export const patientLookupSchema = z.object({ success: z.boolean(), patients: z.array(patientSchema) });
export type PatientLookup = z.infer<typeof patientLookupSchema>;

/** `interacting_with_operator=none`: patients no operator holds. */
export const listPatientsQuerySchema = z.strictObject({
  chat_patient_status: chatPatientStatusSchema.optional(),
  interacting_with_operator: z.union([idSchema, z.literal('none')]).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ListPatientsQuery = z.infer<typeof listPatientsQuerySchema>;
export const patientListSchema = z.object({ patients: z.array(patientSchema), total: z.number().int() });
export type PatientList = z.infer<typeof patientListSchema>;

export const updatePatientBodySchema = z
  .strictObject({
    user_push_token: oneLineTextSchema(4096).min(1).nullable().optional(),
    chat_patient_status: chatPatientStatusSchema.optional(),
    interacting_with_operator: idSchema.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Nothing to update' });
export type UpdatePatientBody = z.infer<typeof updatePatientBodySchema>;
