import { useEffect, type RefObject } from 'react';
import { useLatest } from './use-latest.ts';

interface OnVisibleOptions {
  /** Observe only while true (the element may not be rendered otherwise). */
  enabled?: boolean;
  /** The scrolling box to watch within; the viewport by default. */
  root?: RefObject<Element | null>;
  /** How far outside the box still counts, as CSS margins (`'100% 0px'`: within a screen's height). */
  rootMargin?: string;
  /** A value whose change observes again, for an element that may still be visible after its content moved. */
  again?: unknown;
  /** Call at once where the browser has no IntersectionObserver (otherwise never). */
  whenUnsupported?: boolean;
}

/** Calls `onVisible` each time `target` comes into view (IntersectionObserver), with the latest `onVisible`. */
export function useOnVisible(target: RefObject<Element | null>, onVisible: () => void, options: OnVisibleOptions = {}): void {
  const { enabled = true, root, rootMargin, again, whenUnsupported = false } = options;
  const latest = useLatest(onVisible);
  useEffect(() => {
    const element = target.current;
    if (!enabled || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      if (whenUnsupported) latest.current();
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && latest.current(), {
      root: root?.current ?? null,
      rootMargin,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, enabled, root, rootMargin, again, whenUnsupported, latest]);
}
