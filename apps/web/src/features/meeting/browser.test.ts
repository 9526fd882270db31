import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import uk from '../../locales/uk.json';
import { canShareScreen, detectBrowser, mediaHelpKey, mediaProblemOf, type BrowserKind, type MediaProblem } from './browser.ts';

const agents = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
  firefox: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  samsung:
    'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  headless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};

describe('detectBrowser', () => {
  it.each([
    ['chromeWindows', 'chrome', 'Chrome 126 (Windows)'],
    ['chromeAndroid', 'chrome', 'Chrome 126 (Android)'],
    ['edge', 'edge', 'Edge 126 (Windows)'],
    ['firefox', 'firefox', 'Firefox 128 (Linux)'],
    ['safariMac', 'safari-mac', 'Safari 17 (macOS)'],
    ['safariIphone', 'safari-ios', 'Safari 17 (iOS)'],
    ['chromeIphone', 'safari-ios', 'Chrome 126 (iOS)'],
    ['samsung', 'samsung', 'Samsung Internet 25 (Android)'],
    ['headless', 'chrome', 'Chrome 130 (Linux)'],
  ] as const)('%s is %s', (agent, kind, label) => {
    expect(detectBrowser(agents[agent])).toEqual({ kind, label });
  });

  it('takes an iPad asking for the desktop site (a Mac with a touch screen) for iOS', () => {
    expect(detectBrowser(agents.safariMac, 5)).toEqual({ kind: 'safari-ios', label: 'Safari 17 (iOS)' });
  });

  it('copes with an unknown browser', () => {
    expect(detectBrowser('curl/8.0')).toEqual({ kind: 'other', label: 'Browser' });
  });
});

describe('canShareScreen', () => {
  const share = (agent: keyof typeof agents, touchPoints = 0, getDisplayMedia = true) =>
    canShareScreen({ userAgent: agents[agent], touchPoints, getDisplayMedia });

  it('is offered by desktop browsers that have getDisplayMedia, a touch laptop too', () => {
    for (const agent of ['chromeWindows', 'edge', 'firefox', 'safariMac', 'headless'] as const) expect(share(agent), agent).toBe(true);
    expect(share('chromeWindows', 10)).toBe(true);
  });

  it('is not offered on phones and tablets, whatever they claim to have', () => {
    for (const agent of ['chromeAndroid', 'safariIphone', 'chromeIphone', 'samsung', 'androidTablet'] as const)
      expect(share(agent), agent).toBe(false);
    // An iPad asking for the desktop site.
    expect(share('safariMac', 5)).toBe(false);
  });

  it('is not offered without getDisplayMedia', () => {
    expect(share('chromeWindows', 0, false)).toBe(false);
  });
});

describe('mediaProblemOf', () => {
  const named = (name: string) => Object.assign(new Error(name), { name });
  it('reads the error name of getUserMedia', () => {
    expect(mediaProblemOf(named('NotAllowedError'))).toBe('denied');
    expect(mediaProblemOf(named('SecurityError'))).toBe('denied');
    expect(mediaProblemOf(named('NotFoundError'))).toBe('missing');
    expect(mediaProblemOf(named('OverconstrainedError'))).toBe('missing');
    expect(mediaProblemOf(named('NotReadableError'))).toBe('busy');
    expect(mediaProblemOf(named('TypeError'))).toBe('failed');
    expect(mediaProblemOf('nonsense')).toBe('failed');
  });
});

describe('the help texts', () => {
  type Tree = { [key: string]: string | Tree };
  const lookup = (tree: Tree, key: string) =>
    key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
  const kinds: BrowserKind[] = ['chrome', 'edge', 'firefox', 'safari-ios', 'safari-mac', 'samsung', 'other'];
  const problems: MediaProblem[] = ['denied', 'missing', 'busy', 'insecure', 'failed'];

  it('exist in both languages for every browser and problem', () => {
    for (const texts of [en, uk] as Tree[]) {
      for (const kind of kinds)
        for (const problem of problems) expect(lookup(texts, mediaHelpKey(problem, kind)), `${problem} ${kind}`).toMatch(/\S/);
    }
  });

  it("name the browser's own controls where access was refused", () => {
    const deniedIn = (kind: BrowserKind) => String(lookup(en as Tree, mediaHelpKey('denied', kind)));
    expect(deniedIn('safari-ios')).toContain('Settings');
    expect(deniedIn('safari-mac')).toContain('Safari');
    expect(deniedIn('firefox')).toContain('address bar');
    expect(deniedIn('samsung')).toContain('Samsung Internet');
    expect(String(lookup(uk as Tree, mediaHelpKey('denied', 'safari-ios')))).toContain('Парамет');
  });
});
