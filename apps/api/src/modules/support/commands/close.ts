import type { ConversationState } from '@rozmova/contracts';
import { forbidden } from '../../../lib/app-error.ts';
import { conversation, holderSeen, mayManage, request, type Actor, type SupportDeps } from './context.ts';

/** `POST /v1/patients/{id}/close`: the holder, an admin, or anyone while unheld; closing a closed one is a no-op. */
export async function closeConversation(ctx: SupportDeps, actor: Actor, patientId: string): Promise<ConversationState> {
  const current = await conversation(ctx, patientId);
  if (!mayManage(actor, current)) throw forbidden('Only the operator holding the conversation or an admin closes it');
  return request(
    ctx,
    current,
    { kind: 'closed', actorId: actor.user.id },
    (seen, tx) => ctx.patients.chat.close(patientId, holderSeen(actor, seen), tx),
    { done: (state) => state.status === 'closed', allowed: (state) => mayManage(actor, state) },
  );
}
