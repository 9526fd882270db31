import { idParamsSchema } from '../common.ts';
import { endpoint, UPLOAD_FIELD } from '../endpoint.ts';
import {
  DIPLOMA_MAX_BYTES,
  listSpecialistApplicationsQuerySchema,
  rejectSpecialistApplicationBodySchema,
  specialistApplicationListSchema,
  specialistApplicationSchema,
  specialistPaths,
  updateSpecialistApplicationBodySchema,
} from '../specialists.ts';

/** The applicant's own application: an account of role `none`, before an admin approves it. */
const applicant = { access: ['none'] } as const;
const adminOnly = { access: ['admin'] } as const;
const one = { 200: specialistApplicationSchema } as const;

export const mine = endpoint({
  method: 'GET',
  path: specialistPaths.my,
  ...applicant,
  summary: "The applicant's own application",
  responses: one,
});

export const updateMine = endpoint({
  method: 'PUT',
  path: specialistPaths.my,
  ...applicant,
  summary: "Fill in the applicant's profile",
  body: updateSpecialistApplicationBodySchema,
  responses: one,
  errors: ['APPLICATION_NOT_EDITABLE'],
});

/** A new diploma replaces the old one. */
export const uploadDiploma = endpoint({
  method: 'POST',
  path: specialistPaths.myDiploma,
  ...applicant,
  summary: 'Upload the diploma (PDF, JPEG, PNG or HEIC)',
  upload: { field: UPLOAD_FIELD, maxBytes: DIPLOMA_MAX_BYTES },
  responses: one,
  errors: ['APPLICATION_NOT_EDITABLE'],
});

export const submitMine = endpoint({
  method: 'POST',
  path: specialistPaths.mySubmit,
  ...applicant,
  summary: 'Send the application for review (again after a rejection)',
  responses: one,
  errors: ['APPLICATION_NOT_EDITABLE', 'APPLICATION_INCOMPLETE'],
});

export const list = endpoint({
  method: 'GET',
  path: specialistPaths.adminList,
  ...adminOnly,
  query: listSpecialistApplicationsQuerySchema,
  responses: { 200: specialistApplicationListSchema },
});

export const get = endpoint({
  method: 'GET',
  path: specialistPaths.adminOne,
  ...adminOnly,
  params: idParamsSchema,
  responses: one,
});

/** Each opening is in the audit log. */
export const diploma = endpoint({
  method: 'GET',
  path: specialistPaths.adminDiploma,
  ...adminOnly,
  summary: "An application's diploma file",
  params: idParamsSchema,
  responses: { 200: { file: 'application/octet-stream' } },
});

/** The account becomes a doctor with the application's profile. */
export const approve = endpoint({
  method: 'POST',
  path: specialistPaths.adminApprove,
  ...adminOnly,
  params: idParamsSchema,
  responses: one,
  errors: ['APPLICATION_ALREADY_DECIDED'],
});

/** The applicant corrects the application and submits it again. */
export const reject = endpoint({
  method: 'POST',
  path: specialistPaths.adminReject,
  ...adminOnly,
  summary: 'Reject a submitted application with a reason',
  params: idParamsSchema,
  body: rejectSpecialistApplicationBodySchema,
  responses: one,
  errors: ['APPLICATION_ALREADY_DECIDED'],
});
