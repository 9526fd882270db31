import { authPaths, twoFactorPaths } from '@rozmova/contracts';
import { afterAll, describe, expect, test } from 'vitest';
import type { RouteInfo } from '../app.ts';
import { challengeFor, enrolTwoFactor } from '../test/factories.ts';
import { call, createTestApp, loginAs, PASSWORD } from '../test/harness.ts';
import { connectSocket, listen } from '../test/socket.ts';
import { totpCodeOfStep, totpStep } from '../test/totp.ts';
import { expected } from '../test/walk-expected.ts';
import { walkRequests } from '../test/walk-requests.ts';

/**
 * The half-signed-in state (docs/two-factor.md): the password step's challenge is no session. Sent as a bearer token
 * to every route of app.routeTable it gets what a visitor gets (the authorization table's anonymous column); only the
 * second step's routes take it, in their body.
 */
const t = await createTestApp();
afterAll(async () => {
  await t.close();
});
const routes = t.app.routeTable;
const keyOf = (route: RouteInfo) => `${route.method} ${route.url}`;
const { requests } = walkRequests(t);

const staff = await loginAs(t.app, 'operator');
const { secret } = await enrolTwoFactor(t, staff);
const passwordStep = await call(t.app, 'POST', authPaths.login, { body: { email: staff.email, password: PASSWORD, role: 'patient' } });
const challenge: string = passwordStep.body.challenge;
const enrolChallenge = await challengeFor(t, (await loginAs(t.app, 'doctor')).userId, 'enrol');

describe('a half-signed-in challenge is no session anywhere', () => {
  test('the password step answered with a challenge, not a token', () => {
    expect(passwordStep.body).toMatchObject({ second_step: 'code' });
    expect(passwordStep.body.token).toBeUndefined();
  });

  test.each(routes.map((route) => [keyOf(route), route] as const))('%s: as a visitor', async (key, route) => {
    const owner = await loginAs(t.app, 'patient', { userName: 'Owner' });
    const request = await requests[key]!({ owner });
    const response = await call(t.app, route.method, request.url ?? route.url, {
      token: challenge,
      body: request.body,
      headers: request.headers,
    });
    expect(response.status, response.text).toBe(expected[key]!.anonymous);
  });

  test('an enrolment challenge is refused on every route that needs a session', async () => {
    const needsSession = routes.filter((route) => route.access !== 'public' && route.access !== 'optional');
    expect(needsSession.length).toBeGreaterThan(50);
    for (const route of needsSession) {
      const response = await call(t.app, route.method, route.url.replace(':id', crypto.randomUUID()), { token: enrolChallenge });
      expect(response.status, keyOf(route)).toBe(401);
    }
  });

  test('nor does it open a realtime connection', async () => {
    const url = await listen(t);
    await expect(connectSocket(url, challenge)).rejects.toThrow();
    await expect(connectSocket(url, enrolChallenge)).rejects.toThrow();
  });

  test('after all that, the challenge still does its one job: the second step', async () => {
    const code = totpCodeOfStep(secret, totpStep(t.clock.now()) + 1);
    const verified = await call(t.app, 'POST', twoFactorPaths.verify, { body: { challenge, code } });
    expect(verified.status).toBe(200);
    expect((await call(t.app, 'GET', authPaths.profile, { token: verified.body.token })).body.email).toBe(staff.email);
  });
});
