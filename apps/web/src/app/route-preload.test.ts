import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLoadQueue, lazyLoadsOf, linkTarget, PRELOAD_CONCURRENCY } from './route-preload.ts';
import { routes } from './router.tsx';

/** A load that finishes when the test says so. */
function deferredLoad() {
  let finish!: () => void;
  const started = { count: 0 };
  const load = () => {
    started.count++;
    return new Promise<void>((resolve) => (finish = resolve));
  };
  return { load, started, finish: () => finish() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the preload queue', () => {
  it('runs at most 4 loads at once (docs/product.md §9) and starts the next as one ends', async () => {
    expect(PRELOAD_CONCURRENCY).toBe(4);
    const queue = createLoadQueue();
    const loads = Array.from({ length: 7 }, deferredLoad);
    for (const { load } of loads) queue.add(load);
    expect(loads.map(({ started }) => started.count)).toEqual([1, 1, 1, 1, 0, 0, 0]);
    expect(queue.running).toBe(4);
    expect(queue.waiting).toBe(3);

    loads[1]!.finish();
    await settle();
    expect(loads.map(({ started }) => started.count)).toEqual([1, 1, 1, 1, 1, 0, 0]);
    expect(queue.running).toBe(4);
  });

  it('asks for each load once, and a failed one frees its place', async () => {
    const queue = createLoadQueue(1);
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    };
    const next = deferredLoad();
    queue.add(failing);
    queue.add(failing);
    queue.add(next.load);
    await settle();
    expect(calls).toBe(1);
    expect(next.started.count).toBe(1);
  });

  describe('offline', () => {
    afterEach(() => vi.restoreAllMocks());

    it('asks for nothing, and asks once the network is back', async () => {
      const queue = createLoadQueue();
      const page = deferredLoad();
      const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      queue.add(page.load);
      await settle();
      expect(page.started.count).toBe(0);
      onLine.mockReturnValue(true);
      queue.add(page.load);
      await settle();
      expect(page.started.count).toBe(1);
    });
  });
});

describe("a link's pages", () => {
  it("are the lazy files the router would load for its path: the page's layout and the page", () => {
    const layout = () => Promise.resolve({});
    const page = () => Promise.resolve({});
    const table: RouteObject[] = [{ path: '/', children: [{ lazy: layout, children: [{ path: 'user', lazy: page }] }, { path: '*' }] }];
    expect(lazyLoadsOf(table, '/user')).toEqual([layout, page]);
    expect(lazyLoadsOf(table, '/nowhere')).toEqual([]);
  });

  it("of the app's routes: a booking step loads the cabinet's layout and the booking page, an unknown path nothing", () => {
    expect(lazyLoadsOf(routes, '/user/appointment-step2')).toHaveLength(2);
    expect(lazyLoadsOf(routes, '/prices')).toHaveLength(1);
    expect(lazyLoadsOf(routes, '/no-such-page')).toEqual([]);
  });

  const here = new URL('http://127.0.0.1:3000/about-us') as unknown as Location;
  const anchor = (href: string, attributes: Record<string, string> = {}) => {
    const element = document.createElement('a');
    element.href = href;
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    return element;
  };

  it('are only for links to another page of the app in this window', () => {
    expect(linkTarget(anchor('http://127.0.0.1:3000/prices?x=1'), here)).toBe('/prices');
    expect(linkTarget(anchor('http://127.0.0.1:3000/about-us?auth=login'), here)).toBeNull();
    expect(linkTarget(anchor('https://example.org/prices'), here)).toBeNull();
    expect(linkTarget(anchor('http://127.0.0.1:3000/prices', { target: '_blank' }), here)).toBeNull();
    expect(linkTarget(anchor('http://127.0.0.1:3000/prices', { download: '' }), here)).toBeNull();
    expect(linkTarget(anchor('http://127.0.0.1:3000/v1/appointments/1/calendar.ics'), here)).toBeNull();
    expect(linkTarget(anchor('mailto:care@rozmova.local'), here)).toBeNull();
  });
});
