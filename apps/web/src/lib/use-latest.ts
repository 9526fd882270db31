import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A ref holding the latest `value`, for callbacks and effects that must see it without running again when it changes.
 * Set after each render's commit (never during the render itself); read it in callbacks and effects only.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
