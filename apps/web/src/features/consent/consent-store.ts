/**
 * The visitor's cookie choice, kept in this browser (localStorage), dated and tied to the cookie policy's version: a
 * choice made under another version, or one that does not cover a category offered now, counts as no choice and the
 * banner asks again.
 */

/** Raise it when what the banner asks for changes (a new purpose, a new kind of tool): everyone is asked again. */
export const CONSENT_POLICY_VERSION = 1;
export const CONSENT_STORAGE_KEY = 'rozmova-cookie-consent';

export const consentCategories = ['analytics', 'advertising'] as const;
export type ConsentCategory = (typeof consentCategories)[number];

/** What was answered for each category offered; a category not offered is left out. */
export type ConsentAnswers = Partial<Record<ConsentCategory, boolean>>;

export interface ConsentRecord extends ConsentAnswers {
  version: number;
  /** When the choice was made (ISO 8601). */
  decidedAt: string;
}

export type Grants = Record<ConsentCategory, boolean>;

/** What a stored choice allows; no choice allows nothing. */
export const grantsOf = (record: ConsentRecord | null): Grants => ({
  analytics: record?.analytics === true,
  advertising: record?.advertising === true,
});

// When localStorage throws (storage turned off), the choice lasts as long as the page.
let memory: string | null = null;
const listeners = new Set<() => void>();

/** The stored text (useSyncExternalStore's snapshot, parsed by the caller). */
export function readConsentRaw(): string | null {
  try {
    return localStorage.getItem(CONSENT_STORAGE_KEY);
  } catch {
    return memory;
  }
}

/**
 * The stored choice when it was made under the current policy and answers every category in `offered`; null when the
 * visitor must be asked.
 */
export function parseConsent(raw: string | null, offered: readonly ConsentCategory[]): ConsentRecord | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const stored = value as Record<string, unknown>;
  if (stored.version !== CONSENT_POLICY_VERSION) return null;
  if (typeof stored.decidedAt !== 'string' || Number.isNaN(Date.parse(stored.decidedAt))) return null;
  const record: ConsentRecord = { version: CONSENT_POLICY_VERSION, decidedAt: stored.decidedAt };
  for (const category of consentCategories) {
    const answer = stored[category];
    if (typeof answer === 'boolean') record[category] = answer;
    else if (answer !== undefined || offered.includes(category)) return null;
  }
  return record;
}

export function readConsent(offered: readonly ConsentCategory[]): ConsentRecord | null {
  return parseConsent(readConsentRaw(), offered);
}

/** Keeps the answers to the categories offered (any other is left out), dated now, and tells the subscribers. */
export function saveConsent(answers: ConsentAnswers, offered: readonly ConsentCategory[], now = new Date()): ConsentRecord {
  const record: ConsentRecord = { version: CONSENT_POLICY_VERSION, decidedAt: now.toISOString() };
  for (const category of offered) record[category] = answers[category] === true;
  const raw = JSON.stringify(record);
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, raw);
  } catch {
    memory = raw;
  }
  for (const listener of listeners) listener();
  return record;
}

/** Calls `listener` when the choice changes here or in another tab of the site (a withdrawal there stops this one). */
export function subscribeConsent(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === CONSENT_STORAGE_KEY || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
