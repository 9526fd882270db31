import type { MeetingReportBody, MeetingRole } from '@rozmova/contracts';
import type { Consultation } from '../appointments/appointments.meetings.ts';

/** The e-mail to the service's mailbox about a problem reported from a call: who, which consultation, the details. */
export function reportMail(r: {
  reporter: string;
  role: MeetingRole;
  consultation: Consultation;
  requestId: string;
  body: MeetingReportBody;
}) {
  const c = r.consultation;
  const details = Object.entries(r.body.details)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => `  ${name}: ${String(value)}`);
  return {
    subject: `Rozmova: a problem reported during a consultation (${r.role})`,
    text: [
      `${r.reporter} (${r.role}) reported a problem during the consultation ${c.appointmentId}, which starts ${c.startsAt.toISOString()}.`,
      `Support request: ${r.requestId}`,
      '',
      r.body.message,
      '',
      'Technical details:',
      ...(details.length > 0 ? details : ['  none sent']),
    ].join('\n'),
  };
}
