import type { Role, TransferBody } from '@rozmova/contracts';
import type { ChatFound } from '../patients/patients.service.ts';
import { claimConversation } from './commands/claim.ts';
import { closeConversation } from './commands/close.ts';
import type { Actor, SupportDeps } from './commands/context.ts';
import { moveOnMessage } from './commands/move-on-message.ts';
import { reopenConversation } from './commands/reopen.ts';
import { transferConversation } from './commands/transfer.ts';
import { createAvailability } from './support.availability.ts';
import { createCannedReplies } from './support.canned-replies.ts';
import { createSupportReads } from './support.reads.ts';

/**
 * The support chat around the messages: who holds a patient's conversation and its status (the state machine of
 * docs/product.md §4 "Support conversation"), the operators' inbox, availability and canned replies. The two columns on the patient record are
 * the patients module's; each change goes through its `chat` functions (the row locked, then one conditional UPDATE), and this module
 * decides who may change what, records support events and tells the operators and the patient. Each change is a
 * command in `commands/`, the reads are in `support.reads.ts`; this file wires them.
 */
export function createSupportService(deps: SupportDeps) {
  const availability = createAvailability(deps);
  return {
    availability,
    cannedReplies: createCannedReplies(deps),
    ...createSupportReads({ ...deps, availability }),
    written: (patientId: string, patientUserId: string, writer: { userId: string; userName: string; role: Role }, found?: ChatFound) =>
      moveOnMessage(deps, patientId, patientUserId, writer, found),
    /** The lock `written` would take, as a step of the message's own statement (its row is `found`). */
    writeLock: deps.patients.chat.writeLock,
    claim: (actor: Actor, patientId: string) => claimConversation(deps, actor, patientId),
    transfer: (actor: Actor, patientId: string, body: TransferBody) => transferConversation(deps, actor, patientId, body),
    close: (actor: Actor, patientId: string) => closeConversation(deps, actor, patientId),
    reopen: (actor: Actor, patientId: string) => reopenConversation(deps, actor, patientId),
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
