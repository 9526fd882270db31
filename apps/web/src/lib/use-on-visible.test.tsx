import { act, useRef, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import { useOnVisible } from './use-on-visible.ts';

/** The browser's observer as far as the hook uses it: the test says when the element enters the view. */
class TestObserver {
  static all: TestObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: (entries: { isIntersecting: boolean }[]) => void,
    readonly options: IntersectionObserverInit,
  ) {
    TestObserver.all.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  enter() {
    this.callback([{ isIntersecting: true }]);
  }
}

function Sentinel(props: { enabled: boolean; onVisible: () => void; again?: number; whenUnsupported?: boolean }) {
  const { enabled, onVisible, again, whenUnsupported } = props;
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(0);
  useOnVisible(
    ref,
    () => {
      setSeen((count) => count + 1);
      onVisible();
    },
    { enabled, rootMargin: '100% 0px', again, whenUnsupported },
  );
  return <div ref={ref}>{seen}</div>;
}

let root: Root;
const render = (element: React.ReactElement) => act(() => root.render(element));

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  act(() => root.unmount());
  TestObserver.all = [];
  vi.unstubAllGlobals();
});

test('calls back each time the element comes into view, only while enabled, and observes again when asked', () => {
  vi.stubGlobal('IntersectionObserver', TestObserver);
  root = createRoot(document.createElement('div'));
  const onVisible = vi.fn();
  render(<Sentinel enabled={false} onVisible={onVisible} />);
  expect(TestObserver.all).toHaveLength(0);

  render(<Sentinel enabled onVisible={onVisible} again={1} />);
  const [first] = TestObserver.all;
  expect(first?.options.rootMargin).toBe('100% 0px');
  act(() => first?.enter());
  act(() => first?.enter());
  expect(onVisible).toHaveBeenCalledTimes(2);

  render(<Sentinel enabled onVisible={onVisible} again={2} />);
  expect(first?.disconnected).toBe(true);
  expect(TestObserver.all).toHaveLength(2);

  render(<Sentinel enabled={false} onVisible={onVisible} again={2} />);
  expect(TestObserver.all[1]?.disconnected).toBe(true);
});

test('without IntersectionObserver, calls back at once only when asked to', () => {
  vi.stubGlobal('IntersectionObserver', undefined);
  root = createRoot(document.createElement('div'));
  const onVisible = vi.fn();
  render(<Sentinel enabled onVisible={onVisible} />);
  expect(onVisible).not.toHaveBeenCalled();
  render(<Sentinel enabled onVisible={onVisible} whenUnsupported />);
  expect(onVisible).toHaveBeenCalledTimes(1);
});
