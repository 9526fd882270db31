import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { patientHistoryPaths } from '../paths.ts';
import { corporateLeadBodySchema } from '../patient-history.ts';

export const submit = endpoint({
  method: 'POST',
  path: patientHistoryPaths.corporateLeads,
  access: 'public',
  summary: "A company's request from the corporate clients' page: kept, and mailed to the service's mailbox",
  body: corporateLeadBodySchema,
  responses: { 201: z.object({ id: z.string() }) },
  // A few leads an hour from one address.
  errors: ['TOO_MANY_REQUESTS'],
});
