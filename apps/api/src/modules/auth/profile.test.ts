import { describe, expect, test } from 'vitest';
import { userSchema } from '@rozmova/contracts';
import { call, fileTestApp } from '../../test/harness.ts';
import { BASE, bookableDoctor, bookFor, quickAccount, quickPatient, slotAt } from '../../test/factories.ts';

const t = await fileTestApp(BASE);

const profileOf = async (token: string) => {
  const response = await call(t.app, 'GET', '/v1/auth/profile', { token });
  expect(response.status).toBe(200);
  return userSchema.parse(response.body);
};

describe('GET /v1/auth/profile (docs/product.md §3)', () => {
  test('a patient’s profile carries its card as the card API answers it, and no current appointment yet', async () => {
    const patient = await quickPatient(t);
    const profile = await profileOf(patient.token);
    const data = profile.role_specific_data.patient!;
    const card = await call(t.app, 'GET', `/v1/patients-cards/${data.patient_cardId}`, { token: patient.token });
    expect(card.status).toBe(200);
    expect(data.patientCard).toEqual(card.body);
    expect(data.patient_appointmentId).toBeNull();
  });

  test('patient_appointmentId is the current (scheduled or running) appointment, and null again once it is cancelled', async () => {
    const doctor = await bookableDoctor(t);
    const patient = await quickPatient(t);
    const booked = await bookFor(t, patient, doctor, slotAt(2, 10));
    expect(booked.status).toBe(201);
    const id = (booked.body as { id: string }).id;
    expect((await profileOf(patient.token)).role_specific_data.patient?.patient_appointmentId).toBe(id);

    const cancelled = await call(t.app, 'PUT', `/v1/appointments/${id}`, {
      token: patient.token,
      body: { appointment_status: 'canceled' },
    });
    expect(cancelled.status).toBe(200);
    expect((await profileOf(patient.token)).role_specific_data.patient?.patient_appointmentId).toBeNull();
  });

  test('the card in the profile follows the card’s changes (free consultations granted by an admin)', async () => {
    const patient = await quickPatient(t);
    const admin = await quickAccount(t, 'admin');
    const cardId = (await profileOf(patient.token)).role_specific_data.patient!.patient_cardId;
    const granted = await call(t.app, 'PUT', `/v1/patients-cards/${cardId}`, {
      token: admin.token,
      body: { patient_available_free_consultations: 2 },
    });
    expect(granted.status).toBe(200);
    expect((await profileOf(patient.token)).role_specific_data.patient?.patientCard.patient_available_free_consultations).toBe(2);
  });

  test('staff have no patient data', async () => {
    const doctor = await bookableDoctor(t);
    expect((await profileOf(doctor.token)).role_specific_data).toEqual({});
  });
});
