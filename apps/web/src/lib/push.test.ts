import { PUSH_PERMISSION_DENIED_LOG } from '@rozmova/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pushSupport, turnPushOn } from './push.ts';

const iPhone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

function browser({ userAgent, standalone, push }: { userAgent: string; standalone: boolean; push: boolean }) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  vi.stubGlobal('matchMedia', () => ({ matches: false }));
  Object.defineProperty(navigator, 'standalone', { value: standalone, configurable: true });
  if (push) {
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: async () => 'denied' });
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  }
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'standalone');
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('pushSupport', () => {
  it('on an iPhone outside the installed app, asks to add it to the home screen first', () => {
    browser({ userAgent: iPhone, standalone: false, push: false });
    expect(pushSupport()).toBe('install-first');
  });

  it('in the installed app, or on a browser with push, says what there is', () => {
    browser({ userAgent: iPhone, standalone: true, push: false });
    expect(pushSupport()).toBe('unsupported');
    browser({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0', standalone: false, push: true });
    expect(pushSupport()).toBe('supported');
  });
});

describe('turnPushOn', () => {
  it('writes the docs/product.md §8 line when the browser refuses, and subscribes nothing', async () => {
    browser({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0', standalone: false, push: true });
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await expect(turnPushOn('u1')).resolves.toBe('denied');
    expect(log).toHaveBeenCalledWith(PUSH_PERMISSION_DENIED_LOG);
  });
});
