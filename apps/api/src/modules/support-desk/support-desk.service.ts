import type { CreateSupportRequestBody, SupportRequestReplyBody } from '@rozmova/contracts';
import type { AccountRow } from '../../db/rows.ts';
import { closeSupportRequest } from './commands/close.ts';
import type { SupportDeskDeps } from './commands/context.ts';
import { createSupportRequest } from './commands/create.ts';
import { followUpSupportRequest } from './commands/follow-up.ts';
import { replyToSupportRequest } from './commands/reply.ts';
import { storeAttachment, type Attachment } from './commands/store-attachment.ts';
import { takeSupportRequest } from './commands/take.ts';
import { createSupportDeskReads } from './support-desk.reads.ts';
import { blankRequestsOfUser } from './support-desk.repository.ts';

export type { Attachment } from './commands/store-attachment.ts';

/**
 * The support desk: requests from the desk form and from calls, the visitor's private link, the operators' queue,
 * answers by e-mail or chat. Each change is a command in `commands/`, the reads are in `support-desk.reads.ts`; this
 * file wires them.
 */
export function createSupportDeskService(deps: SupportDeskDeps) {
  // A removed patient's requests lose their text, e-mail and file in the removal's transaction (the files after it).
  deps.accounts.onAccountRemoved(async ({ userId }, tx) => {
    const keys = await blankRequestsOfUser(tx, userId);
    return async () => {
      for (const key of keys) await deps.storage.delete(key);
    };
  });

  return {
    ...createSupportDeskReads(deps),
    storeAttachment: (content: AsyncIterable<Buffer>) => storeAttachment(deps, content),
    discardAttachment: (attachment: Attachment) => deps.storage.delete(attachment.storageKey),
    create: (actor: AccountRow | undefined, body: CreateSupportRequestBody, address: string, attachment?: Attachment) =>
      createSupportRequest(deps, actor, body, address, attachment),
    followUp: (actor: AccountRow | undefined, id: string, token: string | undefined, text: string) =>
      followUpSupportRequest(deps, actor, id, token, text),
    take: (actor: AccountRow, id: string) => takeSupportRequest(deps, actor, id),
    reply: (actor: AccountRow, id: string, body: SupportRequestReplyBody) => replyToSupportRequest(deps, actor, id, body),
    close: (actor: AccountRow, id: string) => closeSupportRequest(deps, actor, id),
  };
}

export type SupportDeskService = ReturnType<typeof createSupportDeskService>;
