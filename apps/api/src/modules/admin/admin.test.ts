import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Socket } from 'socket.io-client';
import { SESSION_REVOKED_EVENT, type Role } from '@rozmova/contracts';
import {
  call,
  createTestApp,
  login,
  loginAs,
  PASSWORD,
  registerPatient,
  uniqueEmail,
  type SignedIn,
  type TestContext,
} from '../../test/harness.ts';
import { connectSocket, listen, nextEvent } from '../../test/socket.ts';

const USERS = '/v1/admin/users';

let t: TestContext;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
});
afterAll(async () => {
  await t?.close();
});

const asAdmin = (method: string, url: string, body?: object) => call(t.app, method, url, { token: admin.token, body });
const newUser = (overrides: object = {}) => ({
  email: uniqueEmail('staff'),
  password: 'Staff-Secret-2025',
  user_name: 'Марія Іваненко',
  user_role: 'operator',
  ...overrides,
});

describe('POST /v1/admin/users', () => {
  test.each<Role>(['operator', 'doctor', 'admin', 'patient'])('creates a %s who can then log in with that role', async (role) => {
    const body = newUser({ user_role: role, email: uniqueEmail(role).toUpperCase() });
    const response = await asAdmin('POST', USERS, body);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: body.email.toLowerCase(),
      user_name: 'Марія Іваненко',
      user_role: role,
      is_active: true,
      email_verified: true,
      created_at: expect.any(String),
    });
    const token = await login(t.app, body.email, body.password);
    const profile = await call(t.app, 'GET', '/v1/auth/profile', { token });
    expect(profile.body).toMatchObject({ id: response.body.id, user_role: role });
    if (role === 'patient') expect(profile.body.role_specific_data.patient.patient_cardId).toEqual(expect.any(String));
    else expect(profile.body.role_specific_data).toEqual({});
  });

  test('409 for an e-mail that exists, whatever its case', async () => {
    const body = newUser();
    expect((await asAdmin('POST', USERS, body)).status).toBe(201);
    const again = await asAdmin('POST', USERS, { ...body, email: body.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('EMAIL_TAKEN');
  });

  test('400 for a common password, an unknown role or a missing name', async () => {
    const common = await asAdmin('POST', USERS, newUser({ password: 'password123' }));
    expect(common.status).toBe(400);
    expect(common.body.errors[0]).toMatchObject({ path: 'password', code: 'PASSWORD_TOO_COMMON' });
    const role = await asAdmin('POST', USERS, newUser({ user_role: 'superuser' }));
    expect(role.status).toBe(400);
    expect(role.body.errors[0]).toMatchObject({ path: 'body.user_role', code: 'INVALID_VALUE' });
    const missing = await asAdmin('POST', USERS, newUser({ user_name: undefined }));
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({ path: 'body.user_name', code: 'INVALID_TYPE' });
    expect((await asAdmin('POST', USERS, newUser({ password: 'short' }))).status).toBe(400);
  });
});

describe('GET /v1/admin/users', () => {
  const tag = `zq${randomUUID().slice(0, 6)}`;
  let created: { id: string; email: string; user_role: string }[] = [];

  beforeAll(async () => {
    created = [];
    for (const [i, role] of (['doctor', 'doctor', 'doctor', 'operator', 'operator'] as const).entries()) {
      const response = await asAdmin(
        'POST',
        USERS,
        newUser({ user_role: role, user_name: `Lікар ${tag.toUpperCase()} ${i}`, email: uniqueEmail(`${role}${i}`) }),
      );
      created.push(response.body);
    }
  });

  test('search matches the name case-insensitively; role filters', async () => {
    const all = await asAdmin('GET', `${USERS}?search=${tag}`);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(5);
    expect(all.body.users.map((u: { id: string }) => u.id).sort()).toEqual(created.map((u) => u.id).sort());

    const doctors = await asAdmin('GET', `${USERS}?search=${tag}&role=doctor`);
    expect(doctors.body.total).toBe(3);
    expect(doctors.body.users.every((u: { user_role: string }) => u.user_role === 'doctor')).toBe(true);

    const allDoctors = await asAdmin('GET', `${USERS}?role=doctor`);
    expect(allDoctors.body.users.every((u: { user_role: string }) => u.user_role === 'doctor')).toBe(true);
    expect(allDoctors.body.total).toBeGreaterThanOrEqual(3);
  });

  test('search matches the e-mail', async () => {
    const target = created[3]!;
    const response = await asAdmin('GET', `${USERS}?search=${encodeURIComponent(target.email.split('@')[0]!.toUpperCase())}`);
    expect(response.body.users.map((u: { id: string }) => u.id)).toEqual([target.id]);
  });

  test('a NUL character in the search is 400, not a server error', async () => {
    const response = await asAdmin('GET', `${USERS}?search=a%00b`);
    expect(response.status).toBe(400);
    expect(response.body.errors[0].path).toBe('querystring.search');
  });

  test('% and _ in a search are literal characters', async () => {
    const response = await asAdmin('GET', `${USERS}?search=${encodeURIComponent('%')}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ users: [], total: 0 });
    expect((await asAdmin('GET', `${USERS}?search=${encodeURIComponent(`${tag}_`)}`)).body.total).toBe(0);
  });

  test('pages with limit and offset, newest first, with the total', async () => {
    const first = await asAdmin('GET', `${USERS}?search=${tag}&limit=2`);
    const second = await asAdmin('GET', `${USERS}?search=${tag}&limit=2&offset=2`);
    const third = await asAdmin('GET', `${USERS}?search=${tag}&limit=2&offset=4`);
    for (const page of [first, second, third]) expect(page.body.total).toBe(5);
    expect([first, second, third].map((page) => page.body.users.length)).toEqual([2, 2, 1]);
    const ids = [first, second, third].flatMap((page) => page.body.users.map((u: { id: string }) => u.id));
    expect(new Set(ids).size).toBe(5);
    const times = [first, second, third].flatMap((page) => page.body.users.map((u: { created_at: string }) => u.created_at));
    expect([...times].sort().reverse()).toEqual(times);
  });

  test('400 for a bad role, limit or offset', async () => {
    for (const query of ['role=root', 'limit=0', 'limit=101', 'limit=abc', 'offset=-1']) {
      const response = await asAdmin('GET', `${USERS}?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
    }
  });

  test('a deleted account is not listed', async () => {
    const patient = await registerPatient(t.app, t.mail, { user_name: `Gone ${tag}x` });
    expect((await asAdmin('GET', `${USERS}?search=${tag}x`)).body.total).toBe(1);
    expect((await call(t.app, 'POST', '/v1/auth/verify-password', { token: patient.token, body: { password: PASSWORD } })).status).toBe(
      204,
    );
    expect((await call(t.app, 'DELETE', '/v1/auth/profile', { token: patient.token })).status).toBe(204);
    expect((await asAdmin('GET', `${USERS}?search=${tag}x`)).body.total).toBe(0);
  });
});

describe('PATCH /v1/admin/users/:id', () => {
  let socket: Socket | undefined;
  afterAll(() => socket?.close());

  test('deactivating ends the live session and the socket at once; reactivating lets the user log in again', async () => {
    const url = await listen(t);
    const doctor = await loginAs(t.app, 'doctor');
    socket = await connectSocket(url, doctor.token);
    const revoked = nextEvent(socket, SESSION_REVOKED_EVENT);
    const closed = nextEvent<string>(socket, 'disconnect');

    const off = await asAdmin('PATCH', `${USERS}/${doctor.userId}`, { is_active: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: doctor.userId, is_active: false });
    expect((await call(t.app, 'GET', '/v1/auth/profile', { token: doctor.token })).status).toBe(401);
    await revoked;
    expect(await closed).toBe('io server disconnect');
    await expect(connectSocket(url, doctor.token)).rejects.toThrow('Unauthorized');
    expect((await call(t.app, 'POST', '/v1/auth/login', { body: { email: doctor.email, password: PASSWORD } })).status).toBe(403);

    const on = await asAdmin('PATCH', `${USERS}/${doctor.userId}`, { is_active: true });
    expect(on.status).toBe(200);
    expect(on.body.is_active).toBe(true);
    expect((await call(t.app, 'GET', '/v1/auth/profile', { token: doctor.token })).status).toBe(401);
    expect(await login(t.app, doctor.email, PASSWORD)).toEqual(expect.any(String));
  });

  test('the list shows the state', async () => {
    const operator = await loginAs(t.app, 'operator');
    await asAdmin('PATCH', `${USERS}/${operator.userId}`, { is_active: false });
    const listed = await asAdmin('GET', `${USERS}?search=${encodeURIComponent(operator.email)}`);
    expect(listed.body.users).toEqual([expect.objectContaining({ id: operator.userId, is_active: false })]);
  });

  test('an admin cannot deactivate itself', async () => {
    const response = await asAdmin('PATCH', `${USERS}/${admin.userId}`, { is_active: false });
    expect(response.status).toBe(403);
    // Its own code, so the web says why instead of "you are not allowed".
    expect(response.body).toEqual({ code: 'SELF_DEACTIVATION_REFUSED', message: 'You cannot deactivate your own account' });
    expect((await call(t.app, 'GET', '/v1/auth/profile', { token: admin.token })).status).toBe(200);
  });

  test('404 for an unknown id, 400 for a malformed id or body', async () => {
    const unknown = await asAdmin('PATCH', `${USERS}/${randomUUID()}`, { is_active: false });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
    for (const id of ['not-a-uuid', 'x'.repeat(150), '%E0%A4%A']) {
      const response = await asAdmin('PATCH', `${USERS}/${id}`, { is_active: false });
      expect(response.status, id).toBe(400);
      expect(response.body).toEqual({
        code: 'VALIDATION_FAILED',
        message: expect.any(String),
        ...(response.body.errors ? { errors: expect.any(Array) } : {}),
      });
    }
    const patient = await loginAs(t.app, 'patient');
    expect((await asAdmin('PATCH', `${USERS}/${patient.userId}`, { is_active: 'no' })).status).toBe(400);
    expect((await asAdmin('PATCH', `${USERS}/${patient.userId}`, {})).status).toBe(400);
  });
});

describe('only admins', () => {
  test.each<Role>(['patient', 'operator', 'doctor', 'none'])('a %s gets 403 on every admin call and changes nothing', async (role) => {
    const caller = await loginAs(t.app, role);
    const target = await loginAs(t.app, 'patient');
    const email = uniqueEmail('forbidden');
    const attempts = [
      await call(t.app, 'POST', USERS, { token: caller.token, body: newUser({ email, user_role: 'admin' }) }),
      await call(t.app, 'GET', USERS, { token: caller.token }),
      await call(t.app, 'PATCH', `${USERS}/${target.userId}`, { token: caller.token, body: { is_active: false } }),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('FORBIDDEN');
    }
    expect(await t.services.accounts.findByEmail(email)).toBeUndefined();
    expect((await call(t.app, 'GET', '/v1/auth/profile', { token: target.token })).status).toBe(200);
  });

  test('anonymous gets 401', async () => {
    expect((await call(t.app, 'GET', USERS)).status).toBe(401);
    expect((await call(t.app, 'POST', USERS, { body: newUser() })).status).toBe(401);
    expect((await call(t.app, 'PATCH', `${USERS}/${randomUUID()}`, { body: { is_active: false } })).status).toBe(401);
  });
});
