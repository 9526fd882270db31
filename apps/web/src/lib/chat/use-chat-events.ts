import {
  messageSchema,
  messagesDeliveredEventSchema,
  messagesReadEventSchema,
  realtimeEvents,
  TYPING_EXPIRES_MS,
  typingEventSchema,
  type MessagesDeliveredEvent,
  type MessageStatus,
  type TypingEvent,
} from '@rozmova/contracts';
import { useEffect, useState, type RefObject } from 'react';
import { useRealtimeEvent } from '../use-realtime.ts';
import { belongsTo, isTypingHere, type ConversationRef } from './conversation.ts';
import type { HeldHistory } from './use-chat-history.ts';

/**
 * What the realtime socket tells of this conversation: its new messages, their ticks moved on, and the other side's
 * typing. Returns who of the other side is typing now, or null.
 */
export function useChatEvents(latestRef: RefObject<ConversationRef>, { addMessages, setStatus }: HeldHistory) {
  // Typing of the other side, until TYPING_EXPIRES_MS after its last event or its message.
  const [typing, setTyping] = useState<{ event: TypingEvent; at: number } | null>(null);
  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => setTyping(null), TYPING_EXPIRES_MS);
    return () => clearTimeout(timer);
  }, [typing]);

  // What goes into the held history is checked against its schema: a tab open across a deploy may hear a newer server.
  useRealtimeEvent(realtimeEvents.chatMessageCreated, (payload) => {
    const message = messageSchema.safeParse(payload).data;
    if (!message || !belongsTo(latestRef.current, message)) return;
    addMessages([message]);
    if (message.message_senderType === typing?.event.senderType) setTyping(null);
  });
  // `chat-message-delivered` and `chat-message-read` carry the same shape.
  const onStatusEvent = (status: MessageStatus, event: MessagesDeliveredEvent | undefined) => {
    const here = latestRef.current;
    if (!event || (event.appointmentId ?? undefined) !== here.appointmentId) return;
    if (here.patientId && event.patientId !== here.patientId) return;
    setStatus(event.ids, status);
  };
  useRealtimeEvent(realtimeEvents.chatMessageDelivered, (payload) =>
    onStatusEvent('Delivered', messagesDeliveredEventSchema.safeParse(payload).data),
  );
  useRealtimeEvent(realtimeEvents.chatMessageRead, (payload) => onStatusEvent('Read', messagesReadEventSchema.safeParse(payload).data));
  useRealtimeEvent(realtimeEvents.chatTyping, (payload) => {
    const event = typingEventSchema.safeParse(payload).data;
    if (event && isTypingHere(latestRef.current, event)) setTyping({ event, at: Date.now() });
  });

  return typing && { name: typing.event.user_name, senderType: typing.event.senderType };
}
