import type { CreateMessageBody, MessageRecipientType, MessageSenderType } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { AccountRow } from '../../db/rows.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import {
  findAppointmentRef,
  findPatientRef,
  findPendingAppointmentRef,
  type AppointmentRef,
  type Conversation,
} from './messages.repository.ts';

/** Whether the patient is the doctor's own (a scheduled, running or completed consultation; appointments answers). */
export type DoctorOfPatient = (doctorId: string, patientId: string) => Promise<boolean>;

/** The caller: the signed-in account (user row, its patient id when it is a patient). */
export type Actor = AccountRow;

/** Where a new message goes, and to whom its event goes besides the writer. */
export interface Writing {
  conversation: Conversation;
  patientUserId: string;
  senderType: MessageSenderType;
  recipientType: MessageRecipientType;
  operatorId: string | null;
}

/** What names a conversation in a read or a mark-as-read; `where` is the request part the fields came in. */
export interface ConversationQuery {
  patientId?: string;
  appointmentId?: string;
  recipientType?: MessageRecipientType;
  where: 'body' | 'querystring';
}

export const invalid = (path: string, message: string, code: 'INVALID_VALUE' | 'INVALID_TYPE' = 'INVALID_VALUE') =>
  new AppError('VALIDATION_FAILED', 'Validation failed', [{ path, code, message }]);
const closed = () => new AppError('APPOINTMENT_CLOSED', 'The consultation is over; its conversation can be read, not written to');

export function consultationOf(appointment: AppointmentRef): Conversation {
  return { kind: 'consultation', patientId: appointment.patientId, doctorId: appointment.doctorId, appointmentId: appointment.id };
}

/** Writing is allowed while the consultation is scheduled or running. */
function openConsultation(appointment: AppointmentRef): Conversation {
  if (appointment.status !== 'scheduled' && appointment.status !== 'running') throw closed();
  return consultationOf(appointment);
}

interface AccessDeps {
  db: Db;
  isDoctorOfPatient: DoctorOfPatient;
}

function ownPatientId(actor: Actor): string {
  if (!actor.patientId) throw forbidden('Only patients have conversations of their own');
  return actor.patientId;
}

async function patientWrites({ db }: AccessDeps, actor: Actor, body: CreateMessageBody): Promise<Writing> {
  const patientId = ownPatientId(actor);
  if (body.message_patientId && body.message_patientId !== patientId) throw forbidden('Patients write only in their own conversations');
  if (body.message_recipientType === 'patient') {
    throw invalid('body.message_recipientType', 'A patient writes to its doctor or to the operators');
  }
  const writing = {
    patientUserId: actor.user.id,
    senderType: 'patient',
    recipientType: body.message_recipientType,
    operatorId: null,
  } as const;
  if (body.message_recipientType === 'operator') {
    if (body.message_appointmentId) throw invalid('body.message_appointmentId', 'The support conversation belongs to no consultation');
    return { ...writing, conversation: { kind: 'support', patientId } };
  }
  if (body.message_appointmentId) {
    const appointment = await findAppointmentRef(db, body.message_appointmentId);
    if (!appointment || appointment.patientId !== patientId) throw notFound('Appointment');
    return { ...writing, conversation: openConsultation(appointment) };
  }
  const current = await findPendingAppointmentRef(db, patientId);
  if (!current) {
    throw new AppError('NO_CURRENT_APPOINTMENT', 'You have no scheduled or running consultation: write to the operators instead');
  }
  return { ...writing, conversation: openConsultation(current) };
}

async function doctorWrites(deps: AccessDeps, actor: Actor, patientId: string, appointmentId: string | undefined): Promise<Writing> {
  const { db } = deps;
  const doctorId = actor.user.id;
  let appointment: AppointmentRef | undefined;
  if (appointmentId) {
    appointment = await findAppointmentRef(db, appointmentId);
    if (!appointment || appointment.doctorId !== doctorId || appointment.patientId !== patientId) throw notFound('Appointment');
  } else {
    appointment = await findPendingAppointmentRef(db, patientId, doctorId);
    if (!appointment) throw (await deps.isDoctorOfPatient(doctorId, patientId)) ? closed() : notFound('Patient');
  }
  const conversation = openConsultation(appointment);
  const patient = await findPatientRef(db, patientId);
  if (!patient) throw notFound('Patient');
  return { conversation, patientUserId: patient.userId, senderType: 'doctor', recipientType: 'patient', operatorId: null };
}

/** Who writes and reads which conversation; another person's ids are 404. */
export function createConversationAccess(deps: AccessDeps) {
  const { db } = deps;

  return {
    async writing(actor: Actor, body: CreateMessageBody): Promise<Writing> {
      const role = actor.user.role;
      if (role === 'patient') return patientWrites(deps, actor, body);
      if (body.message_recipientType !== 'patient') throw invalid('body.message_recipientType', 'Staff write to a patient');
      const patientId = body.message_patientId;
      if (!patientId) throw invalid('body.message_patientId', 'Name the patient you write to', 'INVALID_TYPE');
      if (role === 'doctor') return doctorWrites(deps, actor, patientId, body.message_appointmentId);
      if (role !== 'operator' && role !== 'admin') throw forbidden();
      if (body.message_appointmentId) throw invalid('body.message_appointmentId', 'The support conversation belongs to no consultation');
      const patient = await findPatientRef(db, patientId);
      if (!patient || patient.removed) throw notFound('Patient');
      return {
        conversation: { kind: 'support', patientId },
        patientUserId: patient.userId,
        senderType: 'operator',
        recipientType: 'patient',
        operatorId: actor.user.id,
      };
    },

    /**
     * The conversation a caller names, when it may see it; another person's ids are 404. Without a consultation: a
     * patient's own support conversation (or, with `recipientType=doctor`, its current consultation, undefined without
     * one), a doctor's conversation with its own patient, the support conversation of any patient for operators and admins.
     */
    async visibleConversation(actor: Actor, q: ConversationQuery): Promise<Conversation | undefined> {
      const role = actor.user.role;
      if (q.appointmentId) {
        if (q.recipientType === 'operator') throw invalid(`${q.where}.recipientType`, 'A consultation is a conversation with its doctor');
        const a = await findAppointmentRef(db, q.appointmentId);
        const sees =
          a !== undefined &&
          (role === 'admin' || (role === 'patient' ? a.patientId === actor.patientId : role === 'doctor' && a.doctorId === actor.user.id));
        if (!sees || (q.patientId && q.patientId !== a.patientId)) throw notFound('Appointment');
        return consultationOf(a);
      }
      if (role === 'patient') {
        const own = ownPatientId(actor);
        if (q.patientId && q.patientId !== own) throw notFound('Patient');
        if (q.recipientType === 'patient') throw invalid(`${q.where}.recipientType`, 'A patient reads its doctor or operator conversation');
        if (q.recipientType !== 'doctor') return { kind: 'support', patientId: own };
        const current = await findPendingAppointmentRef(db, own);
        return current && consultationOf(current);
      }
      const patientId = q.patientId;
      if (!patientId) throw invalid(`${q.where}.patientId`, 'Name the patient of the conversation', 'INVALID_TYPE');
      if (role === 'doctor') {
        if (q.recipientType === 'operator') throw forbidden('Doctors read the conversations of their own consultations');
        if (!(await deps.isDoctorOfPatient(actor.user.id, patientId))) throw notFound('Patient');
        return { kind: 'doctor', patientId, doctorId: actor.user.id };
      }
      if (role !== 'operator' && role !== 'admin') throw forbidden();
      if (q.recipientType === 'doctor') {
        if (role === 'operator') throw forbidden('Operators read the support conversation');
        throw invalid(`${q.where}.appointmentId`, 'Name the consultation (appointmentId) to read a doctor conversation', 'INVALID_TYPE');
      }
      if (!(await findPatientRef(db, patientId))) throw notFound('Patient');
      return { kind: 'support', patientId };
    },
  };
}
