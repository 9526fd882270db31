export interface Clock {
  now(): Date;
  /** Runs `fn` once the clock reaches `at` (a test clock: once it is moved there); answers a function that cancels it. */
  setTimer(at: Date, fn: () => void): () => void;
}

/** setTimeout's longest wait (about 24.8 days); a later time is reached in steps. */
const MAX_WAIT_MS = 2 ** 31 - 1;

export const systemClock: Clock = {
  now: () => new Date(),
  setTimer(at, fn) {
    let handle: NodeJS.Timeout | undefined;
    const arm = () => {
      const left = at.getTime() - Date.now();
      handle = setTimeout(() => (Date.now() >= at.getTime() ? fn() : arm()), Math.min(Math.max(left, 0), MAX_WAIT_MS));
      // A timer alone does not keep the process running (a server closing, a test ending).
      handle.unref();
    };
    arm();
    return () => clearTimeout(handle);
  },
};
