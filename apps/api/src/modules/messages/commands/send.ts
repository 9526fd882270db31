import type { CreateMessageBody, Message } from '@rozmova/contracts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { ChatFound } from '../../patients/patients.service.ts';
import type { Limit } from '../../rate-limit/rate-limit.service.ts';
import type { Actor, Writing } from '../messages.access.ts';
import { routeOf } from '../messages.delivery.ts';
import {
  deleteMessage,
  findDocumentRef,
  findMessageOfSender,
  storeMessage,
  type Conversation,
  type MessageRow,
  type MessageValues,
  type StoreSteps,
} from '../messages.repository.ts';
import { present, toMessage, type ConversationMoved, type MessagesContext } from './context.ts';

/** Messages one user may send in a minute; more are 429 until the window passes. */
export const MESSAGES_PER_MINUTE = 30;

const MINUTE = 60_000;
const sendLimit: Limit = { max: MESSAGES_PER_MINUTE, windowMs: MINUTE };
const limitKeyOf = (actor: Actor) => `messages:${actor.user.id}`;
/** Inserting again after a conflict whose first message vanished (refused by the limit) ends after this many tries. */
const STORE_TRIES = 3;
const errorName = (error: unknown) => (error instanceof Error ? error.name : typeof error);

/**
 * What a new message's statement does besides its insert (`kind` names it): the sender's count and, in a support
 * conversation, the lock the support module takes to move the conversation on.
 */
function stepsOf(ctx: MessagesContext, actor: Actor, c: Conversation): { kind: string; steps: StoreSteps } {
  const counting: StoreSteps['counting'] = ({ key, at, when }) => ctx.rateLimit.counting(key, at, sendLimit, when);
  if (c.kind !== 'support') return { kind: 'consultation', steps: { counting } };
  const writer = actor.user.role === 'patient' ? 'patient' : 'staff';
  const lock: StoreSteps['lock'] = ({ patientId, writerId, when }) =>
    ctx.support.writeLock(patientId, writer === 'patient' ? { role: writer } : { role: writer, userId: writerId }, when);
  return { kind: `support_${writer}`, steps: { counting, lock } };
}

/**
 * The new row with its count and the state found, or the sender's first one with this client id (a resend, also one
 * that arrived at the same time).
 */
async function store(ctx: MessagesContext, actor: Actor, c: Conversation, values: MessageValues) {
  const { kind, steps } = stepsOf(ctx, actor, c);
  for (let tries = 0; tries < STORE_TRIES; tries++) {
    const at = ctx.clock.now();
    const stored = await storeMessage(ctx.db, kind, steps, { ...values, limitKey: limitKeyOf(actor), at: at.toISOString() });
    if (stored) return { ...stored, at, created: true as const };
    const first = await findMessageOfSender(ctx.db, values.senderUserId, values.clientMessageId);
    if (first) return { row: first, created: false as const };
  }
  throw new AppError('TOO_MANY_REQUESTS', 'Too many requests, try again later');
}

/** The new-message work (away delivery) once the recipients were told; a failing handler does not stop the rest. */
async function runCreatedHandlers(ctx: MessagesContext, message: Message, recipientIds: string[]): Promise<void> {
  for (const handler of ctx.createdHandlers) {
    try {
      await handler(message, recipientIds);
    } catch (error) {
      ctx.log.warn({ messageId: message.id, error: errorName(error) }, 'message-created handler failed');
    }
  }
}

/**
 * A resend answers the first message and, while nobody has received it, announces it again: the instance that
 * stored it may have stopped before telling anyone (clients merge by id). Resends announce at most as often as
 * sends are allowed; the conversation's state and the new-message work went with the first.
 */
async function resent(ctx: MessagesContext, actor: Actor, body: CreateMessageBody, row: MessageRow): Promise<Message> {
  const [message] = await present(ctx.db, [row]);
  if (row.status !== 'Sent') return message!;
  const to = await ctx.access.writing(actor, body).catch(() => undefined);
  const c = to?.conversation;
  const same = c && c.patientId === row.patientId && (c.kind === 'consultation' ? c.appointmentId : null) === row.appointmentId;
  if (!to || !same) return message!;
  try {
    await ctx.rateLimit.consume(`messages-resent:${actor.user.id}`, sendLimit);
  } catch {
    return message!;
  }
  const holder = c.kind === 'support' ? await ctx.support.holderOf(c.patientId) : null;
  ctx.delivery.announce(message!, routeOf(to, holder));
  return message!;
}

/** Where a new message goes, and the document it carries (one of the conversation's patient, else 404). */
async function destinationOf(ctx: MessagesContext, actor: Actor, body: CreateMessageBody) {
  const to = await ctx.access.writing(actor, body);
  const document = body.message_documentId ? await findDocumentRef(ctx.db, body.message_documentId) : undefined;
  if (body.message_documentId && document?.patientId !== to.conversation.patientId) throw notFound('Document');
  return { to, document };
}

/**
 * A support message moves the conversation (support module). A failure there must not hide a stored message: a
 * patient's then goes to every operator, and a failed announcement of the new state is only logged.
 */
async function moveOn(ctx: MessagesContext, to: Writing, actor: Actor, found?: ChatFound): Promise<ConversationMoved> {
  const { patientId } = to.conversation;
  const failed = (what: string) => (error: unknown) => ctx.log.warn({ patientId, error: errorName(error) }, what);
  try {
    const writer = { userId: actor.user.id, userName: actor.user.userName, role: actor.user.role };
    const moved = await ctx.support.written(patientId, to.patientUserId, writer, found);
    return { holder: moved.holder, announce: () => moved.announce().catch(failed('support conversation state not announced')) };
  } catch (error) {
    failed('support conversation state not updated')(error);
    return { holder: null, announce: async () => {} };
  }
}

/**
 * `POST /v1/messages`. A resend with the same `client_message_id` answers the sender's first message (created:
 * false) and never stores a copy, also where a first send would now be refused (a consultation closed since). The
 * limit counts stored messages only: the row is written first (its unique index decides between resends at once),
 * then counted, in one statement with the lock of a support conversation's state, and removed again when over the
 * limit.
 */
export async function sendMessage(
  ctx: MessagesContext,
  actor: Actor,
  body: CreateMessageBody,
): Promise<{ message: Message; created: boolean }> {
  let destination: Awaited<ReturnType<typeof destinationOf>>;
  try {
    destination = await destinationOf(ctx, actor, body);
  } catch (error) {
    const earlier = await findMessageOfSender(ctx.db, actor.user.id, body.client_message_id);
    if (earlier) return { message: await resent(ctx, actor, body, earlier), created: false };
    throw error;
  }
  const { to, document } = destination;
  const c = to.conversation;
  const stored = await store(ctx, actor, c, {
    patientId: c.patientId,
    doctorId: c.kind === 'consultation' ? c.doctorId : null,
    appointmentId: c.kind === 'consultation' ? c.appointmentId : null,
    operatorId: to.operatorId,
    senderUserId: actor.user.id,
    senderType: to.senderType,
    recipientType: to.recipientType,
    text: body.message_text,
    clientMessageId: body.client_message_id,
    documentId: body.message_documentId ?? null,
  });
  if (!stored.created) return { message: await resent(ctx, actor, body, stored.row), created: false };
  const { row } = stored;
  try {
    ctx.rateLimit.judge(limitKeyOf(actor), stored.counter, sendLimit, stored.at);
  } catch (error) {
    await deleteMessage(ctx.db, row.id);
    throw error;
  }
  const message = toMessage(row, { senderName: actor.user.userName, documentName: document?.fileName ?? null });
  const move = () => moveOn(ctx, to, actor, stored.found ?? undefined);
  // A patient's support message goes to whoever holds the conversation once it moved on. Staff's goes to the patient
  // whoever holds it, so the patient hears it before the move (a claim is a transaction of its own). Either way the
  // message is announced before the conversation's new state.
  const moved = c.kind === 'support' && to.senderType === 'patient' ? await move() : undefined;
  const route = routeOf(to, moved?.holder ?? null);
  ctx.delivery.announce(message, route);
  if (c.kind === 'support') await (moved ?? (await move())).announce();
  await runCreatedHandlers(ctx, message, route.recipientIds);
  return { message, created: true };
}
