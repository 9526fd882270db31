import { idParamsSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  recordAccessDaysQuerySchema,
  recordAccessDaysSchema,
  recordAccessListSchema,
  recordAccessQuerySchema,
} from '../patient-history.ts';
import { patientHistoryPaths } from '../paths.ts';

/** The owner's own log; admins pass the role check but are not the owner (theirs is the admin audit log). */
const owner = { access: ['patient'] } as const;

export const list = endpoint({
  method: 'GET',
  path: patientHistoryPaths.recordAccess,
  ...owner,
  summary: "Staff who opened the patient's records",
  params: idParamsSchema,
  query: recordAccessQuerySchema,
  responses: { 200: recordAccessListSchema },
});

export const listDays = endpoint({
  method: 'GET',
  path: patientHistoryPaths.recordAccessDays,
  ...owner,
  summary: "Staff who opened the patient's records, grouped by day, member of staff and kind of access",
  params: idParamsSchema,
  query: recordAccessDaysQuerySchema,
  responses: { 200: recordAccessDaysSchema },
});
