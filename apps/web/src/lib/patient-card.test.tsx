import { patientsApi, quizApi, type Appointment, type PatientCard } from '@rozmova/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createApiDouble } from '../test/api-double.ts';
import { aUser } from '../test/people.ts';
import { currentAppointmentOf, patientIdOf } from './appointments.ts';
import { cardIdOf, latestRecommendation, updatePatientCard, usePatientCard, useQuizQuestions } from './patient-card.ts';

const card = (recommendations: PatientCard['patient_quizz_recommendations']): PatientCard => ({
  ...aUser('patient').role_specific_data.patient!.patientCard,
  patient_quizz_recommendations: recommendations,
});

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>;
}

describe("a patient's card", () => {
  it('is found from the signed-in patient, and nobody else has one', () => {
    expect(cardIdOf(aUser('patient'))).toBe('card-1');
    expect(patientIdOf(aUser('patient'))).toBe('patient-1');
    expect(cardIdOf(aUser('doctor'))).toBeUndefined();
    expect(patientIdOf(null)).toBeUndefined();
  });

  it('is read by its id, and not asked for without one', async () => {
    const api = createApiDouble();
    api.on(patientsApi.getCard, { body: card([]) });
    const none = renderHook(() => usePatientCard(undefined), { wrapper });
    expect(none.result.current.fetchStatus).toBe('idle');
    const { result } = renderHook(() => usePatientCard('card-1'), { wrapper });
    await waitFor(() => expect(result.current.data?.patient_cardId).toBe('card-1'));
    expect(api.callsTo(patientsApi.getCard).map((call) => call.params)).toEqual([{ id: 'card-1' }]);
  });

  it('is saved with the answers and the completed flag', async () => {
    const api = createApiDouble();
    api.on(patientsApi.updateCard, { body: card([]) });
    await updatePatientCard('card-1', {
      patient_quizz_results: [{ question_id: 'q1', answer_id: 'a1' }],
      patient_quizz_is_completed: true,
    });
    expect(api.callsTo(patientsApi.updateCard, { id: 'card-1' }).map((call) => [call.method, call.body])).toEqual([
      ['PUT', { patient_quizz_results: [{ question_id: 'q1', answer_id: 'a1' }], patient_quizz_is_completed: true }],
    ]);
  });

  it('gives its newest recommendation (the server appends them)', () => {
    expect(latestRecommendation(undefined)).toBeUndefined();
    expect(latestRecommendation(card([]))).toBeUndefined();
    const recommendation = (date: string, level: 'yellow' | 'green') => ({
      quiz_recommendation_date: date,
      quiz_recommendation_title: level,
      quiz_recommendation_text: '',
      quiz_recommendation_level: level,
      quiz_recommendation_score: 'A: 1, B: 1, C: 1',
    });
    const newer = recommendation('2026-11-01', 'green');
    expect(latestRecommendation(card([recommendation('2026-10-01', 'yellow'), newer]))).toBe(newer);
  });

  it('the self-check questions are public and read once for a while', async () => {
    const api = createApiDouble();
    api.on(quizApi.list, { body: [] });
    const { result } = renderHook(() => useQuizQuestions(), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual([]));
    expect(api.callsTo(quizApi.list)[0]!.headers.authorization).toBeUndefined();
  });
});

describe('the current appointment', () => {
  const appointment = (id: string, appointment_status: Appointment['appointment_status']) => ({ id, appointment_status }) as Appointment;

  it('is the first scheduled or running one', () => {
    const list = [appointment('a1', 'completed'), appointment('a2', 'running'), appointment('a3', 'scheduled')];
    expect(currentAppointmentOf(list)?.id).toBe('a2');
  });

  it('is none when every consultation is over, or none was loaded', () => {
    expect(currentAppointmentOf([appointment('a1', 'completed'), appointment('a2', 'canceled')])).toBeUndefined();
    expect(currentAppointmentOf(undefined)).toBeUndefined();
  });
});
