import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp, type TestContext } from '../../test/harness.ts';
import { quickAccount, quickPatient, type Person } from '../../test/factories.ts';

/** The staff's patient lookup on a database of its own, so each search's whole answer is known. */
let t: TestContext;
let operator: Person;
let olena: Person;
let petro: Person;
let maryana: Person;

beforeAll(async () => {
  t = await createTestApp();
  operator = await quickAccount(t, 'operator');
  olena = await quickPatient(t, 'Олена Петренко');
  petro = await quickPatient(t, 'Петро Іваненко');
  maryana = await quickPatient(t, 'Мар’яна Коваль');
  await quickPatient(t, 'Ірина Олешко');
});
afterAll(async () => {
  await t?.close();
});

async function found(criteria: string): Promise<string[]> {
  const response = await call(t.app, 'GET', `/v1/patients/lookup?findCriteria=${encodeURIComponent(criteria)}`, { token: operator.token });
  expect(response.status, response.text).toBe(200);
  return (response.body.patients as { id: string }[]).map((patient) => patient.id);
}

describe('the patient lookup matches every word of the query, in any order', () => {
  test('surname first, lower case, a part of a word; words that match no one find nothing', async () => {
    expect(await found('Петренко Олена')).toEqual([olena.patientId]);
    expect(await found('олена петренко')).toEqual([olena.patientId]);
    expect(await found('  ПЕТРЕНКО   олена ')).toEqual([olena.patientId]);
    expect((await found('Петр')).sort()).toEqual([olena.patientId, petro.patientId].sort());
    expect(await found('Петренко Ірина')).toEqual([]);
    expect(await found('Шевченко')).toEqual([]);
  });

  test("a word may match the e-mail; the apostrophes ʼ ’ ' are one letter", async () => {
    const local = olena.email.split('@')[0]!;
    expect(await found(`петренко ${local}`)).toEqual([olena.patientId]);
    for (const spelling of ["мар'яна", 'марʼяна', 'Мар’яна коваль']) expect(await found(spelling), spelling).toEqual([maryana.patientId]);
  });

  test('a phone number typed with spaces still matches as a whole', async () => {
    await t.services.accounts.updateProfile(petro.userId, { phone: '+380671234567' });
    expect(await found('067 123 45 67')).toEqual([petro.patientId]);
    expect(await found('Петро 0671234567')).toEqual([petro.patientId]);
  });
});
