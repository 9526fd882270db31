import { useSyncExternalStore } from 'react';
import type { UpdateProfileBody, User } from '@rozmova/contracts';
import { ApiError } from './api-client.ts';
import { clearAuthToken, readAuthToken, writeAuthToken } from './auth-token.ts';
import { followSavedLocale } from './i18n.ts';

export interface AuthState {
  user: User | null;
  /** True while a verification-code call (send, check, register, recover) is in flight. */
  codePending: boolean;
}

let state: AuthState = { user: null, codePending: false };
const listeners = new Set<() => void>();
let restoring: Promise<User | null> | undefined;
const beforeLogout = new Set<() => Promise<void>>();

function setState(patch: Partial<AuthState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

const sessionCalls = () => import('./session-calls.ts');

async function loadProfile(): Promise<User> {
  const user = await (await sessionCalls()).readProfile();
  await followSavedLocale(user.locale);
  setState({ user });
  return user;
}

function forgetSession(): void {
  clearAuthToken();
  setState({ user: null });
}

export const authStore = {
  getState: (): AuthState => state,

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  loadProfile,

  /** Loads the user of the stored token once; a token the server no longer accepts is dropped. */
  restoreSession(): Promise<User | null> {
    if (state.user) return Promise.resolve(state.user);
    if (!readAuthToken()) return Promise.resolve(null);
    restoring ??= loadProfile()
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) forgetSession();
        return null;
      })
      .finally(() => {
        restoring = undefined;
      });
    return restoring;
  },

  /** Stores the token, then loads the profile; when that fails the token is cleared again. */
  async signInWithToken(token: string): Promise<User> {
    writeAuthToken(token);
    try {
      return await loadProfile();
    } catch (error) {
      forgetSession();
      throw error;
    }
  },

  /** Work that needs the session once more before logout ends it (this device's push subscription); returns its removal. */
  beforeLogout(task: () => Promise<void>): () => void {
    beforeLogout.add(task);
    return () => void beforeLogout.delete(task);
  },

  async logout(): Promise<void> {
    try {
      await Promise.all([...beforeLogout].map((task) => task().catch(() => undefined)));
      await (await sessionCalls()).endSession();
    } catch {
      // The session is forgotten here even when the server could not be told.
    } finally {
      forgetSession();
    }
  },

  /** Forgets the session without telling the server, e.g. after the account was removed. */
  forgetSession,

  async updateProfile(body: UpdateProfileBody): Promise<User> {
    await (await sessionCalls()).saveProfile(body);
    return loadProfile();
  },

  async withCodePending<T>(action: () => Promise<T>): Promise<T> {
    setState({ codePending: true });
    try {
      return await action();
    } finally {
      setState({ codePending: false });
    }
  },
};

/**
 * An account a landing-page booking made, its e-mail not proved yet: the server lets its session see only that booking
 * and its payment. Setting a password with a code sent to the e-mail (recovery) makes it a full account.
 */
export const isUnclaimed = (user: User): boolean => !user.email_verified;

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState);
}
