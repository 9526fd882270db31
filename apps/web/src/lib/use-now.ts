import { useEffect, useState } from 'react';

/** The current time, redrawn every `interval(now)` milliseconds. */
export function useNow(interval: (now: number) => number): number {
  const [now, setNow] = useState(() => Date.now());
  const delay = interval(now);
  useEffect(() => {
    const timer = setTimeout(() => setNow(Date.now()), delay);
    return () => clearTimeout(timer);
  }, [now, delay]);
  return now;
}
