import { TYPING_EVERY_MS } from '@rozmova/contracts';

/**
 * `chat-typing` while the person types: at most every {@link TYPING_EVERY_MS}. After a send, `reset` lets the next
 * keystroke tell at once (the other side's indicator went with the message).
 */
export function createTypingThrottle(emit: () => void, now: () => number = Date.now, everyMs = TYPING_EVERY_MS) {
  let last = Number.NEGATIVE_INFINITY;
  return {
    typed(): void {
      const at = now();
      if (at - last < everyMs) return;
      last = at;
      emit();
    },
    reset(): void {
      last = Number.NEGATIVE_INFINITY;
    },
  };
}
