import type { ConversationState } from '@rozmova/contracts';
import { conversation, request, type Actor, type SupportDeps } from './context.ts';

/** `POST /v1/patients/{id}/reopen`: any operator or admin; reopening an open one is a no-op. */
export async function reopenConversation(ctx: SupportDeps, actor: Actor, patientId: string): Promise<ConversationState> {
  return request(
    ctx,
    await conversation(ctx, patientId),
    { kind: 'reopened', actorId: actor.user.id },
    (_, tx) => ctx.patients.chat.reopen(patientId, tx),
    { done: (state) => state.status !== 'closed', allowed: () => true },
  );
}
