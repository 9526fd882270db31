import { idParamsSchema } from '../common.ts';
import { doctorPatientsQuerySchema, doctorPatientsSchema } from '../doctor-patients.ts';
import { endpoint } from '../endpoint.ts';
import { doctorPatientPaths, patientPaths } from '../paths.ts';
import {
  listPatientsQuerySchema,
  patientCardSchema,
  patientListSchema,
  patientLookupQuerySchema,
  patientLookupSchema,
  patientSchema,
  updatePatientBodySchema,
  updatePatientCardBodySchema,
} from '../patients.ts';

/** The owner, its doctors, operators and admins: the service answers 404 to anyone else, so the route lets all in. */
const signedIn = { access: 'user' } as const;

export const lookup = endpoint({
  method: 'GET',
  path: patientPaths.lookup,
  // A doctor's search covers only its own patients (the service narrows it).
  access: ['operator', 'doctor'],
  summary: 'Search patients (a doctor: its own only)',
  query: patientLookupQuerySchema,
  responses: { 200: patientLookupSchema },
});

export const list = endpoint({
  method: 'GET',
  path: patientPaths.patients,
  access: ['operator'],
  query: listPatientsQuerySchema,
  responses: { 200: patientListSchema },
});

export const ofDoctor = endpoint({
  method: 'GET',
  path: doctorPatientPaths.patientsOfDoctor,
  // A doctor reads its own list (another doctor's id is 403); admins any doctor's.
  access: ['doctor'],
  summary: "A doctor's own patients, searched and paged",
  params: idParamsSchema,
  query: doctorPatientsQuerySchema,
  responses: { 200: doctorPatientsSchema },
});

export const get = endpoint({
  method: 'GET',
  path: patientPaths.patient,
  ...signedIn,
  params: idParamsSchema,
  responses: { 200: patientSchema },
});

export const update = endpoint({
  method: 'PUT',
  path: patientPaths.patient,
  ...signedIn,
  summary: 'The owner sets its push token',
  params: idParamsSchema,
  body: updatePatientBodySchema,
  responses: { 200: patientSchema },
});

export const getCard = endpoint({
  method: 'GET',
  path: patientPaths.card,
  ...signedIn,
  encryptResponse: true,
  params: idParamsSchema,
  responses: { 200: patientCardSchema },
});

export const updateCard = endpoint({
  method: 'PUT',
  path: patientPaths.card,
  ...signedIn,
  encryptResponse: true,
  summary: 'The owner saves quiz answers (scored when completed); an admin sets the free consultations',
  params: idParamsSchema,
  body: updatePatientCardBodySchema,
  responses: { 200: patientCardSchema },
});
