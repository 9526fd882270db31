import { parseUserAgent } from '../../lib/client-info.ts';

/**
 * Which browser the person uses, for help that names the right buttons when the camera or microphone is blocked,
 * and for the device check the doctor sees. Every browser on an iPhone or iPad is Safari's engine and its camera
 * permission lives in the system settings, so they share one help text; an iPad asking for the desktop site says
 * "Macintosh" but has a touch screen.
 */
export type BrowserKind = 'chrome' | 'edge' | 'firefox' | 'safari-ios' | 'safari-mac' | 'samsung' | 'other';

export interface BrowserInfo {
  kind: BrowserKind;
  /** "Chrome 126 (Android)": at most 80 characters, like the device check's field. */
  label: string;
}

const kinds: Record<string, BrowserKind> = {
  Chrome: 'chrome',
  Opera: 'chrome',
  Edge: 'edge',
  Firefox: 'firefox',
  Safari: 'safari-mac',
  'Samsung Internet': 'samsung',
};

export function detectBrowser(userAgent: string, touchPoints = 0): BrowserInfo {
  const info = parseUserAgent(userAgent);
  const apple = info.os === 'iOS' || (info.os === 'macOS' && touchPoints > 1);
  const kind: BrowserKind = apple ? 'safari-ios' : (kinds[info.browser] ?? 'other');
  const major = info.browserVersion.split('.')[0];
  const os = apple ? 'iOS' : info.os;
  const name = info.browser === 'unknown' ? 'Browser' : info.browser;
  const label = `${name}${major && major !== 'unknown' ? ` ${major}` : ''}${os === 'unknown' ? '' : ` (${os})`}`;
  return { kind, label: label.slice(0, 80) };
}

export interface ScreenShareEnvironment {
  userAgent: string;
  touchPoints: number;
  /** navigator.mediaDevices.getDisplayMedia exists. */
  getDisplayMedia: boolean;
}

/**
 * Whether to offer sharing the screen: the browser has getDisplayMedia and is not on a phone or tablet, where it is
 * missing or shares nothing useful (an iPad asking for the desktop site says "Macintosh" but has a touch screen; a
 * laptop with a touch screen shares fine).
 */
export function canShareScreen({ userAgent, touchPoints, getDisplayMedia }: ScreenShareEnvironment): boolean {
  if (!getDisplayMedia) return false;
  const info = parseUserAgent(userAgent);
  return info.device === 'desktop' && !(info.os === 'macOS' && touchPoints > 1);
}

/** canShareScreen for this browser. */
export const screenSharingHere = (): boolean =>
  typeof navigator !== 'undefined' &&
  canShareScreen({
    userAgent: navigator.userAgent,
    touchPoints: navigator.maxTouchPoints,
    getDisplayMedia: typeof navigator.mediaDevices?.getDisplayMedia === 'function',
  });

/** What went wrong when asking for a camera or microphone. */
export type MediaProblem = 'denied' | 'missing' | 'busy' | 'insecure' | 'failed';

/** getUserMedia's error by its name: refused, no such device, the device is taken by another app, or something else. */
export function mediaProblemOf(error: unknown): MediaProblem {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') return 'missing';
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return 'busy';
  return 'failed';
}

/** The locale key of the help for a problem in a browser: how to allow access where it was refused. */
export const mediaHelpKey = (problem: MediaProblem, kind: BrowserKind): string =>
  problem === 'denied' ? `meeting.help.denied.${kind}` : `meeting.help.${problem}`;
