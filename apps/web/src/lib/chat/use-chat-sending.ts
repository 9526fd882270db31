import { messagesApi, realtimeEvents, type Message } from '@rozmova/contracts';
import { useCallback, useEffect, useRef, useSyncExternalStore, type RefObject } from 'react';
import { ApiError, call } from '../api-client.ts';
import type { RealtimeConnection } from '../realtime-connection.ts';
import { sendBody, typingPayload, type ChatDocument, type ConversationRef, type OutgoingMessage } from './conversation.ts';
import { outbox } from './outbox.ts';
import { createTypingThrottle } from './typing.ts';

/** Typing of this side: `typed` on each keystroke, `reset` after a send. */
export function useOwnTyping(connection: RealtimeConnection | null, key: string, latestRef: RefObject<ConversationRef>) {
  const throttle = useRef(createTypingThrottle(() => undefined));
  useEffect(() => {
    throttle.current = createTypingThrottle(() => connection?.emit(realtimeEvents.chatTyping, typingPayload(latestRef.current)));
  }, [connection, key, latestRef]);
  const typed = useCallback(() => throttle.current.typed(), []);
  const reset = useCallback(() => throttle.current.reset(), []);
  return { typed, reset };
}

/** Sending. The outbox is the tab's (lib/chat/outbox.ts), so every view of this conversation shows the same. */
export function useSending(
  key: string,
  latestRef: RefObject<ConversationRef>,
  addMessages: (messages: Message[]) => void,
  resetTyping: () => void,
) {
  const pending = useSyncExternalStore(outbox.subscribe, () => outbox.of(key));
  const post = useCallback(
    async (item: Omit<OutgoingMessage, 'state' | 'offline'>) => {
      outbox.sending(key, item);
      try {
        const message = await call(messagesApi.send, {
          body: sendBody(latestRef.current, { ...item, state: 'sending', offline: false }),
        });
        addMessages([message]);
        outbox.stored(key, item.client_message_id);
      } catch (error) {
        // No answer at all (offline) or a server failure: sent again by itself once the connection is back.
        const offline = !(error instanceof ApiError) || error.status === undefined || error.status >= 500;
        outbox.failed(key, item.client_message_id, offline);
      }
    },
    [addMessages, key, latestRef],
  );

  const send = useCallback(
    (text: string, document: ChatDocument | null = null) => {
      resetTyping();
      void post({ client_message_id: crypto.randomUUID(), text, document, at: new Date().toISOString() });
    },
    [post, resetTyping],
  );

  const retry = useCallback(
    (clientMessageId: string) => {
      const item = outbox.find(key, clientMessageId);
      if (item && item.state === 'failed') void post(item);
    },
    [key, post],
  );

  return { pending, post, send, retry };
}

/** Every (re)connect: catch up, then send again what failed for want of a connection, in the order it was written. */
export function useReconnect(
  connection: RealtimeConnection | null,
  key: string,
  post: ReturnType<typeof useSending>['post'],
  refetch: () => Promise<unknown>,
): void {
  useEffect(() => {
    if (!connection) return;
    return connection.onConnectionChange((connected) => {
      if (!connected) return;
      void refetch();
      void (async () => {
        for (const item of outbox.of(key).filter((candidate) => candidate.state === 'failed' && candidate.offline)) await post(item);
      })();
    });
  }, [connection, key, post, refetch]);
}
