import { idParamsSchema } from '../common.ts';
import {
  availableSlotsQuerySchema,
  availableSlotsSchema,
  doctorListSchema,
  doctorSchema,
  listDoctorsQuerySchema,
  searchDoctorsQuerySchema,
  updateDoctorBodySchema,
} from '../doctors.ts';
import { endpoint } from '../endpoint.ts';
import { doctorPaths } from '../paths.ts';

export const list = endpoint({
  method: 'GET',
  path: doctorPaths.doctors,
  access: 'optional',
  summary: 'Listed doctors; `unlisted=true` (staff) adds the unpublished and incomplete ones',
  query: listDoctorsQuerySchema,
  responses: { 200: doctorListSchema },
});

export const search = endpoint({
  method: 'GET',
  path: doctorPaths.search,
  access: 'public',
  summary: 'Doctors by name, specialisation or bio',
  query: searchDoctorsQuerySchema,
  responses: { 200: doctorListSchema },
});

/** Anyone reads a listed doctor; the doctor itself and staff also an unpublished or incomplete one. */
export const get = endpoint({
  method: 'GET',
  path: doctorPaths.doctor,
  access: 'optional',
  params: idParamsSchema,
  responses: { 200: doctorSchema },
});

/** A doctor changes its own profile (the service refuses another's); admins pass every role check. */
export const update = endpoint({
  method: 'PUT',
  path: doctorPaths.doctor,
  access: ['doctor'],
  summary: "Change a doctor's profile and rules, or publish it",
  params: idParamsSchema,
  body: updateDoctorBodySchema,
  responses: { 200: doctorSchema },
  errors: ['DOCTOR_PROFILE_INCOMPLETE'],
});

/** Anyone may look; a token matters only with `patientId` (one's own, or any for operators and admins). */
export const availableSlots = endpoint({
  method: 'GET',
  path: doctorPaths.availableSlots,
  access: 'optional',
  unclaimed: true,
  summary: "A doctor's free start times",
  params: idParamsSchema,
  query: availableSlotsQuerySchema,
  responses: { 200: availableSlotsSchema },
});
