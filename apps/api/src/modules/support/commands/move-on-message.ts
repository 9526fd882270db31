import type { Role } from '@rozmova/contracts';
import type { Db } from '../../../db/client.ts';
import type { ChatChange, ChatFound } from '../../patients/patients.service.ts';
import { insertSupportEvent } from '../support.repository.ts';
import { announce, type SupportDeps, type SupportEventInput } from './context.ts';

/**
 * Applies a change and records the event in one transaction when `when` says this change is that event (a message
 * changes the status at each turn, but claims or reopens only sometimes). Undefined when there is no such patient.
 */
function change(
  ctx: SupportDeps,
  apply: (tx: Db) => Promise<ChatChange | undefined>,
  event: SupportEventInput,
  when: (changed: ChatChange) => boolean,
): Promise<ChatChange | undefined> {
  return ctx.db.transaction(async (tx) => {
    const outcome = await apply(tx);
    if (outcome?.changed && when(outcome)) await insertSupportEvent(tx, event);
    return outcome;
  });
}

/**
 * The messages module's port: a support message moves the conversation; answers its holder afterwards and the
 * announcement of its new state, which the caller makes once the message itself was announced. Most
 * messages move it without an event, outside a transaction: the locked read (and the UPDATE when the state
 * changes). A reopening (the patient wrote to a closed conversation) or a claim (staff wrote to an unheld one) is
 * written with its event in a transaction. `found`: the message's own statement took that lock (`writeLock`).
 */
export async function moveOnMessage(
  ctx: SupportDeps,
  patientId: string,
  patientUserId: string,
  writer: { userId: string; userName: string; role: Role },
  found?: ChatFound,
): Promise<{ holder: string | null; announce(): Promise<void> }> {
  const { chat } = ctx.patients;
  const outcome =
    writer.role === 'patient'
      ? ((await chat.patientWrote(patientId, ctx.db, false, found)) ??
        (await change(
          ctx,
          (tx) => chat.patientWrote(patientId, tx),
          { patientId, kind: 'reopened', actorId: writer.userId },
          (c) => c.before.status === 'closed',
        )))
      : ((await chat.staffWrote(patientId, writer.userId, ctx.db, false, found)) ??
        (await change(
          ctx,
          (tx) => chat.staffWrote(patientId, writer.userId, tx),
          { patientId, kind: 'claimed', actorId: writer.userId },
          (c) => c.after.holder === writer.userId && c.before.holder !== writer.userId,
        )));
  if (!outcome) return { holder: null, announce: async () => {} };
  const { after } = outcome;
  return {
    holder: after.holder,
    announce: async () => {
      if (outcome.changed) await announce(ctx, patientId, patientUserId, after, writer);
    },
  };
}
