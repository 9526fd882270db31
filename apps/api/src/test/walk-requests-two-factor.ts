import { twoFactorPaths } from '@rozmova/contracts';
import { challengeFor, enrolTwoFactor } from './factories.ts';
import { call, loginAs, type SignedIn, type TestContext } from './harness.ts';
import { totpCode, totpCodeOfStep, totpStep } from './totp.ts';
import { fillId } from './walk-templates.ts';

/** The authorization walk's valid requests for staff two-factor sign-in (see walk-requests.ts). */
export function twoFactorWalkRequests(t: TestContext, operatorOfWalk: () => Promise<string>) {
  /** An operator with an authenticator (its first code used this step's). */
  async function enrolledStaff() {
    const operator = await loginAs(t.app, 'operator');
    return { userId: operator.userId, ...(await enrolTwoFactor(t, operator)) };
  }
  /** The code of the next step: one step of drift ahead, so not the one the enrolment used. */
  const nextCode = (secret: string) => totpCodeOfStep(secret, totpStep(t.clock.now()) + 1);

  const requests: Record<string, (cell: { actor?: SignedIn }) => Promise<{ url?: string; body?: object }>> = {
    'POST /v1/auth/two-factor/verify': async () => {
      const { userId, secret } = await enrolledStaff();
      return { body: { challenge: await challengeFor(t, userId, 'code'), code: nextCode(secret) } };
    },
    'POST /v1/auth/two-factor/enrolment': async () => ({ body: { challenge: await challengeFor(t, await operatorOfWalk(), 'enrol') } }),
    'POST /v1/auth/two-factor/enrolment/confirm': async () => {
      const challenge = await challengeFor(t, await operatorOfWalk(), 'enrol');
      const setup = await call(t.app, 'POST', twoFactorPaths.enrolment, { body: { challenge } });
      return { body: { challenge, code: totpCode(setup.body.secret, t.clock.now()) } };
    },
    'GET /v1/auth/two-factor': async () => ({}),
    'POST /v1/auth/two-factor/setup': async () => ({ body: { code: null } }),
    // The caller's own new authenticator when it may have one; anyone else sends a code of the right form.
    'POST /v1/auth/two-factor/enable': async ({ actor }) => {
      const setup = actor && (await call(t.app, 'POST', twoFactorPaths.setup, { token: actor.token, body: { code: null } }));
      return { body: { code: setup?.status === 200 ? totpCode(setup.body.secret, t.clock.now()) : '123456' } };
    },
    'POST /v1/auth/two-factor/disable': async ({ actor }) => {
      const setup = actor && (await call(t.app, 'POST', twoFactorPaths.setup, { token: actor.token, body: { code: null } }));
      if (setup?.status !== 200) return { body: { code: '123456' } };
      await call(t.app, 'POST', twoFactorPaths.enable, { token: actor!.token, body: { code: totpCode(setup.body.secret, t.clock.now()) } });
      return { body: { code: nextCode(setup.body.secret) } };
    },
    'DELETE /v1/admin/users/:id/two-factor': async () => ({
      url: fillId('/v1/admin/users/:id/two-factor', (await enrolledStaff()).userId),
    }),
  };
  return requests;
}
