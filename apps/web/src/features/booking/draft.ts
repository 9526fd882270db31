import { useSyncExternalStore } from 'react';

/**
 * The patient's choices while booking, kept in sessionStorage so a reload (or the trip to the payment page and
 * back) keeps them; tied to the user, so another account in the same tab does not inherit them.
 */
export interface BookingDraft {
  userId: string;
  doctorId?: string;
  slot?: string;
  reason?: string;
  phone?: string;
  /** Why step 2 was shown again: the chosen time was taken or became unavailable before booking. */
  notice?: SlotNotice;
}

export const slotNotices = ['APPOINTMENT_SLOT_TAKEN', 'APPOINTMENT_SLOT_UNAVAILABLE'] as const;
export type SlotNotice = (typeof slotNotices)[number];
export const isSlotNotice = (code: unknown): code is SlotNotice => slotNotices.includes(code as SlotNotice);

const STORAGE_KEY = 'rozmova-booking';
const listeners = new Set<() => void>();
let cached: { raw: string | null; draft: BookingDraft | null } = { raw: null, draft: null };

function readRaw(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null): BookingDraft | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    if (typeof value !== 'object' || value === null || typeof (value as BookingDraft).userId !== 'string') return null;
    const { userId, doctorId, slot, reason, phone, notice } = value as Record<string, unknown>;
    const text = (item: unknown) => (typeof item === 'string' && item ? item : undefined);
    return {
      userId: userId as string,
      doctorId: text(doctorId),
      slot: text(slot),
      reason: typeof reason === 'string' ? reason : undefined,
      phone: typeof phone === 'string' ? phone : undefined,
      notice: isSlotNotice(notice) ? notice : undefined,
    };
  } catch {
    return null;
  }
}

function snapshot(): BookingDraft | null {
  const raw = readRaw();
  if (raw !== cached.raw) cached = { raw, draft: parse(raw) };
  return cached.draft;
}

function write(draft: BookingDraft | null): void {
  try {
    if (draft) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(draft));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Private mode without storage: the choices last until the page is left.
  }
  cached = { raw: draft ? JSON.stringify(draft) : null, draft };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The draft of `userId` (another user's draft reads as empty). */
export function readDraft(userId: string): BookingDraft {
  const draft = snapshot();
  return draft && draft.userId === userId ? draft : { userId };
}

/** Merges `patch` into the draft of `userId`; `undefined` values remove a choice. */
export function updateDraft(userId: string, patch: Partial<Omit<BookingDraft, 'userId'>>): void {
  const next: BookingDraft = { ...readDraft(userId), ...patch, userId };
  for (const key of Object.keys(next) as (keyof BookingDraft)[]) if (next[key] === undefined) delete next[key];
  write(next);
}

export function clearDraft(): void {
  write(null);
}

export function useDraft(userId: string): BookingDraft {
  const draft = useSyncExternalStore(subscribe, snapshot, snapshot);
  return draft && draft.userId === userId ? draft : { userId };
}
