/**
 * The meeting room's limits (docs/decisions.md "Meetings (API)"). Signalling is counted per person and room across
 * the person's connections on one API instance; `SIGNAL_RATE_MAX` and `SIGNAL_RATE_WINDOW_MS` are the contracts'.
 */
const MINUTE = 60_000;

/** Characters of signalling (as JSON) one person may send into one room in a window: about 15 full descriptions. */
export const SIGNAL_BYTES_MAX = 1_000_000;
/** Joins one person may make in a window, over all its connections and rooms (each reads the database and may write). */
export const MEETING_JOINS_MAX = 30;
/** Rows of joins, leaves and dropped connections kept per consultation; later ones are relayed but not recorded. */
export const CALL_EVENTS_PER_CONSULTATION = 200;
/** ICE server answers (fresh TURN credentials) one person may get in ICE_WINDOW_MS. */
export const ICE_REQUESTS_MAX = 30;
export const ICE_WINDOW_MS = 10 * MINUTE;
/** How long a signal may trust the consultation read for an earlier one (a change on this instance forgets it at once). */
export const CONSULTATION_FRESH_MS = 2_000;

/**
 * Sliding windows of what each key (a person in a room, a person's joins) sent on this instance: how many messages
 * and how many characters. A key whose window has emptied is forgotten when a new key comes.
 */
export function createBudget(now: () => number, windowMs: number) {
  const logs = new Map<string, { at: number; size: number }[]>();
  // A clock set back (tests) leaves entries "from the future": they count as expired.
  const expired = (entry: { at: number }, at: number) => entry.at <= at - windowMs || entry.at > at;
  return {
    /** Counts one message of `size` characters under `key`; answers why it is over the budget, or undefined when taken. */
    take(key: string, max: number, size = 0, maxSize = Infinity): 'rate' | 'volume' | undefined {
      const at = now();
      let log = logs.get(key);
      if (!log) {
        for (const [other, entries] of logs) if (entries.every((e) => expired(e, at))) logs.delete(other);
        log = [];
        logs.set(key, log);
      }
      while (log.length > 0 && expired(log[0]!, at)) log.shift();
      if (log.length >= max) return 'rate';
      if (log.reduce((sum, e) => sum + e.size, 0) + size > maxSize) return 'volume';
      log.push({ at, size });
      return undefined;
    },
  };
}
