import type { ContactBody } from '@rozmova/contracts';
import type { Mailer } from '../../lib/mailer.ts';

export function createContactService(deps: { mailer: Mailer; contactEmail: string }) {
  return {
    /** Forwards a message from the contacts page to the service's mailbox; replies go to the visitor. */
    async send(body: ContactBody): Promise<void> {
      await deps.mailer.send({
        to: deps.contactEmail,
        replyTo: body.email,
        subject: `Rozmova contact form: ${body.name}`,
        text: `From: ${body.name} <${body.email}>\n\n${body.message}`,
      });
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
