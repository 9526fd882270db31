import { existsSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { errorBodySchema, type Role } from '@rozmova/contracts';
import type { RouteInfo } from '../app.ts';
import { completedConsultation, submittedApplicant } from './factories.ts';
import { call, createTestApp, signedInAs } from './harness.ts';
import { expected, identities, type Identity } from './walk-expected.ts';
import { walkFixtures } from './walk-fixtures.ts';
import { walkRequests } from './walk-requests.ts';

/**
 * The identities each file of the authorization walk takes (`http/authorization-walk.<group>.test.ts`): every identity
 * in exactly one, so the matrix is walked once, shared out among vitest's workers.
 */
const walkGroups = {
  visitors: ['anonymous', 'landing'],
  'pre-claim': ['preClaim'],
  patients: ['patient', 'otherPatient', 'applicant'],
  doctors: ['doctor', 'otherDoctor'],
  staff: ['operator', 'admin'],
} as const satisfies Record<string, readonly Identity[]>;

const roleOf: Record<Exclude<Identity, 'anonymous' | 'patient' | 'landing' | 'preClaim'>, Role> = {
  otherPatient: 'patient',
  operator: 'operator',
  doctor: 'doctor',
  otherDoctor: 'doctor',
  admin: 'admin',
  applicant: 'none',
};

const keyOf = (route: RouteInfo) => `${route.method} ${route.url}`;

/**
 * Walks app.routeTable with the group's identities, so a new route is covered (and must be listed in walk-expected.ts
 * and walk-requests.ts) without anyone remembering to.
 */
export async function walkAuthorization(group: keyof typeof walkGroups): Promise<void> {
  const t = await createTestApp();
  afterAll(async () => {
    await t.close();
  });
  const routes = t.app.routeTable;
  const { requests } = walkRequests(t);
  const { makeBookable, walkSlot, landingSession, sessionFromBeforeClaim } = walkFixtures(t);

  describe('authorization matrix', () => {
    test('every route has a row, and every row a route', () => {
      const keys = routes.map(keyOf).sort();
      expect(Object.keys(expected).sort()).toEqual(keys);
      expect(Object.keys(requests).sort()).toEqual(keys);
    });

    test('the files of the walk take every identity exactly once', () => {
      expect(Object.values(walkGroups).flat().sort()).toEqual([...identities].sort());
      for (const name of Object.keys(walkGroups)) {
        expect(existsSync(new URL(`../http/authorization-walk.${name}.test.ts`, import.meta.url)), name).toBe(true);
      }
    });

    const cells = routes.flatMap((route) => walkGroups[group].map((identity) => [keyOf(route), identity, route] as const));
    test.each(cells)('%s as %s', async (key, identity, route) => {
      const row = expected[key];
      const prepare = requests[key];
      if (!row || !prepare) throw new Error(`${key} has no row in the authorization table`);
      const owner = await signedInAs(t, 'patient', { userName: 'Owner' });
      const actor =
        identity === 'anonymous'
          ? undefined
          : identity === 'patient'
            ? owner
            : identity === 'applicant'
              ? await submittedApplicant(t)
              : identity === 'landing'
                ? await landingSession()
                : identity === 'preClaim'
                  ? await sessionFromBeforeClaim()
                  : await signedInAs(t, roleOf[identity]);
      if (identity === 'doctor') await completedConsultation(t, owner.userId, await makeBookable(actor!.userId, 0), walkSlot());
      const request = await prepare({ owner, actor });
      const response = await call(t.app, route.method, request.url ?? route.url, {
        token: actor?.token,
        body: request.body,
        headers: request.headers,
      });

      expect(response.status, response.text).toBe(row[identity]);
      if (response.status >= 400) expect(errorBodySchema.safeParse(response.body).success).toBe(true);

      // Whatever another caller did, the owner's account is untouched (except an admin deactivating it).
      const actedOnOwner = identity === 'patient' || (identity === 'admin' && key === 'PATCH /v1/admin/users/:id');
      if (!actedOnOwner) {
        const profile = await call(t.app, 'GET', '/v1/auth/profile', { token: owner.token });
        expect(profile.status).toBe(200);
        expect(profile.body).toMatchObject({ user_name: 'Owner', locale: 'uk', email: owner.email });
      }
    });
  });
}
