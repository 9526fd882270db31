import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** The field a link's hash names (the profile checklist's links), or the first field inside the block it names. */
export function useFocusFromHash() {
  const { hash, key } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    const element = id ? document.getElementById(id) : null;
    if (!element) return;
    const fields = 'input:not([type="hidden"]), textarea, select, button';
    const field = element.matches(fields) ? element : element.querySelector<HTMLElement>(fields);
    element.scrollIntoView({ block: 'center' });
    field?.focus({ preventScroll: true });
  }, [hash, key]);
}
