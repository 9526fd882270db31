import type { Conversation } from '../../lib/chat/use-conversation.ts';
import { Composer, type ComposerTools } from './composer.tsx';
import { MessageList, type TimelineEvent } from './message-list.tsx';
import { TypingIndicator } from './typing-indicator.tsx';
import './chat.css';

interface Props {
  chat: Conversation;
  /** The other side's name for messages that carry none (the doctor's name, "Operator"). */
  otherName: string;
  emptyText: string;
  attachDocuments?: boolean;
  /** The message field takes the focus when the view opens. */
  autoFocus?: boolean;
  /** Lines among the messages that are not messages (the operators' claims and transfers). */
  events?: readonly TimelineEvent[];
  /** Beside the send button: controls that put text into the message (the operators' canned replies). */
  composerTools?: ComposerTools;
}

/**
 * A conversation of lib/chat's useConversation: the messages with their ticks, the other side typing, and the
 * composer. It fills the height its parent gives it; the list scrolls.
 */
export function ChatView({ chat, otherName, emptyText, attachDocuments, autoFocus, events, composerTools }: Props) {
  return (
    <div className="chat-view">
      <MessageList chat={chat} otherName={otherName} emptyText={emptyText} events={events} />
      <TypingIndicator typing={chat.typing} />
      <Composer chat={chat} attachDocuments={attachDocuments} autoFocus={autoFocus} tools={composerTools} />
    </div>
  );
}
