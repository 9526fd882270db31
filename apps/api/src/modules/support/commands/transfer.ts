import type { ConversationState, TransferBody } from '@rozmova/contracts';
import { AppError, forbidden } from '../../../lib/app-error.ts';
import { isActiveChatStaff } from '../support.repository.ts';
import { conversation, holderSeen, mayManage, request, type Actor, type SupportDeps } from './context.ts';

/** `POST /v1/patients/{id}/transfer`: the holder or an admin (anyone while unheld) hands it to an active operator or admin. */
export async function transferConversation(
  ctx: SupportDeps,
  actor: Actor,
  patientId: string,
  body: TransferBody,
): Promise<ConversationState> {
  const current = await conversation(ctx, patientId);
  if (!(await isActiveChatStaff(ctx.db, body.operatorId))) {
    throw new AppError('VALIDATION_FAILED', 'Validation failed', [
      { path: 'body.operatorId', code: 'INVALID_VALUE', message: 'Not the id of an active operator or admin' },
    ]);
  }
  if (!mayManage(actor, current)) throw forbidden('Only the operator holding the conversation or an admin transfers it');
  return request(
    ctx,
    current,
    { kind: 'transferred', actorId: actor.user.id, toOperatorId: body.operatorId, note: body.note ?? null },
    (seen, tx) => ctx.patients.chat.transfer(patientId, body.operatorId, holderSeen(actor, seen), tx),
    { done: (state) => state.holder === body.operatorId, allowed: (state) => mayManage(actor, state) },
  );
}
