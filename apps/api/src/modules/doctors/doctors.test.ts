import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { doctorListSchema, doctorSchema, type UpdateDoctorBody } from '@rozmova/contracts';
import { appointments, feedback, users } from '../../db/schema.ts';
import { call, createTestApp, loginAs, registerPatient, sessionFor, type SignedIn, type TestContext } from '../../test/harness.ts';

const DOCTORS = '/v1/doctors';
const one = (id: string) => `${DOCTORS}/${id}`;
const slotsOf = (id: string, query = '') => `${DOCTORS}/${id}/available-slots${query ? `?${query}` : ''}`;

const weekdays = (start: string, end: string, days = [1, 2, 3, 4, 5]) => days.map((weekday) => ({ weekday, start, end }));

let t: TestContext;
let admin: SignedIn;
let operator: SignedIn;
/** Psychotherapist, uk + en, Mon–Fri 09:00–18:00, 50 + 10 minutes. */
let melnyk: SignedIn;
/** Psychiatrist, uk only. */
let bondarenko: SignedIn;
/** Neurologist, en only. */
let adams: SignedIn;

const profiles: Record<string, UpdateDoctorBody> = {
  melnyk: {
    specialisations: ['psychotherapist'],
    bio: { uk: 'Когнітивно-поведінкова терапія, тривога і вигорання.', en: 'Cognitive behavioural therapy, anxiety and burnout.' },
    languages: ['uk', 'en'],
    experience_years: 12,
    price: 80_000,
    weekly_hours: weekdays('09:00', '18:00'),
    published: true,
  },
  bondarenko: {
    specialisations: ['psychiatrist'],
    bio: { uk: 'Депресія та безсоння.', en: 'Depression and insomnia.' },
    languages: ['uk'],
    price: 120_000,
    weekly_hours: weekdays('10:00', '16:00'),
    published: true,
  },
  adams: {
    specialisations: ['neurologist', 'family-doctor'],
    bio: { uk: 'Головний біль.', en: 'Headaches and SLEEP problems.' },
    languages: ['en'],
    price: 90_000,
    extra_hours: [{ date: '2030-01-05', start: '10:00', end: '12:00' }],
    published: true,
  },
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  operator = await loginAs(t.app, 'operator');
  melnyk = await loginAs(t.app, 'doctor', { userName: 'Др. Андрій Мельник' });
  bondarenko = await loginAs(t.app, 'doctor', { userName: 'Др. Оксана Бондаренко' });
  adams = await loginAs(t.app, 'doctor', { userName: 'Dr. John Adams' });
  for (const [doctor, body] of [
    [melnyk, profiles.melnyk],
    [bondarenko, profiles.bondarenko],
    [adams, profiles.adams],
  ] as const) {
    expect((await call(t.app, 'PUT', one(doctor.userId), { token: admin.token, body })).status).toBe(200);
  }
});
afterAll(async () => {
  await t?.close();
});

const idsOf = (body: { id: string }[]) => body.map((doctor) => doctor.id);
const patientIdOf = async (patient: SignedIn) => (await t.services.accounts.getAccount(patient.userId)).patientId!;

describe('GET /v1/doctors', () => {
  test('listed doctors (active, complete, published), by name, in the contract shape', async () => {
    // A doctor account without a profile row (made before profiles existed) is not listed.
    await t.database.db.insert(users).values({ email: `bare-${randomUUID()}@example.com`, userName: 'A bare doctor', role: 'doctor' });
    const response = await call(t.app, 'GET', DOCTORS);
    expect(response.status).toBe(200);
    const list = doctorListSchema.parse(response.body);
    expect(idsOf(list)).toEqual([adams.userId, melnyk.userId, bondarenko.userId]);
    expect(list[1]).toEqual({
      id: melnyk.userId,
      user_name: 'Др. Андрій Мельник',
      doctor_name_en: '',
      photo_url: null,
      specialisations: ['psychotherapist'],
      bio: profiles.melnyk!.bio,
      languages: ['uk', 'en'],
      experience_years: 12,
      price: 80_000,
      consultation_minutes: 50,
      buffer_minutes: 10,
      min_notice_minutes: 120,
      horizon_days: 60,
      time_zone: 'Europe/Kyiv',
      weekly_hours: profiles.melnyk!.weekly_hours,
      days_off: [],
      extra_hours: [],
      rating: null,
      rating_count: 0,
      published: true,
      missing: [],
    });
  });

  test('filters by specialisation and language', async () => {
    expect(idsOf((await call(t.app, 'GET', `${DOCTORS}?specialisation=psychiatrist`)).body)).toEqual([bondarenko.userId]);
    expect(idsOf((await call(t.app, 'GET', `${DOCTORS}?specialisation=family-doctor`)).body)).toEqual([adams.userId]);
    expect(idsOf((await call(t.app, 'GET', `${DOCTORS}?specialisation=child-psychologist`)).body)).toEqual([]);
    expect(idsOf((await call(t.app, 'GET', `${DOCTORS}?language=en`)).body)).toEqual([adams.userId, melnyk.userId]);
    expect(idsOf((await call(t.app, 'GET', `${DOCTORS}?language=uk&specialisation=psychotherapist`)).body)).toEqual([melnyk.userId]);
  });

  test('refuses an unknown specialisation or parameter', async () => {
    expect((await call(t.app, 'GET', `${DOCTORS}?specialisation=surgeon`)).status).toBe(400);
    expect((await call(t.app, 'GET', `${DOCTORS}?language=ukr`)).status).toBe(400);
    expect((await call(t.app, 'GET', `${DOCTORS}?limit=5`)).status).toBe(400);
  });

  test('a deactivated doctor is neither listed nor found', async () => {
    const leaving = await loginAs(t.app, 'doctor', { userName: 'Др. Звільнений' });
    await call(t.app, 'PUT', one(leaving.userId), {
      token: admin.token,
      body: { ...profiles.bondarenko, specialisations: ['psychologist'] },
    });
    expect(idsOf((await call(t.app, 'GET', DOCTORS)).body)).toContain(leaving.userId);
    await t.services.accounts.setActive(leaving.userId, false);
    expect(idsOf((await call(t.app, 'GET', DOCTORS)).body)).not.toContain(leaving.userId);
    expect((await call(t.app, 'GET', one(leaving.userId))).status).toBe(404);
    expect((await call(t.app, 'GET', slotsOf(leaving.userId))).status).toBe(404);
  });
});

describe('publishing', () => {
  test('a doctor an admin creates is not public until complete and published: not listed, found, searched, priced or bookable', async () => {
    const created = await call(t.app, 'POST', '/v1/admin/users', {
      token: admin.token,
      body: {
        email: `new-doctor-${randomUUID()}@example.com`,
        password: 'Doctor-New-Passw0rd',
        user_name: 'Др. Нова Лікарка',
        user_role: 'doctor',
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const doctor: SignedIn = { ...created.body, userId: id, token: await sessionFor(t, id) } as SignedIn;
    const isPublic = async () => {
      const listed = idsOf((await call(t.app, 'GET', DOCTORS)).body).includes(id);
      const searched = idsOf((await call(t.app, 'GET', `${DOCTORS}/search?query=${encodeURIComponent('Нова')}`)).body).includes(id);
      const found = (await call(t.app, 'GET', one(id))).status;
      const slots = (await call(t.app, 'GET', slotsOf(id))).status;
      return { listed, searched, found, slots };
    };
    const hidden = { listed: false, searched: false, found: 404, slots: 404 };
    expect(await isPublic()).toEqual(hidden);
    // An admin's doctor picker lists it; anyone else may not ask for that.
    expect(idsOf((await call(t.app, 'GET', `${DOCTORS}?unlisted=true`, { token: admin.token })).body)).toContain(id);
    expect((await call(t.app, 'GET', `${DOCTORS}?unlisted=true`, { token: doctor.token })).status).toBe(403);
    expect((await call(t.app, 'GET', `${DOCTORS}?unlisted=true`)).status).toBe(403);
    // No longer "free, 50 min": the price is not set, and the doctor and admins see what is missing.
    const own = await call(t.app, 'GET', one(id), { token: doctor.token });
    expect(own.body).toMatchObject({ price: null, published: false, missing: ['specialisations', 'hours', 'price'] });
    expect((await call(t.app, 'GET', one(id), { token: admin.token })).status).toBe(200);

    const refused = await call(t.app, 'PUT', one(id), {
      token: doctor.token,
      body: { specialisations: ['psychologist'], published: true },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'DOCTOR_PROFILE_INCOMPLETE', message: expect.stringContaining('hours, price') });
    expect((await call(t.app, 'GET', one(id), { token: doctor.token })).body).toMatchObject({ specialisations: [], published: false });

    // Complete but not published: still hidden.
    const complete = { specialisations: ['psychologist' as const], price: 0, weekly_hours: weekdays('09:00', '18:00') };
    expect((await call(t.app, 'PUT', one(id), { token: doctor.token, body: complete })).body).toMatchObject({
      missing: [],
      published: false,
    });
    expect(await isPublic()).toEqual(hidden);

    // The doctor publishes (an admin may too); unpublishing or emptying the hours hides it again.
    expect((await call(t.app, 'PUT', one(id), { token: doctor.token, body: { published: true } })).body).toMatchObject({ published: true });
    expect(await isPublic()).toEqual({ listed: true, searched: true, found: 200, slots: 200 });
    await call(t.app, 'PUT', one(id), { token: admin.token, body: { weekly_hours: [] } });
    expect(await isPublic()).toEqual(hidden);
    await call(t.app, 'PUT', one(id), { token: admin.token, body: { weekly_hours: weekdays('09:00', '18:00') } });
    expect((await isPublic()).listed).toBe(true);
    await call(t.app, 'PUT', one(id), { token: admin.token, body: { published: false } });
    expect(await isPublic()).toEqual(hidden);
  });
});

describe('GET /v1/doctors/search', () => {
  const search = async (query: string) => {
    const response = await call(t.app, 'GET', `${DOCTORS}/search?query=${encodeURIComponent(query)}`);
    expect(response.status).toBe(200);
    return idsOf(doctorListSchema.parse(response.body));
  };

  test('by name, case-insensitively, in either alphabet', async () => {
    expect(await search('мельник')).toEqual([melnyk.userId]);
    expect(await search('ОКСАНА')).toEqual([bondarenko.userId]);
    expect(await search('adams')).toEqual([adams.userId]);
  });

  test('by specialisation label in Ukrainian or English', async () => {
    expect(await search('психіатр')).toEqual([bondarenko.userId]);
    expect(await search('Psychiatrist')).toEqual([bondarenko.userId]);
    expect(await search('невролог')).toEqual([adams.userId]);
    expect(await search('family doctor')).toEqual([adams.userId]);
    // "Психотерапевт" and "Psychotherapist"; "psych" also matches psychiatrist.
    expect(await search('терапевт')).toEqual([melnyk.userId]);
    expect(await search('psych')).toEqual([melnyk.userId, bondarenko.userId]);
  });

  test('by bio in Ukrainian or English', async () => {
    expect(await search('ВИГОРАННЯ')).toEqual([melnyk.userId]);
    expect(await search('insomnia')).toEqual([bondarenko.userId]);
    expect(await search('sleep')).toEqual([adams.userId]);
    expect(await search('безсоння')).toEqual([bondarenko.userId]);
  });

  test('wildcards are plain characters; nothing found is an empty list; a query is required', async () => {
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect(await search('no such doctor')).toEqual([]);
    expect((await call(t.app, 'GET', `${DOCTORS}/search`)).status).toBe(400);
    expect((await call(t.app, 'GET', `${DOCTORS}/search?query=%20%20`)).status).toBe(400);
    expect((await call(t.app, 'GET', `${DOCTORS}/search?query=${'x'.repeat(101)}`)).status).toBe(400);
  });
});

describe('GET /v1/doctors/:id', () => {
  test('a doctor; 404 for an unknown id or an account that is not a doctor; 400 for a malformed id', async () => {
    const response = await call(t.app, 'GET', one(bondarenko.userId));
    expect(response.status).toBe(200);
    expect(doctorSchema.parse(response.body)).toMatchObject({ id: bondarenko.userId, specialisations: ['psychiatrist'], price: 120_000 });
    expect((await call(t.app, 'GET', one(randomUUID()))).status).toBe(404);
    expect((await call(t.app, 'GET', one(admin.userId))).status).toBe(404);
    expect((await call(t.app, 'GET', one(operator.userId))).body.code).toBe('NOT_FOUND');
    expect((await call(t.app, 'GET', one('not-a-uuid'))).status).toBe(400);
  });

  test('the rating is the average of published doctor feedback, one decimal, with their count', async () => {
    const patient = await registerPatient(t.app, t.mail);
    const row = (rating: number, isPublished: boolean, doctorId = adams.userId) => ({
      type: 'doctor' as const,
      userId: patient.userId,
      doctorId,
      rating,
      userName: 'Пацієнт',
      clinicName: 'Розмова',
      isPublished,
    });
    await t.database.db.insert(feedback).values([row(5, true), row(4, true), row(4, true), row(1, false), row(1, true, melnyk.userId)]);
    await t.database.db.insert(feedback).values({ ...row(1, true), type: 'quiz', doctorId: null });
    const doctor = (await call(t.app, 'GET', one(adams.userId))).body;
    expect(doctor).toMatchObject({ rating: 4.3, rating_count: 3 });
    const listed = (await call(t.app, 'GET', DOCTORS)).body as { id: string; rating: number | null; rating_count: number }[];
    expect(listed.find((d) => d.id === melnyk.userId)).toMatchObject({ rating: 1, rating_count: 1 });
    expect(listed.find((d) => d.id === bondarenko.userId)).toMatchObject({ rating: null, rating_count: 0 });
  });
});

describe('PUT /v1/doctors/:id', () => {
  test('a doctor changes its own profile; the lists come back sorted and without repeats', async () => {
    const doctor = await loginAs(t.app, 'doctor', { userName: 'Др. Сам Собі' });
    const body: UpdateDoctorBody = {
      photo_url: 'https://example.com/photo.jpg',
      specialisations: ['psychologist', 'psychologist', 'child-psychologist'],
      consultation_minutes: 45,
      buffer_minutes: 15,
      min_notice_minutes: 60,
      horizon_days: 30,
      time_zone: 'Europe/Warsaw',
      weekly_hours: [
        { weekday: 3, start: '09:00', end: '12:00' },
        { weekday: 1, start: '14:00', end: '18:00' },
        { weekday: 1, start: '08:00', end: '12:00' },
      ],
      days_off: ['2026-06-10', '2026-06-03', '2026-06-10'],
      extra_hours: [{ date: '2026-06-06', start: '10:00', end: '12:00' }],
    };
    const response = await call(t.app, 'PUT', one(doctor.userId), { token: doctor.token, body });
    expect(response.status).toBe(200);
    expect(doctorSchema.parse(response.body)).toMatchObject({
      photo_url: 'https://example.com/photo.jpg',
      specialisations: ['psychologist', 'child-psychologist'],
      consultation_minutes: 45,
      time_zone: 'Europe/Warsaw',
      weekly_hours: [
        { weekday: 1, start: '08:00', end: '12:00' },
        { weekday: 1, start: '14:00', end: '18:00' },
        { weekday: 3, start: '09:00', end: '12:00' },
      ],
      days_off: ['2026-06-03', '2026-06-10'],
      // Untouched fields keep their values.
      bio: { uk: '', en: '' },
      languages: ['uk'],
    });
    expect((await call(t.app, 'GET', one(doctor.userId), { token: doctor.token })).body).toEqual(response.body);
    // Only what is sent changes; null clears the photo.
    const again = await call(t.app, 'PUT', one(doctor.userId), { token: doctor.token, body: { price: 50_000, photo_url: null } });
    expect(again.body).toMatchObject({ price: 50_000, photo_url: null, consultation_minutes: 45 });
  });

  test("another doctor may not; an admin may change any doctor's; other roles are refused", async () => {
    const body = { price: 70_000 };
    const other = await call(t.app, 'PUT', one(melnyk.userId), { token: bondarenko.token, body });
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('FORBIDDEN');
    const patient = await registerPatient(t.app, t.mail);
    expect((await call(t.app, 'PUT', one(melnyk.userId), { token: patient.token, body })).status).toBe(403);
    expect((await call(t.app, 'PUT', one(melnyk.userId), { token: operator.token, body })).status).toBe(403);
    expect((await call(t.app, 'PUT', one(melnyk.userId), { body })).status).toBe(401);
    expect((await call(t.app, 'GET', one(melnyk.userId))).body.price).toBe(80_000);

    const byAdmin = await call(t.app, 'PUT', one(melnyk.userId), { token: admin.token, body: { price: 80_000, experience_years: 13 } });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ price: 80_000, experience_years: 13 });
    // Not a doctor: 404 even for an admin.
    expect((await call(t.app, 'PUT', one(operator.userId), { token: admin.token, body })).status).toBe(404);
    expect((await call(t.app, 'PUT', one(randomUUID()), { token: admin.token, body })).status).toBe(404);
  });

  test.each([
    ['an end before the start', { weekly_hours: [{ weekday: 1, start: '18:00', end: '09:00' }] }, 'body.weekly_hours.0.end'],
    ['weekday 8', { weekly_hours: [{ weekday: 8, start: '09:00', end: '18:00' }] }, 'body.weekly_hours.0.weekday'],
    ['a time of 9:00', { weekly_hours: [{ weekday: 1, start: '9:00', end: '18:00' }] }, 'body.weekly_hours.0.start'],
    ['an unknown time zone', { time_zone: 'Mars/Olympus' }, 'body.time_zone'],
    ['a negative price', { price: -1 }, 'body.price'],
    ['a 10-minute consultation', { consultation_minutes: 10 }, 'body.consultation_minutes'],
    ['an unknown specialisation', { specialisations: ['surgeon'] }, 'body.specialisations.0'],
    ['no specialisation', { specialisations: [] }, 'body.specialisations'],
    ['a malformed day off', { days_off: ['2026-02-30'] }, 'body.days_off.0'],
    ['extra hours without a date', { extra_hours: [{ start: '09:00', end: '10:00' }] }, 'body.extra_hours.0.date'],
    ['a photo that is not http(s)', { photo_url: 'javascript:alert(1)' }, 'body.photo_url'],
    ['an unknown field', { rating: 5 }, 'body'],
    ['nothing to change', {}, 'body'],
  ])('refuses %s with 400 naming the field', async (_name, body, path) => {
    const response = await call(t.app, 'PUT', one(melnyk.userId), { token: melnyk.token, body });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
  });
});

describe('GET /v1/doctors/:id/available-slots', () => {
  // Monday 2026-06-01, 08:00 in Kyiv (+03:00).
  const NOW = new Date('2026-06-01T05:00:00Z');
  beforeEach(() => {
    t.clock.set(NOW);
  });

  const slots = async (doctor: SignedIn, query: string, token?: string) => {
    const response = await call(t.app, 'GET', slotsOf(doctor.userId, query), { token });
    expect(response.status, response.text).toBe(200);
    return response.body as string[];
  };
  const hoursOf = (list: string[]) => list.map((slot) => slot.slice(11, 16));
  const tuesday = 'startDate=2026-06-02&duration=1';

  /** Writes an appointment row directly, as the appointments module would. */
  async function book(
    doctor: SignedIn,
    patientId: string,
    start: string,
    status: 'scheduled' | 'running' | 'completed' | 'canceled' = 'scheduled',
  ) {
    const startsAt = new Date(start);
    await t.database.db.insert(appointments).values({
      doctorId: doctor.userId,
      patientId,
      status,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 50 * 60_000),
      blockedUntil: new Date(startsAt.getTime() + 60 * 60_000),
      paymentType: 'None',
      paymentStatus: 'not_required',
    });
  }

  test('the working hours of a day as date strings with the offset', async () => {
    const list = await slots(melnyk, tuesday);
    expect(list).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17].map((h) => `2026-06-02T${String(h).padStart(2, '0')}:00:00+03:00`));
  });

  test('defaults: from now (after the minimum notice) for 7 days', async () => {
    const list = await slots(bondarenko, '');
    // 08:00 now + 2 hours: the first is 10:00 today; Mon–Fri 10:00–16:00 → 6 a day; the week ends on Sunday.
    expect(list[0]).toBe('2026-06-01T10:00:00+03:00');
    expect(list.at(-1)).toBe('2026-06-05T15:00:00+03:00');
    expect(list).toHaveLength(5 * 6);
    // A start instant counts from that instant.
    expect((await slots(bondarenko, `startDate=${encodeURIComponent('2026-06-02T13:30:00+03:00')}&duration=1`))[0]).toBe(
      '2026-06-02T14:00:00+03:00',
    );
  });

  test('startHour and endHour', async () => {
    expect(hoursOf(await slots(melnyk, `${tuesday}&startHour=12&endHour=15`))).toEqual(['12:00', '13:00', '14:00']);
    expect(await slots(melnyk, `${tuesday}&startHour=18&endHour=24`)).toEqual([]);
  });

  test('scheduled and running appointments take their time and buffer; cancelled and completed ones do not', async () => {
    const patients = await Promise.all([0, 1, 2, 3].map(() => registerPatient(t.app, t.mail)));
    const [a, b, c, d] = await Promise.all(patients.map(patientIdOf));
    await book(melnyk, a!, '2026-06-02T10:00:00+03:00');
    await book(melnyk, b!, '2026-06-02T13:00:00+03:00', 'running');
    await book(melnyk, c!, '2026-06-02T15:00:00+03:00', 'canceled');
    await book(melnyk, d!, '2026-06-02T16:00:00+03:00', 'completed');
    expect(hoursOf(await slots(melnyk, tuesday))).toEqual(['09:00', '11:00', '12:00', '14:00', '15:00', '16:00', '17:00']);
    // Another doctor's day is not affected.
    expect(hoursOf(await slots(bondarenko, tuesday))).toEqual(['10:00', '11:00', '12:00', '13:00', '14:00', '15:00']);
  });

  test("with patientId, the patient's own appointment with another doctor removes the times it overlaps", async () => {
    const patient = await registerPatient(t.app, t.mail);
    const patientId = await patientIdOf(patient);
    await book(bondarenko, patientId, '2026-06-03T11:00:00+03:00');
    const wednesday = 'startDate=2026-06-03&duration=1';
    expect(hoursOf(await slots(melnyk, wednesday, patient.token))).toContain('11:00');
    expect(hoursOf(await slots(melnyk, `${wednesday}&patientId=${patientId}`, patient.token))).toEqual([
      '09:00',
      '10:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
    ]);
    // Operators and admins may ask for any patient.
    expect(hoursOf(await slots(melnyk, `${wednesday}&patientId=${patientId}`, operator.token))).not.toContain('11:00');
    expect(hoursOf(await slots(melnyk, `${wednesday}&patientId=${patientId}`, admin.token))).not.toContain('11:00');
  });

  test('patientId of someone else is refused with 403', async () => {
    const patient = await registerPatient(t.app, t.mail);
    const other = await registerPatient(t.app, t.mail);
    const query = `${tuesday}&patientId=${await patientIdOf(other)}`;
    for (const token of [patient.token, melnyk.token, undefined]) {
      const response = await call(t.app, 'GET', slotsOf(melnyk.userId, query), { token });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('FORBIDDEN');
    }
  });

  test('a missing or malformed doctor id answers 400 "doctorId is required"; an unknown one 404', async () => {
    for (const id of ['not-a-uuid', '123', ' ', '']) {
      const response = await call(t.app, 'GET', `${DOCTORS}/${encodeURIComponent(id)}/available-slots`);
      expect(response.status, id).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'doctorId is required' });
    }
    // A bad query with a good id is an ordinary validation error.
    const badQuery = await call(t.app, 'GET', slotsOf(melnyk.userId, 'startHour=15&endHour=10'));
    expect(badQuery.status).toBe(400);
    expect(badQuery.body).toMatchObject({ message: 'Validation failed', errors: [{ path: 'querystring.endHour' }] });
    expect((await call(t.app, 'GET', slotsOf(randomUUID()))).status).toBe(404);
    expect((await call(t.app, 'GET', slotsOf(operator.userId))).status).toBe(404);
  });

  test.each(['duration=0', 'duration=63', 'startHour=-1', 'endHour=25', 'startDate=tomorrow', 'patientId=123', 'limit=10'])(
    'refuses ?%s',
    async (query) => {
      const response = await call(t.app, 'GET', slotsOf(melnyk.userId, query));
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Validation failed');
    },
  );

  test('across the autumn clock change the offsets follow the date', async () => {
    t.clock.set(new Date('2026-10-01T00:00:00Z'));
    const list = await slots(melnyk, 'startDate=2026-10-23&duration=4&startHour=9&endHour=11');
    expect(list).toEqual([
      '2026-10-23T09:00:00+03:00',
      '2026-10-23T10:00:00+03:00',
      '2026-10-26T09:00:00+02:00',
      '2026-10-26T10:00:00+02:00',
    ]);
  });

  test('nothing past the horizon', async () => {
    // 60 days from Monday 08:00 is Friday 31 July 08:00: Thursday the 30th is the last day.
    const list = await slots(melnyk, 'startDate=2026-07-29&duration=5');
    expect(list.at(-1)).toBe('2026-07-30T17:00:00+03:00');
  });
});

describe('demo doctors', () => {
  test('a fresh demo database has four doctors with profiles and hours, and a patient with a free consultation', async () => {
    const demo = await createTestApp();
    try {
      await demo.services.demo.seed();
      const accounts = demo.services.demo.accounts();
      expect(accounts.filter((account) => account.role === 'doctor')).toHaveLength(4);
      expect(new Set(accounts.map((account) => account.role))).toEqual(new Set(['patient', 'doctor', 'operator', 'admin']));

      const list = doctorListSchema.parse((await call(demo.app, 'GET', DOCTORS)).body);
      expect(list).toHaveLength(4);
      for (const doctor of list) {
        expect(doctor.specialisations.length).toBeGreaterThan(0);
        expect(doctor.bio.uk).not.toBe('');
        expect(doctor.bio.en).not.toBe('');
        // English readers see a name in Latin letters.
        expect(doctor.doctor_name_en).toMatch(/^[A-Za-z .'-]+$/);
        expect(doctor.price).toBeGreaterThan(0);
        expect(doctor.weekly_hours.length).toBeGreaterThan(0);
      }
      const melnykDemo = list.find((doctor) => doctor.user_name === 'Др. Андрій Мельник')!;
      expect(melnykDemo).toMatchObject({ price: 80_000, weekly_hours: weekdays('09:00', '18:00') });
      expect(new Set(list.map((doctor) => doctor.price)).size).toBe(4);

      const patient = await demo.services.accounts.findByEmail('patient@demo.rozmova.local');
      const { cardId } = await demo.services.accounts.getAccount(patient!.id);
      const adminAccount = await demo.services.accounts.findByEmail('admin@demo.rozmova.local');
      const adminToken = await sessionFor(demo, adminAccount!.id);
      const card = await call(demo.app, 'GET', `/v1/patients-cards/${cardId}`, { token: adminToken });
      expect(card.body.patient_available_free_consultations).toBe(1);
    } finally {
      await demo.close();
    }
  });
});
