import type { Server, Socket } from 'socket.io';
import { parseClientEvent, realtimeEvents } from '@rozmova/contracts';
import type { AccountRow } from '../../db/rows.ts';
import type { Clock } from '../../lib/clock.ts';
import { ackReply } from '../../realtime/outgoing.ts';
import type { MessagesService } from './messages.service.ts';

/** At most one `chat-typing` per connection is relayed in this time; the rest are dropped (clients send one every 3 s). */
export const TYPING_RELAY_EVERY_MS = 1_000;

/**
 * `chat-typing` on the signed-in Socket.IO connection: validated with the contracts' schema, rate-limited per
 * connection, then relayed by the messages service to the other side of a conversation the sender may write in. A
 * client that asks for an acknowledgement gets whether it was relayed.
 */
export function registerMessagesSocket(io: Server, deps: { messages: MessagesService; clock: Clock }): void {
  io.on('connection', (socket: Socket) => {
    const account = (socket.data as { account?: AccountRow }).account;
    let lastRelayedAt = -Infinity;

    socket.on(realtimeEvents.chatTyping, (payload: unknown, ack: unknown) => {
      const answer = ackReply(realtimeEvents.chatTyping, ack);
      const typing = parseClientEvent(realtimeEvents.chatTyping, payload);
      const now = deps.clock.now().getTime();
      if (!account || !typing || now - lastRelayedAt < TYPING_RELAY_EVERY_MS) return answer(false);
      lastRelayedAt = now;
      deps.messages.relayTyping(account, typing).then(answer, () => answer(false));
    });
  });
}
