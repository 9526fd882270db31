import type { OutgoingMessage } from './conversation.ts';

/**
 * Messages written in this tab and not stored yet, per conversation (`conversationKey`). One store for the tab, so
 * the floating panel and the cabinet show the same sending and failed messages, and a failed one waits for its retry
 * after the panel was closed. The key names the signed-in user too, so another account in the tab never sees them.
 */
const boxes = new Map<string, OutgoingMessage[]>();
const listeners = new Set<() => void>();
const empty: OutgoingMessage[] = [];

function changed(): void {
  for (const listener of listeners) listener();
}

export const outbox = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },

  of: (key: string): OutgoingMessage[] => boxes.get(key) ?? empty,

  /** Adds a new message, or marks an existing one (a retry) as sending again. */
  sending(key: string, item: Omit<OutgoingMessage, 'state' | 'offline'>): void {
    const items = outbox.of(key);
    const known = items.some((existing) => existing.client_message_id === item.client_message_id);
    boxes.set(
      key,
      known
        ? items.map((existing) => (existing.client_message_id === item.client_message_id ? { ...existing, state: 'sending' } : existing))
        : [...items, { ...item, state: 'sending', offline: false }],
    );
    changed();
  },

  failed(key: string, clientMessageId: string, offline: boolean): void {
    boxes.set(
      key,
      outbox.of(key).map((item) => (item.client_message_id === clientMessageId ? { ...item, state: 'failed', offline } : item)),
    );
    changed();
  },

  /** The message is stored: the history shows it from now on. */
  stored(key: string, clientMessageId: string): void {
    const items = outbox.of(key).filter((item) => item.client_message_id !== clientMessageId);
    if (items.length > 0) boxes.set(key, items);
    else boxes.delete(key);
    changed();
  },

  find: (key: string, clientMessageId: string): OutgoingMessage | undefined =>
    outbox.of(key).find((item) => item.client_message_id === clientMessageId),
};
