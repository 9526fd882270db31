import { z } from 'zod';
import { contactBodySchema } from '../contact.ts';
import { endpoint } from '../endpoint.ts';
import { contactPaths } from '../paths.ts';

/** Public, and counted against the per-address limit of auth requests. */
export const send = endpoint({
  method: 'POST',
  path: contactPaths.contact,
  access: 'public',
  authRateLimit: true,
  summary: "A message from the contacts page, mailed to the service's mailbox (replies go to the sender)",
  body: contactBodySchema,
  responses: { 204: z.null() },
});
