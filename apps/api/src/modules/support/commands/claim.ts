import type { ConversationState } from '@rozmova/contracts';
import { conversation, request, type Actor, type SupportDeps } from './context.ts';

/** `POST /v1/patients/{id}/claim`: one claim of an unheld conversation wins; the holder's own claim is a no-op. */
export async function claimConversation(ctx: SupportDeps, actor: Actor, patientId: string): Promise<ConversationState> {
  const me = actor.user.id;
  return request(
    ctx,
    await conversation(ctx, patientId),
    { kind: 'claimed', actorId: me },
    (_, tx) => ctx.patients.chat.claim(patientId, me, tx),
    { done: (state) => state.holder === me, allowed: () => true },
  );
}
