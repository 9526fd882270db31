import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Role } from '@rozmova/contracts';
import type { RouteInfo } from '../../app.ts';
import { auditLog } from '../../db/schema.ts';
import { call, createTestApp, type TestContext } from '../../test/harness.ts';
import { BASE, quickAccount, type Person } from '../../test/factories.ts';
import { fillId, templates } from '../../test/walk-templates.ts';

/**
 * A staff read is audited only once what it names was found: an unknown (well-formed) id answers 404 and writes no
 * entry. The routes come from app.routeTable, so a new route that takes an id is covered without anyone listing it.
 */
let t: TestContext;
const staffRoles = ['operator', 'admin', 'doctor'] as const;
const staff = {} as Record<(typeof staffRoles)[number], Person>;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(BASE);
  for (const role of staffRoles) staff[role] = await quickAccount(t, role);
});
afterAll(() => t?.close());

const auditEntries = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0]!.n;

/** Routes a member of staff may call with an id in the path. */
const staffRoutesWithId = () =>
  t.app.routeTable.filter(
    (route: RouteInfo) =>
      route.url.includes(':id') &&
      (route.access === 'user' || (Array.isArray(route.access) && (route.access as readonly Role[]).some((role) => role !== 'patient'))),
  );

/** Lists named by their owner's id, where an unknown owner simply has nothing (none of them audits its id). */
const emptyForUnknownOwner = new Set(['GET /v1/doctors/:id/patients', 'GET /v1/feedback/user/:id', 'GET /v1/notifications/user/:id']);

describe('unknown ids on staff routes', () => {
  test('every staff route with an id: 404 (403 where the role may not call it), never 500, and no audit entry', async () => {
    const routes = staffRoutesWithId();
    expect(routes.length).toBeGreaterThan(40);
    const before = await auditEntries();
    const wrong: string[] = [];
    const statuses: Record<number, number> = {};
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      if (route.hasBody) expect(templates[key], `a well-formed body for ${key} in walk-templates`).toBeDefined();
      for (const role of staffRoles) {
        const answer = await call(t.app, route.method, fillId(route.url, randomUUID()), {
          token: staff[role].token,
          body: route.hasBody ? templates[key] : undefined,
        });
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        const allowed = emptyForUnknownOwner.has(key) ? [200, 403] : [403, 404];
        if (!allowed.includes(answer.status)) wrong.push(`${role} ${key} → ${answer.status} ${answer.body?.code ?? ''}`);
      }
    }
    console.info(`unknown ids: ${routes.length} staff routes × ${staffRoles.length} roles, answers ${JSON.stringify(statuses)}`);
    expect(wrong).toEqual([]);
    expect(await auditEntries()).toBe(before);
  });

  test("an unknown patient's documents: 404 for an operator, an admin and a doctor, and nothing audited", async () => {
    const before = await auditEntries();
    for (const role of staffRoles) {
      const answer = await call(t.app, 'GET', `/v1/patients/${randomUUID()}/user-references`, { token: staff[role].token });
      expect([role, answer.status, answer.body.code]).toEqual([role, 404, 'NOT_FOUND']);
    }
    expect(await auditEntries()).toBe(before);
  });

  test('unknown ids in the query of audited lists: 404, never 500, and no audit entry', async () => {
    const before = await auditEntries();
    const unknown = randomUUID();
    const urls = [
      `/v1/messages?patientId=${unknown}`,
      `/v1/messages?appointmentId=${unknown}`,
      `/v1/messages?patientId=${unknown}&lastMessageId=${randomUUID()}`,
    ];
    for (const url of urls) {
      for (const role of staffRoles)
        expect([role, url, (await call(t.app, 'GET', url, { token: staff[role].token })).status]).toEqual([role, url, 404]);
    }
    expect(await auditEntries()).toBe(before);
  });
});
