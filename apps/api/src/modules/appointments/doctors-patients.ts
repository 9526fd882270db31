import type { Db } from '../../db/client.ts';
import { isDoctorOfPatient, patientIdsOfDoctor } from './appointments.repository.ts';

/**
 * The read model other modules get (through services.ts) of which patients are a doctor's own: those with a scheduled,
 * running or completed consultation with it. It reads the appointments table, so it is the appointments module's.
 */
export function createDoctorsPatients(db: Db) {
  return {
    isDoctorOfPatient: (doctorId: string, patientId: string) => isDoctorOfPatient(db, doctorId, patientId),
    patientIdsOfDoctor: (doctorId: string) => patientIdsOfDoctor(db, doctorId),
  };
}
