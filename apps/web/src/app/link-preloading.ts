import { useEffect } from 'react';
import { useLocation, type RouteObject } from 'react-router';
import { createLoadQueue, lazyLoadsOf, linkTarget } from './route-preload.ts';

// One queue for the tab: a page's files are asked for once, at most 4 at a time.
const queue = createLoadQueue();

function preload(routes: RouteObject[], anchor: Element | null | undefined): void {
  if (!(anchor instanceof HTMLAnchorElement)) return;
  const target = linkTarget(anchor, window.location);
  if (target) for (const load of lazyLoadsOf(routes, target)) queue.add(load);
}

const inView = (element: Element) => {
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.bottom > 0 && box.right > 0 && box.top < window.innerHeight && box.left < window.innerWidth;
};

/**
 * The pages a person is likely to open next are fetched before the click: a link pointed at, focused or touched at
 * once, and the links in view once the page has settled (not when the browser asks to save data).
 */
export function useLinkPreloading(routes: RouteObject[], enabled: boolean): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!enabled) return;
    const onIntent = (event: Event) => preload(routes, (event.target as Element | null)?.closest?.('a[href]'));
    const events = ['pointerover', 'focusin', 'touchstart'] as const;
    for (const name of events) document.addEventListener(name, onIntent, { passive: true });
    const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
    const settled = saveData
      ? undefined
      : setTimeout(() => document.querySelectorAll('a[href]').forEach((anchor) => inView(anchor) && preload(routes, anchor)), 1500);
    return () => {
      for (const name of events) document.removeEventListener(name, onIntent);
      clearTimeout(settled);
    };
  }, [routes, enabled, pathname]);
}
