import type { Patient, PatientCard } from '@rozmova/contracts';
import type { CardRow, PatientRecordRow } from './patients.repository.ts';

export function toPatient({ patient, user, cardId }: PatientRecordRow): Patient {
  return {
    id: patient.id,
    user_id: user.id,
    user_name: user.userName,
    email: user.email,
    phone: user.phone,
    chat_patient_status: patient.chatPatientStatus,
    interacting_with_operator: patient.interactingWithOperator,
    patient_cardId: cardId,
    created_at: patient.createdAt.toISOString(),
  };
}

export function toPatientCard(card: CardRow): PatientCard {
  return {
    patient_cardId: card.id,
    patient_quizz_results: card.quizzResults,
    patient_quizz_recommendations: card.quizzRecommendations,
    patient_quizz_is_completed: card.quizzIsCompleted,
    patient_notes: card.notes,
    patient_available_free_consultations: card.availableFreeConsultations,
  };
}
