import { authApi, type User } from '@rozmova/contracts';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiDouble } from '../test/api-double.ts';
import { aUser } from '../test/people.ts';
import '../test/render.tsx';
import { authStore, isUnclaimed } from './auth-store.ts';
import { readAuthToken, writeAuthToken } from './auth-token.ts';

beforeEach(async () => {
  authStore.forgetSession();
  await i18next.changeLanguage('en');
});
afterEach(() => {
  authStore.forgetSession();
  localStorage.clear();
});

const patient = aUser('patient');

function server(profile: User = patient) {
  const api = createApiDouble();
  api.on(authApi.profile, { body: profile });
  api.on(authApi.logout, { status: 204 });
  return api;
}

describe('signing in with a token', () => {
  it('keeps the token and loads the profile with it', async () => {
    const api = server();
    const heard = vi.fn();
    const stop = authStore.subscribe(heard);
    await expect(authStore.signInWithToken('new-session')).resolves.toEqual(patient);
    stop();
    expect(readAuthToken()).toBe('new-session');
    expect(api.callsTo(authApi.profile)[0]!.headers.authorization).toBe('Bearer new-session');
    expect(authStore.getState().user).toEqual(patient);
    expect(heard).toHaveBeenCalled();
  });

  it('drops the token again when the profile cannot be loaded', async () => {
    const api = createApiDouble();
    api.on(authApi.profile, { status: 500, error: { code: 'INTERNAL_ERROR', message: 'Boom' } });
    await expect(authStore.signInWithToken('new-session')).rejects.toMatchObject({ status: 500 });
    expect(readAuthToken()).toBeUndefined();
    expect(authStore.getState().user).toBeNull();
  });

  it('takes the language saved in the profile', async () => {
    server(aUser('patient', { locale: 'uk' }));
    await authStore.signInWithToken('new-session');
    expect(i18next.resolvedLanguage).toBe('uk');
  });
});

describe('restoring the session of a stored token', () => {
  it('asks nothing without a token', async () => {
    const api = server();
    await expect(authStore.restoreSession()).resolves.toBeNull();
    expect(api.callsTo(authApi.profile)).toEqual([]);
  });

  it('loads the profile once, however many ask at the same time', async () => {
    const api = server();
    writeAuthToken('stored-session');
    const [first, second] = await Promise.all([authStore.restoreSession(), authStore.restoreSession()]);
    expect(first).toEqual(patient);
    expect(second).toEqual(patient);
    expect(api.callsTo(authApi.profile)).toHaveLength(1);
    // Once loaded, the user is known without asking.
    await authStore.restoreSession();
    expect(api.callsTo(authApi.profile)).toHaveLength(1);
  });

  it('forgets a token the server no longer accepts', async () => {
    const api = createApiDouble();
    api.on(authApi.profile, { status: 401, error: { code: 'UNAUTHORIZED', message: 'Expired' } });
    writeAuthToken('stored-session');
    await expect(authStore.restoreSession()).resolves.toBeNull();
    expect(readAuthToken()).toBeUndefined();
  });

  it('keeps the token through a server failure, to try again later', async () => {
    const api = createApiDouble();
    api.on(authApi.profile, { status: 503, error: { code: 'SERVICE_UNAVAILABLE', message: 'Down' } });
    writeAuthToken('stored-session');
    await expect(authStore.restoreSession()).resolves.toBeNull();
    expect(readAuthToken()).toBe('stored-session');
    api.on(authApi.profile, { body: patient });
    await expect(authStore.restoreSession()).resolves.toEqual(patient);
  });
});

describe('logging out', () => {
  it('runs the last tasks with the session, then ends it on the server and forgets it', async () => {
    const api = server();
    await authStore.signInWithToken('session-1');
    const seen: (string | undefined)[] = [];
    const stop = authStore.beforeLogout(async () => {
      seen.push(readAuthToken());
    });
    await authStore.logout();
    stop();
    expect(seen).toEqual(['session-1']);
    expect(api.callsTo(authApi.logout).map((call) => call.headers.authorization)).toEqual(['Bearer session-1']);
    expect(readAuthToken()).toBeUndefined();
    expect(authStore.getState().user).toBeNull();
  });

  it('ends the session even when a last task fails, and a removed task no longer runs', async () => {
    const api = server();
    await authStore.signInWithToken('session-1');
    const removed = vi.fn(async () => {});
    const stopFailing = authStore.beforeLogout(() => Promise.reject(new Error('push service down')));
    authStore.beforeLogout(removed)();
    await authStore.logout();
    stopFailing();
    expect(removed).not.toHaveBeenCalled();
    expect(api.callsTo(authApi.logout)).toHaveLength(1);
    expect(authStore.getState().user).toBeNull();
  });

  it('forgets the session on this device when the server cannot be told', async () => {
    const api = server();
    await authStore.signInWithToken('session-1');
    api.on(authApi.logout, { status: 503, error: { code: 'SERVICE_UNAVAILABLE', message: 'Down' } });
    await expect(authStore.logout()).resolves.toBeUndefined();
    expect(readAuthToken()).toBeUndefined();
    expect(authStore.getState().user).toBeNull();
  });
});

describe('the profile', () => {
  it('is saved, then read again', async () => {
    let profile = patient;
    const api = createApiDouble();
    api.on(authApi.profile, () => ({ body: profile }));
    api.on(authApi.updateProfile, ({ body }) => {
      profile = { ...profile, ...(body as Partial<User>) };
      return { body: profile };
    });
    await authStore.signInWithToken('session-1');
    const updated = await authStore.updateProfile({ user_name: 'Олена Шевчук' });
    expect(api.callsTo(authApi.updateProfile).map((call) => call.body)).toEqual([{ user_name: 'Олена Шевчук' }]);
    expect(updated.user_name).toBe('Олена Шевчук');
    expect(authStore.getState().user?.user_name).toBe('Олена Шевчук');
  });

  it('marks a code call as pending while it runs, also when it fails', async () => {
    const during: boolean[] = [];
    await authStore.withCodePending(async () => during.push(authStore.getState().codePending));
    await expect(
      authStore.withCodePending(async () => {
        during.push(authStore.getState().codePending);
        throw new Error('wrong code');
      }),
    ).rejects.toThrow('wrong code');
    expect(during).toEqual([true, true]);
    expect(authStore.getState().codePending).toBe(false);
  });

  it('tells an account a landing booking made (its e-mail not proved) from a full one', () => {
    expect(isUnclaimed(aUser('patient', { email_verified: false }))).toBe(true);
    expect(isUnclaimed(patient)).toBe(false);
  });
});
