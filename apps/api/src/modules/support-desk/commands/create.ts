import type { CreateSupportRequestBody, Locale, SupportRequest } from '@rozmova/contracts';
import type { AccountRow } from '../../../db/rows.ts';
import { forbidden } from '../../../lib/app-error.ts';
import { receivedMail } from '../support-desk.mails.ts';
import { insertRequest } from '../support-desk.repository.ts';
import { fieldError, HOUR, newRequestLink, present, type SupportDeskDeps } from './context.ts';
import type { Attachment } from './store-attachment.ts';

/** Requests a visitor's address may send in an hour, and requests to one e-mail (a patient's or a visitor's). */
export const REQUESTS_PER_ADDRESS_PER_HOUR = 5;
export const REQUESTS_PER_EMAIL_PER_HOUR = 3;

/**
 * A request from the desk form: a signed-in patient's with its own e-mail, a visitor's with the e-mail given and a
 * private link sent there. Limited per address and per e-mail; counted before anything is stored.
 */
export async function createSupportRequest(
  ctx: SupportDeskDeps,
  actor: AccountRow | undefined,
  body: CreateSupportRequestBody,
  address: string,
  attachment?: Attachment,
): Promise<SupportRequest> {
  if (actor && actor.user.role !== 'patient') throw forbidden('Staff answer requests; they do not send them');
  const email = actor ? actor.user.email : body.email;
  if (!email) throw fieldError('body.email', 'INVALID_TYPE', 'A visitor gives an e-mail to answer to');
  const locale: Locale = body.locale ?? (actor?.user.locale as Locale | undefined) ?? 'uk';
  await ctx.rateLimit.consume(`support-desk:address:${address}`, { max: REQUESTS_PER_ADDRESS_PER_HOUR, windowMs: HOUR });
  await ctx.rateLimit.consume(`support-desk:email:${email}`, { max: REQUESTS_PER_EMAIL_PER_HOUR, windowMs: HOUR });
  const { row, page } = await ctx.db.transaction(async (tx) => {
    const inserted = await insertRequest(tx, {
      userId: actor?.user.id ?? null,
      email,
      topic: body.topic,
      locale,
      message: body.message,
      attachment,
    });
    return { row: inserted, page: actor ? undefined : await newRequestLink(ctx, tx, inserted.id) };
  });
  if (page) await ctx.mailer.send(receivedMail(email, locale, body.topic, page));
  return (await present(ctx, [row]))[0]!;
}
