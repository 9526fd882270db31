import type { CorporateLeadBody } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { RateLimitService } from '../rate-limit/rate-limit.service.ts';
import { insertCorporateLead } from './corporate.repository.ts';

/** Leads one address may send in an hour: enough for a correction, too few to flood the mailbox. */
export const CORPORATE_LEADS_PER_HOUR = 5;
const HOUR = 60 * 60_000;

export function createCorporateService(deps: { db: Db; mailer: Mailer; rateLimit: RateLimitService; contactEmail: string }) {
  return {
    /** Keeps a company's request from the corporate clients' page and forwards it to the service's mailbox. */
    async submit(body: CorporateLeadBody, address: string): Promise<{ id: string }> {
      await deps.rateLimit.consume(`corporate-lead:${address}`, { max: CORPORATE_LEADS_PER_HOUR, windowMs: HOUR });
      const id = await insertCorporateLead(deps.db, {
        company: body.company,
        contactName: body.contact_name,
        email: body.email,
        phone: body.phone ?? null,
        employees: body.employees ?? null,
        message: body.message ?? '',
        locale: body.locale ?? 'uk',
      });
      const lines = [
        `Company: ${body.company}`,
        `Contact: ${body.contact_name} <${body.email}>`,
        `Phone: ${body.phone ?? '-'}`,
        `Employees: ${body.employees ?? '-'}`,
        `Language: ${body.locale ?? 'uk'}`,
        '',
        body.message ?? '',
      ];
      await deps.mailer.send({
        to: deps.contactEmail,
        replyTo: body.email,
        subject: `Rozmova corporate clients: ${body.company}`,
        text: lines.join('\n'),
      });
      return { id };
    },
  };
}

export type CorporateService = ReturnType<typeof createCorporateService>;
